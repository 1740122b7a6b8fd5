/// Where everything sits in the catalog window, as a value: the search field on top, the hero list under it,
/// scrolled; used for drawing and hit-testing alike. No X11, no cairo.
public struct CatalogLayout: Equatable, Sendable {
    public typealias Rect = DropLayout.Rect

    public static let searchHeight = 52.0
    public static let rowHeight = 44.0
    public static let margin = 10.0

    public var width: Double
    public var height: Double
    public var rowCount: Int
    /// Pixels the list is scrolled up by; always within `0...maxScroll`.
    public private(set) var scroll: Double = 0

    public init(width: Double, height: Double, rowCount: Int) {
        self.width = width
        self.height = height
        self.rowCount = rowCount
    }

    /// The text field, inset from the top strip.
    public var searchField: Rect {
        Rect(x: Self.margin, y: Self.margin, width: max(0, width - 2 * Self.margin), height: Self.searchHeight - 2 * Self.margin)
    }

    /// The visible part of the list, below the search strip.
    public var listViewport: Rect {
        Rect(x: 0, y: Self.searchHeight, width: width, height: max(0, height - Self.searchHeight))
    }

    public var maxScroll: Double { max(0, Double(rowCount) * Self.rowHeight - listViewport.height) }

    /// Scrolls by `delta` pixels (positive: further down), clamped to the list.
    public mutating func scrollBy(_ delta: Double) {
        scroll = min(max(0, scroll + delta), maxScroll)
    }

    /// Re-clamps after a resize or a new filter result; a new filter also goes back to the top.
    public mutating func update(width: Double, height: Double, rowCount: Int, resetScroll: Bool = false) {
        self.width = width
        self.height = height
        self.rowCount = rowCount
        if resetScroll { scroll = 0 }
        scrollBy(0)
    }

    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: Self.searchHeight + Double(index) * Self.rowHeight - scroll, width: width, height: Self.rowHeight)
    }

    /// The row under a window point, if it is inside the visible list and on a row.
    public func row(at x: Double, _ y: Double) -> Int? {
        guard listViewport.contains(x, y) else { return nil }
        let index = Int(((y - Self.searchHeight + scroll) / Self.rowHeight).rounded(.down))
        return index >= 0 && index < rowCount ? index : nil
    }

    /// Rows at least partly visible.
    public var visibleRows: Range<Int> {
        guard rowCount > 0, listViewport.height > 0 else { return 0..<0 }
        let first = max(0, Int((scroll / Self.rowHeight).rounded(.down)))
        let last = min(rowCount, Int(((scroll + listViewport.height) / Self.rowHeight).rounded(.up)))
        return first..<max(first, last)
    }
}
