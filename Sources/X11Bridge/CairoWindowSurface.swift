import CCairoXlib

/// A cairo surface that draws on one of our windows, through cairo's Xlib backend. Making one needs the display
/// and the window's visual, which are X11Bridge's alone; a view gets the surface (`pointer`) and draws on it with
/// plain cairo calls (`cairo_create`), importing cairo's drawing module only, never an Xlib header.
///
/// The surface lives as long as this object (destroyed in `deinit`), and holds its connection so the display
/// stays open until then. cairo-xlib cannot learn a window's size by itself: the owner reports each new size
/// (`resize`), from the window's ConfigureNotify or when it resizes the window itself.
public final class CairoWindowSurface {
    /// The `cairo_surface_t *`, valid while this object lives.
    public let pointer: OpaquePointer
    private let connection: XConnection

    /// A surface on `window`, `width`×`height` pixels, of the screen's default visual (a window made by
    /// `createWindow` or a popup that is not translucent).
    public convenience init(connection: XConnection, window: Window, width: Int, height: Int) {
        self.init(connection: connection, window: window, visual: connection.defaultVisual, width: width, height: height)
    }

    /// A surface on `popup`, `width`×`height` pixels, with the popup's visual (ARGB when it is translucent).
    public convenience init(connection: XConnection, popup: XConnection.Popup, width: Int, height: Int) {
        self.init(connection: connection, window: popup.window, visual: popup.visual, width: width, height: height)
    }

    /// A surface on the tray icon's window, `size` pixels square, with the visual it was made for.
    public convenience init(connection: XConnection, trayIcon: TrayIconWindow, size: Int) {
        self.init(connection: connection, window: trayIcon.window, visual: trayIcon.visual, width: size, height: size)
    }

    private init(connection: XConnection, window: Window, visual: UnsafeMutablePointer<Visual>, width: Int, height: Int) {
        self.connection = connection
        pointer = cairo_xlib_surface_create(connection.display, window, visual, Int32(width), Int32(height))
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Tells the surface the window's new size in pixels.
    public func resize(width: Int, height: Int) {
        cairo_xlib_surface_set_size(pointer, Int32(width), Int32(height))
    }
}
