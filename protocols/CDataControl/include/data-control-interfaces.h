#ifndef HEROBRIDGE_DATA_CONTROL_INTERFACES_H
#define HEROBRIDGE_DATA_CONTROL_INTERFACES_H

/* Written by hand, not generated: the addresses of the interface tables that wayland-scanner's code defines.
 * Swift imports an `extern const struct wl_interface` as a value (a copy), and libwayland needs the table itself
 * (wl_registry_bind, and the tests that compare the two families' tables). */
#include "ext-data-control-v1-client-protocol.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"

static inline const struct wl_interface *hb_ext_data_control_manager_interface(void) { return &ext_data_control_manager_v1_interface; }
static inline const struct wl_interface *hb_ext_data_control_device_interface(void) { return &ext_data_control_device_v1_interface; }
static inline const struct wl_interface *hb_ext_data_control_source_interface(void) { return &ext_data_control_source_v1_interface; }
static inline const struct wl_interface *hb_ext_data_control_offer_interface(void) { return &ext_data_control_offer_v1_interface; }

static inline const struct wl_interface *hb_wlr_data_control_manager_interface(void) { return &zwlr_data_control_manager_v1_interface; }
static inline const struct wl_interface *hb_wlr_data_control_device_interface(void) { return &zwlr_data_control_device_v1_interface; }
static inline const struct wl_interface *hb_wlr_data_control_source_interface(void) { return &zwlr_data_control_source_v1_interface; }
static inline const struct wl_interface *hb_wlr_data_control_offer_interface(void) { return &zwlr_data_control_offer_v1_interface; }

#endif
