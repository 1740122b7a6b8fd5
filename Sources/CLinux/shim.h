// Linux interfaces the Glibc module does not export to Swift.
#include <sched.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <poll.h>
#include <malloc.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* Moves the calling thread to SCHED_IDLE: it runs only when no other thread wants the CPU. 0 when done.
 * glibc names SCHED_IDLE only under _GNU_SOURCE, and defining that here changes struct layouts (fd_set) that
 * CX11's module also sees, which breaks a clean build; so the kernel's number (linux/sched.h) is used. */
static inline int hb_become_idle_thread(void) {
    struct sched_param parameters = {0};
#ifdef SCHED_IDLE
    return sched_setscheduler(0, SCHED_IDLE, &parameters);
#else
    return sched_setscheduler(0, 5, &parameters);
#endif
}

/* pipe2(2): unistd.h declares it only under _GNU_SOURCE (see above for why that is not defined here). The
 * declaration is glibc's own, so a header that does declare it agrees. */
extern int pipe2(int pipefd[2], int flags);
