#include <cairo/cairo.h>
#include <cairo/cairo-xlib.h>
