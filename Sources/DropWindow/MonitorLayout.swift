import X11Bridge

/// The screen's monitors as a value (`XConnection.monitors`, RandR 1.5), and the rules that keep our windows on
/// them, tested without X: which monitor holds a point, where a window opens, where it goes when it is shown again
/// near another monitor, and where it goes back to when a change of monitors left it (partly) off every one. All
/// in root coordinates and pixels; a rectangle is a `Box` (a window's or an icon's). X11.md §15 says when each rule
/// is used.
public struct MonitorLayout: Equatable, Sendable {
    /// A rectangle of the root window in pixels: a window's, an icon's.
    public typealias Box = (x: Int, y: Int, width: Int, height: Int)

    /// Never empty (see `init`).
    public let monitors: [Monitor]

    /// A layout of `monitors`. With none (never from `XConnection.monitors`, which falls back to the whole screen),
    /// one as large as X's coordinates: every window is then on it, and nothing is ever moved.
    public init(_ monitors: [Monitor]) {
        self.monitors = monitors.isEmpty ? [Monitor(name: "screen", x: 0, y: 0, width: 32767, height: 32767)] : monitors
    }

    /// The monitors for the log: `left 640x1024+0+0, right 640x1024+640+0`.
    public var description: String { monitors.map(\.description).joined(separator: ", ") }

    /// The monitor that holds root point (x, y); for a point on none (a gap between monitors of different sizes,
    /// off the screen), the nearest one. Of two that hold it (a cloned or overlapping layout), the first listed:
    /// the server lists the primary one first.
    public func monitor(at x: Int, _ y: Int) -> Monitor {
        monitors.min { Self.distance(from: (x, y), to: $0) < Self.distance(from: (x, y), to: $1) } ?? monitors[0]
    }

    /// The monitor that holds the largest part of `box`; nil when it is on none.
    public func monitor(holdingMostOf box: Box) -> Monitor? {
        let best = monitors.max { Self.overlap(box, $0) < Self.overlap(box, $1) }
        return best.flatMap { Self.overlap(box, $0) > 0 ? $0 : nil }
    }

    /// Where a window of `size` opens when nobody said where: at the top left of the monitor that holds `point`
    /// (the pointer), as it opened at the top left of the whole screen before there were monitors.
    public func origin(forSize size: (width: Int, height: Int), near point: (x: Int, y: Int)) -> (x: Int, y: Int) {
        let target = monitor(at: point.x, point.y)
        return Self.clamp((target.x, target.y, size.width, size.height), into: target)
    }

    /// Where a window now at `box` goes when it is shown again near `point` (the pointer, or the tray icon): on the
    /// monitor that holds `point`. Already mostly on that monitor, it stays, moved only as far as it must to be whole
    /// on it; mostly on another one, it takes the same place on this one (relative to the monitor's top left, then
    /// moved inside it); on none, it goes to this monitor's top left.
    public func reopening(_ box: Box, near point: (x: Int, y: Int)) -> (x: Int, y: Int) {
        let target = monitor(at: point.x, point.y)
        guard let home = monitor(holdingMostOf: box) else { return Self.clamp((target.x, target.y, box.width, box.height), into: target) }
        if home == target { return Self.clamp(box, into: target) }
        return Self.clamp((target.x + box.x - home.x, target.y + box.y - home.y, box.width, box.height), into: target)
    }

    /// After the monitors changed from `previous` to these: nil when the window at `box` is still whole on screen
    /// (on one monitor, or across monitors that together cover it); else where it goes back to. Partly on a monitor,
    /// it moves as little as it must to be whole on the one that holds most of it. On none, it takes the same place,
    /// relative to the monitor's top left, on the monitor it was on if that one is still there under its name (moved
    /// elsewhere on the screen), else on the one that covers most of where it was, else on the one nearest to it;
    /// then moved inside that monitor.
    public func rescue(_ box: Box, previous: MonitorLayout) -> (x: Int, y: Int)? {
        guard !covers(box) else { return nil }
        if let holding = monitor(holdingMostOf: box) { return Self.clamp(box, into: holding) }
        let center = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        guard let home = previous.monitor(holdingMostOf: box) else {
            return Self.clamp(box, into: monitor(at: center.x, center.y))
        }
        let target = monitors.first { $0.name == home.name } ?? monitor(holdingMostOf: Self.box(of: home))
            ?? monitor(at: center.x, center.y)
        return Self.clamp((target.x + box.x - home.x, target.y + box.y - home.y, box.width, box.height), into: target)
    }

    /// Whether every pixel of `box` is on some monitor. The monitors' edges cut `box` into cells that each lie
    /// wholly inside or wholly outside every monitor (rectangles are half-open), so a cell is covered when its top
    /// left corner is.
    public func covers(_ box: Box) -> Bool {
        guard box.width > 0, box.height > 0 else { return monitors.contains { Self.contains($0, box.x, box.y) } }
        func cuts(_ start: Int, _ length: Int, _ edges: [Int]) -> [Int] {
            Set([start] + edges.filter { $0 > start && $0 < start + length }).sorted()
        }
        let columns = cuts(box.x, box.width, monitors.flatMap { [$0.x, $0.x + $0.width] })
        let rows = cuts(box.y, box.height, monitors.flatMap { [$0.y, $0.y + $0.height] })
        return columns.allSatisfy { x in rows.allSatisfy { y in monitors.contains { Self.contains($0, x, y) } } }
    }

    /// `box` moved the least to lie inside `monitor`; one larger than the monitor keeps its top left on it (a window
    /// manager's title bar, the top of our list, stays reachable).
    public static func clamp(_ box: Box, into monitor: Monitor) -> (x: Int, y: Int) {
        (max(monitor.x, min(box.x, monitor.x + monitor.width - box.width)),
         max(monitor.y, min(box.y, monitor.y + monitor.height - box.height)))
    }

    /// `monitor` as a box, for the rules that take one (the tray menu's area).
    public static func box(of monitor: Monitor) -> Box { (monitor.x, monitor.y, monitor.width, monitor.height) }

    private static func contains(_ monitor: Monitor, _ x: Int, _ y: Int) -> Bool {
        x >= monitor.x && x < monitor.x + monitor.width && y >= monitor.y && y < monitor.y + monitor.height
    }

    /// How many pixels of `box` lie on `monitor`.
    private static func overlap(_ box: Box, _ monitor: Monitor) -> Int {
        let width = min(box.x + box.width, monitor.x + monitor.width) - max(box.x, monitor.x)
        let height = min(box.y + box.height, monitor.y + monitor.height) - max(box.y, monitor.y)
        return max(0, width) * max(0, height)
    }

    /// The squared distance from a point to the nearest pixel of `monitor` (0 inside it).
    private static func distance(from point: (x: Int, y: Int), to monitor: Monitor) -> Int {
        let dx = max(monitor.x - point.x, 0, point.x - (monitor.x + monitor.width - 1))
        let dy = max(monitor.y - point.y, 0, point.y - (monitor.y + monitor.height - 1))
        return dx * dx + dy * dy
    }
}
