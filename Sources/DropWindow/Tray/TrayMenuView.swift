import CCairo
import X11Bridge

/// The tray icon's menu on screen: an override-redirect window opened at the pointer, drawn with cairo from a
/// `TrayMenu`, holding the pointer and keyboard grabs while it is open so that Up/Down/Home/End/Return/Escape and
/// a click anywhere reach it. It closes on Escape, on a click outside, or once an item is chosen; the choice goes
/// out through `onChoose`, after the grabs are released.
public final class TrayMenuView {
    public let window: Window
    private let connection: XConnection
    private let surface: CairoWindowSurface
    private var menu = TrayMenu(paused: false)
    public private(set) var isOpen = false
    /// The display's scale: the menu's sizes are logical, its window's are pixels (HiDPI).
    public var scale: DisplayScale {
        didSet { if isOpen { draw() } }
    }
    /// The colours the menu is drawn with: the desktop's look, or the `theme` setting's.
    public var palette: Palette {
        didSet {
            guard palette != oldValue else { return }
            connection.setBackground(of: window, pixel: Self.pixel(palette.menu, on: connection))
            if isOpen { draw() }
        }
    }
    public var onChoose: ((TrayMenu.Item) -> Void)?

    private static let pointerEvents: EventMask = [.buttonPress, .buttonRelease, .pointerMotion]

    public init(connection: XConnection, scale: DisplayScale = .one, palette: Palette = .light) {
        self.connection = connection
        self.scale = scale
        self.palette = palette
        let (width, height) = Self.pixelSize(TrayMenu(paused: false), scale)
        window = connection.createPopup(x: 0, y: 0, width: width, height: height,
                                        eventMask: Self.pointerEvents.union([.exposure, .keyPress])).window
        connection.setBackground(of: window, pixel: Self.pixel(palette.menu, on: connection))
        connection.setClass(instance: "herobridge-tray-menu", className: "HeroBridge", of: window)
        connection.setWindowType(.popupMenu, of: window)
        surface = CairoWindowSurface(connection: connection, window: window, width: width, height: height)
    }

    private static func pixel(_ color: Palette.Color, on connection: XConnection) -> UInt {
        TopLevelWindow.pixel(color, on: connection)
    }

    private static func pixelSize(_ menu: TrayMenu, _ scale: DisplayScale) -> (width: Int, height: Int) {
        (scale.pixels(TrayMenu.width), scale.pixels(menu.height.rounded(.up)))
    }

    /// Opens the menu by the icon at `icon` (root coordinates), inside the monitor that holds the icon's middle, at
    /// the `time` of the press that asked. False, with the menu closed again, when the server refuses a grab
    /// (another client holds one): a menu that cannot see Escape or a click outside would stay open for good.
    @discardableResult
    public func open(by icon: (x: Int, y: Int, width: Int, height: Int), time: Time, paused: Bool) -> Bool {
        menu = TrayMenu(paused: paused)
        let size = Self.pixelSize(menu, scale)
        // Asked at each opening (one round trip): the monitors of this moment, whatever changed since the last.
        let monitor = MonitorLayout(connection.monitors()).monitor(at: icon.x + icon.width / 2, icon.y + icon.height / 2)
        let origin = menu.origin(icon: icon, area: MonitorLayout.box(of: monitor), pixels: size)
        connection.moveResize(window, x: origin.x, y: origin.y, width: size.width, height: size.height)
        connection.mapRaised(window)
        isOpen = true
        guard connection.grabPointer(window: window, eventMask: Self.pointerEvents, time: time),
              connection.grabKeyboard(window: window, time: time) else {
            close(time: time)
            return false
        }
        draw()
        return true
    }

    /// Closes the menu and releases the grabs.
    public func close(time: Time) {
        guard isOpen else { return }
        isOpen = false
        connection.ungrabPointerAndKeyboard(time: time)
        connection.unmap(window)
        connection.flush()
    }

    /// Feeds an event; true when it was for the menu.
    public func handle(_ event: X11Event) -> Bool {
        // Only the server's input events drive the menu (a client's copy could choose Quit).
        if event.isSent, event.inputWindow == window { return true }
        switch event.kind {
        case let .expose(exposed, count) where exposed == window:
            if count == 0 { draw() }
        case let .keyPress(key) where key.window == window && isOpen:
            guard let menuKey = Self.key(key.unmodifiedKeysym) else { return true }
            perform(menu.press(menuKey), time: key.time)
        case let .motion(motion) where motion.window == window && isOpen:
            let (x, y) = scale.logical(x: motion.x, y: motion.y)
            perform(menu.hover(x: x, y: y), time: motion.time)
        case let .buttonPress(press) where press.window == window && isOpen:
            let (x, y) = scale.logical(x: press.x, y: press.y)
            perform(menu.click(x: x, y: y), time: press.time)
        case let .buttonRelease(release) where release.window == window:
            break // the release of the press that opened the menu, or of a choosing click
        default:
            return false
        }
        return true
    }

    private func perform(_ outcome: TrayMenu.Outcome, time: Time) {
        switch outcome {
        case .none: break
        case .redraw: draw()
        case .close: close(time: time)
        case let .choose(item):
            close(time: time)
            onChoose?(item)
        }
    }

    /// The keysyms the menu answers (keysymdef.h's values: the header is not in the shim).
    private static func key(_ keysym: KeySym) -> TrayMenu.Key? {
        switch keysym {
        case 0xff52, 0xff97: .up // Up, KP_Up
        case 0xff54, 0xff99: .down // Down, KP_Down
        case 0xff50, 0xff95: .home // Home, KP_Home
        case 0xff57, 0xff9c: .end // End, KP_End
        case 0xff0d, 0xff8d, 0x20: .enter // Return, KP_Enter, space
        case 0xff1b: .escape
        default: nil
        }
    }

    private func draw() {
        guard isOpen else { return }
        let size = Self.pixelSize(menu, scale)
        surface.resize(width: size.width, height: size.height)
        let cr = cairo_create(surface.pointer)!
        cairo_scale(cr, scale.factor, scale.factor)
        TrayRenderer.drawMenu(menu, palette: palette, on: cr)
        cairo_destroy(cr)
        connection.flush()
    }
}
