#include <cairo/cairo-xlib.h>
