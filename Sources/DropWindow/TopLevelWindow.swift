import CCairo
import CX11
import X11Bridge

/// Creating one of our top-level windows the way window managers expect: placed by `WindowGeometry`, titled
/// (WM_NAME and UTF-8 _NET_WM_NAME), classed (WM_CLASS), closable (WM_DELETE_WINDOW), with size hints.
enum TopLevelWindow {
    struct Names {
        var title: String
        /// WM_CLASS instance and class, e.g. `herobridge` / `HeroBridge`.
        var instance: String
        var className: String
    }

    /// Creates (unmapped) a window with `eventMask`; its position resolves right/bottom offsets against the screen.
    static func create(connection: XConnection, geometry: WindowGeometry, names: Names, eventMask: Int,
                       minimum: (width: Int, height: Int)) -> Window {
        let screen = connection.screenSize
        let x = geometry.x.map { geometry.fromRight ? screen.width - geometry.width - $0 : $0 } ?? 0
        let y = geometry.y.map { geometry.fromBottom ? screen.height - geometry.height - $0 : $0 } ?? 0
        let window = connection.createWindow(x: x, y: y, width: geometry.width, height: geometry.height,
                                             background: connection.whitePixel, eventMask: eventMask)
        connection.setTitle(names.title, of: window)
        connection.setClass(instance: names.instance, className: names.className, of: window)
        connection.setProtocols([connection.atom("WM_DELETE_WINDOW")], of: window)
        connection.setSizeHints(x: x, y: y, width: geometry.width, height: geometry.height, userPosition: geometry.x != nil,
                                minimum: minimum, of: window)
        return window
    }

    /// The size in pixels a ConfigureNotify gives the window when it differs from `current`, with the window's
    /// cairo `surface` already resized to it; nil for a move or a restack, which need no redraw.
    static func resize(_ event: XConfigureEvent, surface: OpaquePointer,
                       from current: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        let width = Int(event.width), height = Int(event.height)
        guard width != current.width || height != current.height else { return nil }
        cairo_xlib_surface_set_size(surface, event.width, event.height)
        return (width, height)
    }

    /// Follows a change of scale from `old` to `new`: the minimum size in the hints follows, and the window is
    /// resized by the ratio of the two unless the user gave its size (pixels stay pixels). The ConfigureNotify that
    /// follows resizes the surface and the layout.
    static func rescale(_ window: Window, connection: XConnection, from old: DisplayScale, to new: DisplayScale,
                        pixelSize: (width: Int, height: Int), given: WindowGeometry?, minimum: (width: Int, height: Int)) {
        connection.setMinimumSize(new.minimumSize(minimum, given: given), of: window)
        guard given?.sizeGiven != true else { return }
        let ratio = new.factor / old.factor
        connection.resize(window, width: Int((Double(pixelSize.width) * ratio).rounded()),
                          height: Int((Double(pixelSize.height) * ratio).rounded()))
    }

    /// Whether `event` is the window manager asking `window` to close (WM_DELETE_WINDOW).
    static func isDeleteRequest(_ event: XEvent, window: Window, connection: XConnection) -> Bool {
        guard let message = connection.clientMessage(event), message.window == window,
              message.type == connection.atom("WM_PROTOCOLS") else { return false }
        return Atom(message.data[0]) == connection.atom("WM_DELETE_WINDOW")
    }
}
