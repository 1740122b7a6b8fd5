import X11Bridge

/// One of our top-level windows (the drop window, the catalog window): made the way window managers expect,
/// placed by `WindowGeometry`, titled (WM_NAME and UTF-8 _NET_WM_NAME), classed (WM_CLASS), closable
/// (WM_DELETE_WINDOW), with size hints, and described as `WindowManagerHints` says (the star as its icon, its
/// process and machine, its type, WM_HINTS; docs/X11.md §14); with its cairo surface, its size in pixels and the
/// scale it is drawn at. It answers the window manager's `_NET_WM_PING` from the event loop, keeps
/// `_NET_WM_USER_TIME` at the user's last key or button, and ends a launch's startup notification when it maps.
///
/// It also does what both windows do alike with their events (`input(from:)`): it keeps the surface and the size
/// in step with ConfigureNotify, turns the wheel into a scroll and a press of button 1 into logical units, tells a
/// click from a drag out of a row (`DragGesture`), and recognises the window manager's close request. What is left
/// is what the event means to that window, as an `Input`; the view decides what to do with it.
///
/// With several monitors it opens on the one that holds the pointer (unless the user gave its place), is brought
/// to the pointer's or the tray icon's monitor when shown again, and is moved back onto a monitor when a change of
/// monitors left it off screen: the rules are `MonitorLayout`'s.
final class TopLevelWindow {
    struct Names {
        var title: String
        /// WM_CLASS instance and class, e.g. `herobridge` / `HeroBridge`.
        var instance: String
        var className: String
    }

    /// What an event for the window asks of its view, once the part both views share is done.
    enum Input: Equatable {
        /// Draw the window: the last Expose of a series.
        case draw
        /// The window has a new size (`pixelSize`, `logicalSize`; the surface already follows it): lay out again
        /// and draw.
        case resized
        /// The window was mapped (true) or unmapped (false).
        case shown(Bool)
        /// The wheel turned one notch: -1 up, 1 down (buttons 4 and 5).
        case scroll(rows: Int)
        /// Button 1 went down. A press on a draggable row is armed with `pressed(row:at:)`.
        case press(Press)
        /// A press armed on `row` moved past the drag threshold with the button held: the root point and the time
        /// of that motion, where a drag out of the window starts.
        case dragOut(row: Int, x: Int, y: Int, time: Time)
        case key(X11Event.Key)
        /// The window got (true) or lost (false) the keyboard focus.
        case focus(Bool)
        /// The window manager asks to close the window (WM_DELETE_WINDOW).
        case close
        /// The event was the window's and asks nothing more: an Expose with more to come, a move, a release, a
        /// middle or right button, a motion short of the threshold. (Not `.none`: returned as an `Input?`, that
        /// would read as nil, "not this window's".)
        case nothing
    }

    /// Button 1 pressed: where in the window, in logical units, and where on the root window, in pixels.
    struct Press: Equatable {
        var x: Double, y: Double
        var rootX: Int, rootY: Int
        var time: Time
    }

    let window: Window
    let surface: CairoWindowSurface
    private let connection: XConnection
    /// The window's size in device pixels; `logicalSize` is this divided by the scale.
    private(set) var pixelSize: (width: Int, height: Int)
    private(set) var scale: DisplayScale
    /// The colours the window is drawn with: the desktop's look, or the `theme` setting's.
    private(set) var palette: Palette
    /// The geometry the user gave (`--geometry`): a size in it is kept in pixels whatever the scale, never resized
    /// by us; a place alone leaves the size to the scale.
    private let given: WindowGeometry?
    /// The smallest logical size the window manager may give.
    private let minimum: (width: Int, height: Int)
    private var gesture = DragGesture()

