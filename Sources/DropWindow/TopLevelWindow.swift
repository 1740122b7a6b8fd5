import CCairo
import CX11
import FoundationEssentials
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
        let display = connection.display
        let screenWidth = Int(XDisplayWidth(display, connection.screen)), screenHeight = Int(XDisplayHeight(display, connection.screen))
        let x = geometry.x.map { geometry.fromRight ? screenWidth - geometry.width - $0 : $0 } ?? 0
        let y = geometry.y.map { geometry.fromBottom ? screenHeight - geometry.height - $0 : $0 } ?? 0
        let window = connection.createWindow(x: x, y: y, width: geometry.width, height: geometry.height,
                                             background: XWhitePixel(display, connection.screen), eventMask: eventMask)
        XStoreName(display, window, names.title)
        connection.setProperty8(window: window, property: connection.atom("_NET_WM_NAME"),
                                type: connection.atom("UTF8_STRING"), bytes: Data(names.title.utf8))
        names.instance.withCString { name in
            names.className.withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display, window, &hint)
            }
        }
        var atoms = [connection.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(display, window, &atoms, 1)
        var hints = XSizeHints()
        hints.flags = PMinSize | (geometry.x != nil ? USPosition : 0) | USSize
        hints.x = Int32(x); hints.y = Int32(y)
        hints.width = Int32(geometry.width); hints.height = Int32(geometry.height)
        hints.min_width = Int32(minimum.width); hints.min_height = Int32(minimum.height)
        XSetWMNormalHints(display, window, &hints)
        return window
    }

    /// The size a ConfigureNotify gives the window when it differs from `current`, with the window's cairo
    /// `surface` already resized to it; nil for a move or a restack, which need no redraw.
    static func resize(_ event: XConfigureEvent, surface: OpaquePointer,
                       from current: (width: Double, height: Double)) -> (width: Double, height: Double)? {
        let width = Double(event.width), height = Double(event.height)
        guard width != current.width || height != current.height else { return nil }
        cairo_xlib_surface_set_size(surface, event.width, event.height)
        return (width, height)
    }

    /// Whether `event` is the window manager asking `window` to close (WM_DELETE_WINDOW).
    static func isDeleteRequest(_ event: XEvent, window: Window, connection: XConnection) -> Bool {
        guard let message = connection.clientMessage(event), message.window == window,
              message.type == connection.atom("WM_PROTOCOLS") else { return false }
        return Atom(message.data[0]) == connection.atom("WM_DELETE_WINDOW")
    }
}
