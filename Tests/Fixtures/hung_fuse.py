#!/usr/bin/python3
"""A FUSE file system whose files never answer, the way a hung FUSE or hard NFS mount behaves (python3-fusepy).

usage: hung_fuse.py MOUNTPOINT [RELEASE_SECONDS]
  HungOpen.png  open() never answers
  HungRead.png  open() and stat answer (100 bytes), read() never does

With RELEASE_SECONDS, each waiting request fails with EIO after that long instead of waiting forever, so a reader
without a deadline still returns, late. Prints "ready" once mounted. Stop it with SIGKILL: the kernel then fails
every request still waiting (ENOTCONN), and the mount point is left for `umount` (or `fusermount -u`).
"""
import errno
import stat
import sys
import threading

from fusepy import FUSE, FuseOSError, Operations

mountpoint = sys.argv[1]
release = float(sys.argv[2]) if len(sys.argv) > 2 else None
never = threading.Event()
files = {"/HungOpen.png": "open", "/HungRead.png": "read"}


def hang():
    never.wait(release)
    raise FuseOSError(errno.EIO)


class Hung(Operations):
    def init(self, path):
        print("ready", flush=True)

    def getattr(self, path, fh=None):
        if path == "/":
            return dict(st_mode=stat.S_IFDIR | 0o755, st_nlink=2)
        if path in files:
            return dict(st_mode=stat.S_IFREG | 0o644, st_nlink=1, st_size=100)
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", ".."] + [name[1:] for name in files]

    def open(self, path, flags):
        if files.get(path) == "open":
            hang()
        return 0

    def read(self, path, size, offset, fh):
        hang()


FUSE(Hung(), mountpoint, foreground=True, nothreads=False)
