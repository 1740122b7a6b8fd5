/* Xlib's GetProperty request (as its GetProp.c sends it), with the value read from the wire into the caller's
 * memory. The one C file of the package: the protocol internals it needs (LockDisplay, GetReq, _XReply,
 * _XReadPad) are only in Xlibint.h, whose Display structure must stay out of every Swift module. */
#include <X11/Xlibint.h>

#include "CXlibReply.h"

int hb_get_property_into(void *display, unsigned long window, unsigned long property, int delete_property,
                         long long_length, unsigned char *dest, unsigned long capacity, hb_property_reply *reply) {
    Display *dpy = (Display *)display;
    xGetPropertyReply wire;
    xGetPropertyReq *req;
    reply->type = None;
    reply->format = 0;
    reply->bytes = 0;
    reply->after = 0;
    LockDisplay(dpy);
    GetReq(GetProperty, req);
    req->window = window;
    req->property = property;
    req->type = AnyPropertyType;
    req->delete = delete_property ? xTrue : xFalse;
    req->longOffset = 0;
    req->longLength = long_length;
    if (!_XReply(dpy, (xReply *)&wire, 0, xFalse)) {
        UnlockDisplay(dpy);
        SyncHandle();
        return 0;
    }
    int ok = 1;
    if (wire.propertyType != None) {
        unsigned long unit = wire.format == 8 ? 1 : wire.format == 16 ? 2 : wire.format == 32 ? 4 : 0;
        unsigned long bytes = unit * (unsigned long)wire.nItems;
        if (unit == 0 || bytes > capacity || bytes > (unsigned long)wire.length * 4) {
            _XEatDataWords(dpy, wire.length);
            ok = 0;
        } else {
            _XReadPad(dpy, (char *)dest, (long)bytes);
            reply->type = wire.propertyType;
            reply->format = wire.format;
            reply->bytes = bytes;
            reply->after = wire.bytesAfter;
        }
    }
    UnlockDisplay(dpy);
    SyncHandle();
    return ok;
}
