/*
 * wayland_floor_reader: the Wayland bench's floor contender, the least a data-control clipboard reader does (the
 * counterpart of bench/floor_reader.py on X11). It binds zwlr_data_control_manager_v1 (version 1: the clipboard
 * only), and for each new selection that offers TYPE (default text/plain;charset=utf-8) asks for it, reads the
 * pipe to its end and prints one line: "got TYPE BYTES WALL_MS" (WALL_MS: CLOCK_REALTIME in ms when the last
 * byte was read), or "missed REASON". It stores nothing and decodes nothing, so its time is the compositor's
 * round trips and the copy of the bytes. The read blocks: a silent source leaves that copy unread, and the bench
 * counts it as missed when its own deadline passes.
 *
 * Built by bench/wlharness.py (wayland-scanner client-header/private-code from protocols/, cc -lwayland-client).
 * usage: wayland_floor_reader [TYPE]     prints "ready" once it watches; runs until killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "wlr-data-control-unstable-v1-client.h"

static const char *want = "text/plain;charset=utf-8";
static struct wl_seat *seat;
static struct zwlr_data_control_manager_v1 *manager;
static struct wl_display *display;
static int ready;
/* Whether the offer being announced (the newest data_offer) lists `want`. */
static struct zwlr_data_control_offer_v1 *announced;
static int announced_has_want;

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                      uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, wl_seat_interface.name) == 0 && seat == NULL)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, zwlr_data_control_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_data_control_manager_v1_interface, 1);
}
static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = { on_global, on_global_remove };

static void on_offer(void *data, struct zwlr_data_control_offer_v1 *offer, const char *mime_type) {
    (void)data;
    if (offer == announced && strcmp(mime_type, want) == 0) announced_has_want = 1;
}
static const struct zwlr_data_control_offer_v1_listener offer_listener = { on_offer };

static void on_data_offer(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
    (void)data; (void)device;
    announced = offer;
    announced_has_want = 0;
    zwlr_data_control_offer_v1_add_listener(offer, &offer_listener, NULL);
}

static void on_selection(void *data, struct zwlr_data_control_device_v1 *device, struct zwlr_data_control_offer_v1 *offer) {
    (void)data; (void)device;
    if (offer == NULL) return;
    int has_want = offer == announced && announced_has_want;
    if (!ready) { zwlr_data_control_offer_v1_destroy(offer); return; }   /* the selection there before we started */
    if (!has_want) {
        printf("missed %s not offered\n", want);
        fflush(stdout);
        zwlr_data_control_offer_v1_destroy(offer);
        return;
    }
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) < 0) { perror("pipe2"); exit(2); }
    zwlr_data_control_offer_v1_receive(offer, want, fds[1]);
    wl_display_flush(display);
    close(fds[1]);
    char buffer[65536];
    long long total = 0;
    for (;;) {
        ssize_t n = read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        total += n;
    }
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    close(fds[0]);
    printf("got %s %lld %.3f\n", want, total, now.tv_sec * 1000.0 + now.tv_nsec / 1e6);
    fflush(stdout);
    zwlr_data_control_offer_v1_destroy(offer);
}

static void on_finished(void *data, struct zwlr_data_control_device_v1 *device) {
    (void)data; (void)device;
    fprintf(stderr, "wayland_floor_reader: the device was finished\n");
    exit(1);
}

static void on_primary_selection(void *data, struct zwlr_data_control_device_v1 *device,
                                 struct zwlr_data_control_offer_v1 *offer) {
    (void)data; (void)device;
    if (offer) zwlr_data_control_offer_v1_destroy(offer);
}

static const struct zwlr_data_control_device_v1_listener device_listener = {
    on_data_offer, on_selection, on_finished, on_primary_selection };

int main(int argc, char **argv) {
    if (argc > 1) want = argv[1];
    display = wl_display_connect(NULL);
    if (display == NULL) { fprintf(stderr, "wayland_floor_reader: cannot connect to the Wayland display\n"); return 2; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (seat == NULL || manager == NULL) { fprintf(stderr, "wayland_floor_reader: no seat or no data control\n"); return 2; }
    struct zwlr_data_control_device_v1 *device = zwlr_data_control_manager_v1_get_data_device(manager, seat);
    zwlr_data_control_device_v1_add_listener(device, &device_listener, NULL);
    wl_display_roundtrip(display);   /* the current selection, if any, arrives (and is skipped) here */
    ready = 1;
    printf("ready\n");
    fflush(stdout);
    while (wl_display_dispatch(display) >= 0) {}
    fprintf(stderr, "wayland_floor_reader: lost the compositor\n");
    return 1;
}
