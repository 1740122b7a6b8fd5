import X11Bridge

/// One of our top-level windows (the drop window, the catalog window): made the way window managers expect,
/// placed by `WindowGeometry`, titled (WM_NAME and UTF-8 _NET_WM_NAME), classed (WM_CLASS), closable
/// (WM_DELETE_WINDOW), with size hints; with its cairo surface, its size in pixels and the scale it is drawn at.
///
/// It also does what both windows do alike with their events (`input(from:)`): it keeps the surface and the size
/// in step with ConfigureNotify, turns the wheel into a scroll and a press of button 1 into logical units, tells a
/// click from a drag out of a row (`DragGesture`), and recognises the window manager's close request. What is left
/// is what the event means to that window, as an `Input`; the view decides what to do with it.
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
    /// `scale`; its position resolves right/bottom offsets against the screen.
    init(connection: XConnection, given: WindowGeometry?, defaultGeometry: WindowGeometry, scale: DisplayScale,
         palette: Palette, names: Names, eventMask: EventMask, minimum: (width: Int, height: Int)) {
        self.connection = connection
        self.scale = scale
        self.palette = palette
        self.given = given
        self.minimum = minimum
        let geometry = scale.windowGeometry(given: given, default: defaultGeometry)
        let screen = connection.screenSize
        let x = geometry.x.map { geometry.fromRight ? screen.width - geometry.width - $0 : $0 } ?? 0
        let y = geometry.y.map { geometry.fromBottom ? screen.height - geometry.height - $0 : $0 } ?? 0
        window = connection.createWindow(x: x, y: y, width: geometry.width, height: geometry.height,
                                         background: Self.pixel(palette.background, on: connection), eventMask: eventMask)
        connection.setTitle(names.title, of: window)
        connection.setClass(instance: names.instance, className: names.className, of: window)
        connection.setProtocols([connection.atom("WM_DELETE_WINDOW")], of: window)
        connection.setSizeHints(x: x, y: y, width: geometry.width, height: geometry.height, userPosition: geometry.x != nil,
                                minimum: scale.minimumSize(minimum, given: given), of: window)
        pixelSize = (geometry.width, geometry.height)
        surface = CairoWindowSurface(connection: connection, window: window, width: geometry.width, height: geometry.height)
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
        return true
    }

    /// What `event` asks of the view; nil when it is not this window's.
    func input(from event: X11Event) -> Input? {
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
