#!/bin/sh
# reproducible-binary.sh BINARY: clears what swiftc writes into a binary that depends on the folder it was built
# in, so that two builds of one tree in different folders give the same bytes (debian/rules runs it on the
# installed binary; `make deb-reproducible` checks the result).
#
# swiftc stamps every object file with a 16-byte hash of its LLVM module (section .swift_modhash), which it
# reads back only to skip recompiling an unchanged object in an incremental build. The module holds the source
# file's absolute path, so the hash changes with the build folder even when the code does not; -file-prefix-map
# does not reach it, and no swiftc flag turns it off. In the linked program the section is dead weight (nothing
# reads it at run time), so its bytes are zeroed in place: no section or segment moves, GNU_RELRO included. The
# GNU build ID the linker computed over the old bytes is then computed again over the new ones (debugedit), so
# it stays an ID of the content.
set -eu
binary=$1
# readelf -S -W: "[Nr] Name Type Address Off Size ..."; the fields after the name are read by position.
set -- $(readelf -S -W "$binary" | awk '{ for (i = 1; i <= NF; i++) if ($i == ".swift_modhash") print $(i + 3), $(i + 4) }')
if [ $# -eq 2 ]; then
    dd if=/dev/zero of="$binary" bs=1 seek=$((0x$1)) count=$((0x$2)) conv=notrunc status=none
fi
# A seed makes debugedit compute the ID even though it changed no debug information itself (it has none left).
debugedit --build-id --build-id-seed=herobridge "$binary" > /dev/null
