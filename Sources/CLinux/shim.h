// Linux interfaces the Glibc module does not export to Swift.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* SCHED_IDLE */
#endif
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

/* Moves the calling thread to SCHED_IDLE: it runs only when no other thread wants the CPU. 0 when done. */
static inline int hb_become_idle_thread(void) {
    struct sched_param parameters = {0};
    return sched_setscheduler(0, SCHED_IDLE, &parameters);
}
