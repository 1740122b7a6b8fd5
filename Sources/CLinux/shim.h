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
