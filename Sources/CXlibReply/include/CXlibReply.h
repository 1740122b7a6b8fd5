#ifndef HEROBRIDGE_CXLIBREPLY_H
#define HEROBRIDGE_CXLIBREPLY_H

/* XGetWindowProperty reads a property's value into a buffer that Xlib allocates for each call (then the caller
 * copies it where it belongs). An INCR transfer of 50 MB is some 200 such properties, each a fresh 256 KB buffer,
 * mmapped and unmapped and page-faulted in again every time. This is the same GetProperty request (as Xlib's
 * GetProp.c sends it), whose value is read from the wire straight into the caller's memory instead.
 *
 * The value's bytes are as they came: 1, 2 or 4 bytes an item for formats 8, 16 and 32 (Xlib would widen format
 * 32 to a C long each). The request asks for `long_length` 32-bit units; a reply holding more than `capacity`
 * bytes is skipped unread (and counts as failed), so nothing is ever written past `capacity`. */
typedef struct {
    unsigned long type;   /* the property's type atom; 0 (None) when the property does not exist */
    int format;           /* 8, 16 or 32 */
    unsigned long bytes;  /* value bytes written to `dest` */
    unsigned long after;  /* bytes left unread on the server (the property is not deleted then) */
} hb_property_reply;

/* `display` is Xlib's Display *, `window` and `property` XIDs. Returns 1 when a reply came (`reply` filled), 0
 * when the request failed (an X error, reported to the error handler, or a lost connection) or the reply broke
 * the protocol (it is then skipped, unread). Only this file sees Xlibint.h: it defines the Display structure,
 * which every other module keeps opaque. */
int hb_get_property_into(void *display, unsigned long window, unsigned long property, int delete_property,
                         long long_length, unsigned char *dest, unsigned long capacity, hb_property_reply *reply);

#endif
