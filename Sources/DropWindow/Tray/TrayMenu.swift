/// The tray icon's menu as a value: its items, which one is selected, where each is drawn, and what a key or a
/// click does. `TrayMenuView` draws it and feeds it the events; nothing here knows X11.
public struct TrayMenu: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        case showWindow
        case catalog
        /// Pause or Resume, by the agent's state when the menu opened.
        case pause(paused: Bool)
        case quit

        public var label: String {
            switch self {
            case .showWindow: "Show window"
            case .catalog: "Catalog"
            case let .pause(paused): paused ? "Resume" : "Pause"
            case .quit: "Quit"
            }
        }
    }

    /// The keys the menu answers.
    public enum Key: Equatable, Sendable {
        case up, down, home, end, enter, escape
    }

    /// What an event means for the menu.
    public enum Outcome: Equatable, Sendable {
        /// Nothing changed.
        case none
        /// The selection moved: redraw.
        case redraw
        /// The user chose an item: close the menu, then do it.
        case choose(Item)
        /// Escape, or a click outside: close the menu, do nothing.
        case close
    }

    public static let rowHeight = 26.0
    public static let width = 150.0
    /// Space above the first row and below the last.
    public static let padding = 4.0

    public let items: [Item]
    /// The highlighted row; nil until the pointer or a key picks one.
    public private(set) var selected: Int?

    public init(paused: Bool) {
        items = [.showWindow, .catalog, .pause(paused: paused), .quit]
    }

    public var height: Double { Self.padding * 2 + Self.rowHeight * Double(items.count) }

    /// Row `index`'s rectangle in the menu window.
    public func rowTop(_ index: Int) -> Double { Self.padding + Self.rowHeight * Double(index) }

    /// The row at (x, y) in the menu window, if any (the padding belongs to no row).
    public func row(atX x: Double, y: Double) -> Int? {
        guard x >= 0, x < Self.width, y >= Self.padding else { return nil }
        let index = Int((y - Self.padding) / Self.rowHeight)
        return index < items.count ? index : nil
    }

    /// A key press. Down from no selection picks the first row, Up the last; both wrap around.
    public mutating func press(_ key: Key) -> Outcome {
        let count = items.count
        switch key {
        case .escape: return .close
        case .enter: return selected.map { .choose(items[$0]) } ?? .none
        case .down: return select(selected.map { ($0 + 1) % count } ?? 0)
        case .up: return select(selected.map { ($0 + count - 1) % count } ?? count - 1)
        case .home: return select(0)
        case .end: return select(count - 1)
        }
    }

    /// The pointer moved to (x, y) in the menu window: the row under it is selected (leaving the rows keeps the
    /// last one, so a key can still choose it).
    public mutating func hover(x: Double, y: Double) -> Outcome {
        guard let index = row(atX: x, y: y) else { return .none }
        return select(index)
    }

    /// A button press at (x, y) in the menu window's coordinates (a grab reports presses anywhere on the screen
    /// relative to the menu): on a row it chooses that row, on the padding it does nothing, outside it closes.
    public func click(x: Double, y: Double) -> Outcome {
        guard x >= 0, x < Self.width, y >= 0, y < height else { return .close }
        return row(atX: x, y: y).map { .choose(items[$0]) } ?? .none
    }

    /// Where the menu opens for the icon at `icon` (root coordinates), inside `area`, the monitor that holds the
    /// icon (`MonitorLayout`; the whole screen on a screen of one monitor): under the icon and starting at its left
    /// edge when that fits; else ending at its right edge (a tray at the right of the monitor), else above it (a tray
    /// at the bottom); never off the monitor, so never across onto the next one. The icon itself stays uncovered.
    /// `pixels` is the menu's window size on screen (its logical size at the display's scale); by default 1×.
    public func origin(icon: (x: Int, y: Int, width: Int, height: Int), area: (x: Int, y: Int, width: Int, height: Int),
                       pixels: (width: Int, height: Int)? = nil) -> (x: Int, y: Int) {
        let (width, height) = pixels ?? (Int(Self.width), Int(self.height.rounded(.up)))
        let right = area.x + area.width, bottom = area.y + area.height
        var x = icon.x, y = icon.y + icon.height
        if x + width > right { x = icon.x + icon.width - width }
        if y + height > bottom { y = icon.y - height }
        return (max(area.x, min(x, right - width)), max(area.y, min(y, bottom - height)))
    }

    private mutating func select(_ index: Int) -> Outcome {
        guard selected != index else { return .none }
        selected = index
        return .redraw
    }
}
