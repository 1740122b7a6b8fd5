// Linux interfaces the Glibc module does not export to Swift.
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <poll.h>
#include <malloc.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/resource.h>

/// The calling thread's kernel id (glibc 2.36 has gettid(), but Swift does not import it).
static inline int hb_thread_id(void) { return (int)syscall(SYS_gettid); }
