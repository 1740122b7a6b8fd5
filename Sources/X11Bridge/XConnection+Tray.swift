import CX11

extension XConnection {
    /// A window for the tray icon, a child of the root until the tray reparents it. With `visualID` (the tray's
    /// `_NET_SYSTEM_TRAY_VISUAL`) of depth 32 it gets that visual, a colormap of its own and a transparent
    /// background, and is drawn with alpha; otherwise it takes the screen's default visual and shows its parent's
    /// pixels as background (ParentRelative: the tray's own background shows around the drawing). Recorded as ours.
    public func createTrayIconWindow(visualID: UInt?, size: Int, eventMask: EventMask) -> TrayIconWindow {
        var attributes = XSetWindowAttributes()
        attributes.event_mask = eventMask.rawValue
        attributes.border_pixel = 0
        if let visualID, let found = visual(id: visualID), found.depth == 32 {
            let colormap = XCreateColormap(display, root, found.visual, AllocNone)
            attributes.colormap = colormap
            attributes.background_pixel = 0
            let window = XCreateWindow(display, root, 0, 0, UInt32(size), UInt32(size), 0, 32, UInt32(InputOutput),
                                       found.visual, UInt(CWBackPixel | CWBorderPixel | CWColormap | CWEventMask), &attributes)
            adopt(window)
            return TrayIconWindow(window: window, visual: found.visual, visualID: visualID, depth: 32, hasAlpha: true,
                                  colormap: colormap)
        }
        attributes.background_pixmap = Pixmap(ParentRelative)
        let visual = XDefaultVisual(display, screen)!
        let window = XCreateWindow(display, root, 0, 0, UInt32(size), UInt32(size), 0, XDefaultDepth(display, screen),
                                   UInt32(InputOutput), visual, UInt(CWBackPixmap | CWBorderPixel | CWEventMask), &attributes)
        adopt(window)
        return TrayIconWindow(window: window, visual: visual, visualID: XVisualIDFromVisual(visual),
                              depth: XDefaultDepth(display, screen), hasAlpha: false, colormap: 0)
    }

    /// Destroys a tray icon window and the colormap made for it.
    public func destroy(_ icon: TrayIconWindow) {
        destroyWindow(icon.window)
        if icon.colormap != 0 { XFreeColormap(display, icon.colormap) }
    }

    /// The visual with `id` on our screen and its depth; nil when the screen has none (a tray's word for it
    /// is checked here before a window is made with it).
    func visual(id: UInt) -> (visual: UnsafeMutablePointer<Visual>, depth: Int32)? {
        var template = XVisualInfo()
        template.visualid = id
        template.screen = screen
        var count: Int32 = 0
        guard let list = XGetVisualInfo(display, Int(VisualIDMask | VisualScreenMask), &template, &count) else { return nil }
        defer { XFree(list) }
        guard count > 0, let visual = list[0].visual else { return nil }
        return (visual, list[0].depth)
    }

    /// Moves and resizes one of our windows.
    public func moveResize(_ window: Window, x: Int, y: Int, width: Int, height: Int) {
        XMoveResizeWindow(display, window, Int32(x), Int32(y), UInt32(width), UInt32(height))
    }

    /// Repaints `window`'s background (for a ParentRelative one, its parent's pixels), generating no Expose.
    public func clear(_ window: Window) {
        XClearWindow(display, window)
    }
}