    /// Creates (unmapped) a window with `eventMask` at `given` (pixels), else at `defaultGeometry` (logical) times
    /// `scale`; placed by `origin(of:on:)`.
    init(connection: XConnection, given: WindowGeometry?, defaultGeometry: WindowGeometry, scale: DisplayScale,
         palette: Palette, names: Names, eventMask: EventMask, minimum: (width: Int, height: Int)) {
        self.connection = connection
        self.scale = scale
        self.palette = palette
        self.given = given
        self.minimum = minimum
        let geometry = scale.windowGeometry(given: given, default: defaultGeometry)
        let (x, y) = TopLevelWindow.origin(of: geometry, on: connection)
        window = connection.createWindow(x: x, y: y, width: geometry.width, height: geometry.height,
                                         background: Self.pixel(palette.background, on: connection), eventMask: eventMask)
        connection.setTitle(names.title, of: window)
        connection.setClass(instance: names.instance, className: names.className, of: window)
        connection.setProtocols(connection.atoms(named: WindowManagerHints.protocols), of: window)
        connection.setSizeHints(x: x, y: y, width: geometry.width, height: geometry.height, userPosition: geometry.x != nil,
                                minimum: scale.minimumSize(minimum, given: given), of: window)
        connection.describe(connection.hints(for: window, icons: AppIcon.images(scale: scale.factor)))
        pixelSize = (geometry.width, geometry.height)
        surface = CairoWindowSurface(connection: connection, window: window, width: geometry.width, height: geometry.height)
    }

    /// Where the window opens: where the user said (`--geometry` with a place, its right/bottom offsets resolved
    /// against the whole screen, as an X geometry's are), else at the top left of the monitor that holds the pointer
    /// (`MonitorLayout`). Two round trips: the pointer and the monitors.
    private static func origin(of geometry: WindowGeometry, on connection: XConnection) -> (x: Int, y: Int) {
        guard let givenX = geometry.x, let givenY = geometry.y else {
            let pointer = connection.pointer().map { (x: $0.x, y: $0.y) } ?? (0, 0)
            return MonitorLayout(connection.monitors()).origin(forSize: (geometry.width, geometry.height), near: pointer)
        }
        let screen = connection.screenSize
        return (geometry.fromRight ? screen.width - geometry.width - givenX : givenX,
                geometry.fromBottom ? screen.height - geometry.height - givenY : givenY)
    }

    /// Whether the user gave the window's place (`--geometry` with `+X+Y`): it is then never moved but to bring it
    /// back on screen.
    private var placeGiven: Bool { given?.x != nil }

    /// The window's rectangle on the root window now, in pixels (one round trip; under a window manager, wherever
    /// it put the window); nil when the window is gone.
    private func rootBox() -> MonitorLayout.Box? {
        connection.translate(rootX: 0, rootY: 0, to: window).map { (-$0.x, -$0.y, pixelSize.width, pixelSize.height) }
    }

    /// Before the window is shown again: onto the monitor that holds `point` (the tray icon's middle; nil: the
    /// pointer), by `MonitorLayout.reopening`. A window whose place the user gave stays there, unless it is off
    /// screen. Round trips: the window's place, the monitors, the pointer.
    func moveForShowing(near point: (x: Int, y: Int)?) {
        guard let box = rootBox() else { return }
        let monitors = MonitorLayout(connection.monitors())
        let place: (x: Int, y: Int)?
        if placeGiven {
            place = monitors.rescue(box, previous: monitors)
        } else {
            guard let near = point ?? connection.pointer().map({ (x: $0.x, y: $0.y) }) else { return }
            place = monitors.reopening(box, near: near)
        }
        if let place, (place.x, place.y) != (box.x, box.y) { connection.move(window, x: place.x, y: place.y) }
    }

    /// The monitors changed from `previous` to `monitors`: a window the change left (partly) off screen goes back
    /// onto a monitor (`MonitorLayout.rescue`), shown or hidden, its place given or not. Where it goes, nil when it
    /// stays.
    func keepOnScreen(_ monitors: MonitorLayout, previous: MonitorLayout) -> (x: Int, y: Int)? {
        guard let box = rootBox(), let place = monitors.rescue(box, previous: previous) else { return nil }
        connection.move(window, x: place.x, y: place.y)
        connection.flush()
        return place
    }

    /// Follows a new look: the background the server paints before a draw (a map, a resize) is the palette's, so
    /// a dark window never shows a white frame first; the view redraws the rest. False when the palette is the
    /// same and nothing was done.
    func repaint(in new: Palette) -> Bool {
        guard new != palette else { return false }
        palette = new
        connection.setBackground(of: window, pixel: Self.pixel(new.background, on: connection))
        return true
    }

    static func pixel(_ color: Palette.Color, on connection: XConnection) -> UInt {
        connection.pixel(red: color.red, green: color.green, blue: color.blue)
    }

    /// The window's size in logical units: what its layout is made for.
    var logicalSize: (width: Double, height: Double) {
        (Double(pixelSize.width) / scale.factor, Double(pixelSize.height) / scale.factor)
    }

