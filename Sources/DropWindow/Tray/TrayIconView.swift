import CCairo
import X11Bridge

/// The tray icon's window, drawn with cairo at the size the tray gives it (ConfigureNotify), with alpha when the
/// tray announced a 32-bit visual and over the tray's own background otherwise. It reports clicks and draws the
/// paused look and drag hovers it is told of; docking is `TrayDock`'s, and what a click does is the agent's.
public final class TrayIconView {
    private let connection: XConnection
    public private(set) var icon: TrayIconWindow?
    /// The tray visual `icon` was made for (nil: none announced), which may differ from the visual it got (a
    /// visual that is not 32-bit is not used).
    private var madeFor: UInt?
    private var surface: CairoWindowSurface?
    private var size = (width: Double(TrayIconView.initialSize), height: Double(TrayIconView.initialSize))
    private var hovering = false
    /// Drawn grey with pause bars when true.
    public var isPaused = false { didSet { if isPaused != oldValue { draw() } } }
    /// Button 1 released on the icon.
    public var onLeftClick: (() -> Void)?
    /// Button 3 pressed on the icon: the icon's rectangle in root coordinates and the press's time (the menu
    /// opens by the icon and grabs with that time).
    public var onRightClick: ((_ icon: (x: Int, y: Int, width: Int, height: Int), _ time: Time) -> Void)?

    /// The size asked for before the tray decides (trays give their own height to each icon), in logical units:
    /// at the display's scale the icon asks for that many times more pixels, so a HiDPI tray gives it the room.
    public static let initialSize = 22
    /// The display's scale; a change asks the tray for the new size.
    public var scale: DisplayScale {
        didSet {
            guard scale.factor != oldValue.factor, let window else { return }
            askForSize(of: window)
            connection.resize(window, width: requestedSize, height: requestedSize)
            connection.flush()
        }
    }

    /// `initialSize` in pixels at `scale`.
    public var requestedSize: Int { scale.pixels(Double(Self.initialSize)) }

    public init(connection: XConnection, scale: DisplayScale = .one) {
        self.connection = connection
        self.scale = scale
    }

    /// XEmbed trays built on GtkSocket (trayer) size the icon by its WM_NORMAL_HINTS: without them it got 1 px.
    private func askForSize(of window: Window) {
        connection.setSizeHints(x: 0, y: 0, width: requestedSize, height: requestedSize, userPosition: false,
                                minimum: (requestedSize, requestedSize), of: window)
    }

    public var window: Window? { icon?.window }

    /// The icon window for a tray announcing `visualID` (nil: none): the current one when its visual already
    /// suits, else a new one (the old one destroyed). `TrayDock` docks what this returns.
    public func prepare(visualID: UInt?) -> TrayIconWindow {
        if let icon, madeFor == visualID { return icon }
        discard()
        madeFor = visualID
        let made = connection.createTrayIconWindow(
            visualID: visualID, size: requestedSize,
            eventMask: [.exposure, .structure, .buttonPress, .buttonRelease, .propertyChange])
        connection.setClass(instance: "herobridge-tray", className: "HeroBridge", of: made.window)
        connection.setTitle("HeroBridge", of: made.window)
        askForSize(of: made.window)
        icon = made
        size = (Double(requestedSize), Double(requestedSize))
        surface = CairoWindowSurface(connection: connection, trayIcon: made, size: requestedSize)
        return made
    }

    /// The tray is gone: the server's save-set put the icon back on the root window and mapped it there.
    public func hide() {
        guard let window else { return }
        connection.unmap(window)
        connection.flush()
    }

    /// The icon window was destroyed with its tray: forget it (a new one is made at the next dock).
    public func forget() {
        surface = nil
        icon = nil
    }

    /// A drag over the icon (true) or gone (false): the circle lights up as the drop window's does.
    public func hover(_ over: Bool) {
        guard over != hovering else { return }
        hovering = over
        draw()
    }

    /// Feeds an event; true when it was for the icon (its destruction is acted on but not consumed).
    public func handle(_ event: X11Event) -> Bool {
        guard let window else { return false }
        // A click another client sent (XSendEvent) is no user's: a forged right click would open the menu, whose
        // grabs would then take the pointer and keyboard from everyone.
        switch event.kind {
        case let .buttonPress(press) where press.window == window:
            if press.button == 3, !event.isSent { openMenu(by: press) }
        case let .buttonRelease(release) where release.window == window:
            if release.button == 1, !event.isSent { released(release) }
        case let .expose(exposed, count) where exposed == window:
            if count == 0 { draw() }
        case let .configure(configure) where configure.window == window:
            let width = Double(configure.width), height = Double(configure.height)
            guard width != size.width || height != size.height, let surface else { return true }
            surface.resize(width: configure.width, height: configure.height)
            size = (width, height)
            draw()
        case let .map(mapped) where mapped == window:
            draw()
        case let .destroy(destroyed) where destroyed == window:
            forget()
            return false // TrayDock also learns of it
        default:
            return false
        }
        return true
    }

    /// Button 3 pressed: the menu opens by the icon, whose place the press's root and window points give without
    /// asking the server.
    private func openMenu(by press: X11Event.Pointer) {
        onRightClick?((press.rootX - press.x, press.rootY - press.y, Int(size.width), Int(size.height)), press.time)
    }

    /// Button 1 released: a left click when still over the icon. On release, as buttons do: a press that leaves the
    /// icon before release (a drag begun there) is no click.
    private func released(_ release: X11Event.Pointer) {
        let inside = release.x >= 0 && Double(release.x) < size.width && release.y >= 0 && Double(release.y) < size.height
        if inside { onLeftClick?() }
    }

    private func discard() {
        guard let icon else { return }
        forget()
        connection.destroy(icon)
    }

    private func draw() {
        guard let icon, let surface else { return }
        // ParentRelative: the tray's background is repainted first, and the circle drawn over it.
        if !icon.hasAlpha { connection.clear(icon.window) }
        let cr = cairo_create(surface.pointer)!
        TrayRenderer.drawIcon(on: cr, width: size.width, height: size.height, paused: isPaused, hovering: hovering,
                              alpha: icon.hasAlpha)
        cairo_destroy(cr)
        cairo_surface_flush(surface.pointer)
        connection.flush()
    }
}
