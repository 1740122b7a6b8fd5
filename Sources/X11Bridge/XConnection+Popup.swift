import CCairoXlib
import CX11

extension XConnection {
    /// A window the window manager leaves alone (override-redirect: no frame, no focus, placed where we say): the
    /// tray menu, the drag image. With `translucent`, it has a 32-bit ARGB visual and its own colormap, so a
    /// compositor blends its alpha; otherwise the default visual. With `clickThrough` its input region is empty,
    /// so the pointer's events, and the XDND target search under the pointer, see the window below it. Unmapped,
    /// with no X border (its owner draws one inside, so the window is exactly the size it places).
    public struct Popup {
        public let window: Window
        /// What a cairo surface on the window is made with (`CairoWindowSurface`).
        let visual: UnsafeMutablePointer<Visual>
        public let isTranslucent: Bool
        let colormap: Colormap
    }

    /// Whether a compositing manager runs on the default screen: it owns `_NET_WM_CM_S<screen>` (EWMH). Only then
    /// does an ARGB window show its transparency; without one its transparent pixels are black.
    public var hasCompositor: Bool {
        owner(of: atom("_NET_WM_CM_S\(screen)")) != 0
    }

    public func createPopup(x: Int, y: Int, width: Int, height: Int, translucent: Bool = false, clickThrough: Bool = false,
                            eventMask: EventMask) -> Popup {
        var info = XVisualInfo()
        let argb = translucent && XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.border_pixel = 0
        attributes.background_pixel = argb ? 0 : whitePixel
        var mask = UInt(CWOverrideRedirect | CWSaveUnder | CWBorderPixel | CWBackPixel)
        var colormap: Colormap = 0
        let visual: UnsafeMutablePointer<Visual>
        let depth: Int32
        if argb {
            visual = info.visual
            depth = info.depth
            colormap = XCreateColormap(display, root, visual, AllocNone)
            attributes.colormap = colormap
            mask |= UInt(CWColormap)
        } else {
            visual = defaultVisual
            depth = XDefaultDepth(display, screen)
        }
        let window = XCreateWindow(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, depth,
                                   UInt32(InputOutput), visual, mask, &attributes)
        XSelectInput(display, window, eventMask.rawValue)
        if clickThrough {
            // An empty input region (SHAPE 1.1): clicks and motions go through to whatever is below.
            XShapeCombineRectangles(display, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
        adopt(window)
        return Popup(window: window, visual: visual, isTranslucent: argb, colormap: colormap)
    }

    public func destroyPopup(_ popup: Popup) {
        destroyWindow(popup.window)
        if popup.colormap != 0 { XFreeColormap(display, popup.colormap) }
    }

    /// Cuts `window`'s visible shape (SHAPE's bounding region) to what `drawMask` paints on a `width`×`height`
    /// 1-bit mask, given to it as a cairo surface (`cairo_surface_t *`; a new pixmap's bits are undefined, so it
    /// clears them first): a window with no alpha channel then still shows only what is drawn (the drag image's
    /// rounded card without a compositor). The mask's pixmap and surface last only for the call.
    public func cutShape(of window: Window, width: Int, height: Int, drawMask: (OpaquePointer) -> Void) {
        let mask = XCreatePixmap(display, root, UInt32(width), UInt32(height), 1)
        defer { XFreePixmap(display, mask) }
        let bitmap: OpaquePointer = cairo_xlib_surface_create_for_bitmap(display, mask, XDefaultScreenOfDisplay(display),
                                                                         Int32(width), Int32(height))
        drawMask(bitmap)
        cairo_surface_flush(bitmap)
        cairo_surface_destroy(bitmap)
        XShapeCombineMask(display, window, ShapeBounding, 0, 0, mask, ShapeSet)
    }

    public func move(_ window: Window, x: Int, y: Int) {
        XMoveWindow(display, window, Int32(x), Int32(y))
    }
}