    /// Follows a change of scale: the minimum size in the hints follows, and the window is resized by the ratio of
    /// the two factors unless the user gave its size (pixels stay pixels); the ConfigureNotify that follows resizes
    /// the surface. False when the factor is the same and nothing was done.
    func rescale(to new: DisplayScale) -> Bool {
        guard new.factor != scale.factor else { return false }
        connection.setMinimumSize(new.minimumSize(minimum, given: given), of: window)
        if given?.sizeGiven != true {
            let ratio = new.factor / scale.factor
            connection.resize(window, width: Int((Double(pixelSize.width) * ratio).rounded()),
                              height: Int((Double(pixelSize.height) * ratio).rounded()))
        }
        scale = new
        // The icon's sizes follow the scale (`AppIcon.sides`).
        connection.describe(connection.hints(for: window, icons: AppIcon.images(scale: new.factor)))
        return true
    }

    /// Maps the window and raises it. For a launch (`startup`: the launcher's id, from the environment or
    /// `herobridge show`), the window says which launch it is and the time of the click that started it
    /// (`WindowManagerHints.launch`) before it maps, and the launch is ended after (the "remove" message), so the
    /// launcher's busy cursor stops as the window appears; the server keeps the requests in order.
    func show(startup: StartupNotification?) {
        connection.write(WindowManagerHints.launch(startup), on: window)
        connection.mapRaised(window)
        if let startup { connection.sendStartupRemove(startup, about: window) }
        connection.flush()
    }

    /// What `event` asks of the view; nil when it is not this window's.
    func input(from event: X11Event) -> Input? {
        // A key or a button the user pressed here is the window's last user time (a client's copy is no user's).
        if !event.isSent, event.inputWindow == window, let time = event.userTime {
            connection.setUserTime(time, of: window)
        }
        switch event.kind {
        case let .expose(exposed, count) where exposed == window: return count == 0 ? .draw : .nothing
        case let .configure(configure) where configure.window == window: return resized(configure)
        case let .map(mapped) where mapped == window: return .shown(true)
        case let .unmap(unmapped) where unmapped == window: return .shown(false)
        case let .focusIn(focused) where focused == window: return .focus(true)
        case let .focusOut(focused) where focused == window: return .focus(false)
        case let .keyPress(key) where key.window == window: return .key(key)
        case let .buttonPress(press) where press.window == window: return pressed(press)
        case let .motion(motion) where motion.window == window:
            guard let row = gesture.moved(x: motion.rootX, y: motion.rootY) else { return .nothing }
            return .dragOut(row: row, x: motion.rootX, y: motion.rootY, time: motion.time)
        case let .buttonRelease(release) where release.window == window:
            gesture.released()
            return .nothing
        case let .deleteRequest(closed) where closed == window: return .close
        case let .ping(ping) where ping.window == window:
            connection.answer(ping)
            return .nothing
        default: return nil
        }
    }

    /// Arms a drag out of `row` (nil: the press was on no draggable row, and disarms it) from `press`.
    func pressed(row: Int?, at press: Press) {
        gesture.pressed(row: row, x: press.rootX, y: press.rootY)
    }

    /// Disarms the drag: the press was taken for something else (a row's star).
    func cancelDrag() {
        gesture.released()
    }

    /// A ConfigureNotify: `.resized` with the surface and `pixelSize` following when the size changed, `.nothing`
    /// for a move or a restack, which need no redraw.
    private func resized(_ configure: X11Event.Configure) -> Input {
        guard configure.width != pixelSize.width || configure.height != pixelSize.height else { return .nothing }
        surface.resize(width: configure.width, height: configure.height)
        pixelSize = (configure.width, configure.height)
        return .resized
    }

    /// A button press: the wheel scrolls, button 1 is a press in logical units, the others do nothing.
    private func pressed(_ press: X11Event.Pointer) -> Input {
        switch press.button {
        case 4: return .scroll(rows: -1)
        case 5: return .scroll(rows: 1)
        case 1:
            let point = scale.logical(x: press.x, y: press.y)
            return .press(Press(x: point.x, y: point.y, rootX: press.rootX, rootY: press.rootY, time: press.time))
        default: return .nothing
        }
    }
}

extension X11Event {
    /// The time of a key or button press: what `_NET_WM_USER_TIME` records. Nil for any other event (a release or
    /// a motion is no new input the user started).
    var userTime: Time? {
        switch kind {
        case let .keyPress(key): key.time
        case let .buttonPress(press): press.time
        default: nil
        }
    }
}
