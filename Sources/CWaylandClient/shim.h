// libwayland-client: the display, proxies, the marshalling of requests and the reading of events.
#include <wayland-client-core.h>
#include <wayland-client-protocol.h>

/* The address of a global interface table. Swift imports `extern const struct wl_interface` as a value (a copy),
 * and libwayland needs the table itself, so its address comes from C. */
static inline const struct wl_interface *hb_wl_seat_interface(void) { return &wl_seat_interface; }
