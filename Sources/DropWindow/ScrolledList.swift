/// A list of rows of one height scrolled inside a viewport, as a value: where each row sits, the row under a
/// point, the rows at least partly shown, and the scroll offset, kept within the list whatever changes. The drop
/// window's favorites (`DropLayout`) and the catalog window's heroes (`CatalogLayout`) are each one. Window
/// coordinates throughout, in logical units; no X11, no cairo.
public struct ScrolledList: Equatable, Sendable {
    /// The part of the window the list shows through; rows span its width.
    public private(set) var viewport: Rect
    public let rowHeight: Double
    public private(set) var rowCount: Int
    /// Pixels the list is scrolled up by; always within `0...maxScroll`.
    public private(set) var scroll: Double = 0

    /// A list scrolled by `scroll`, clamped to it.
    public init(viewport: Rect, rowHeight: Double, rowCount: Int, scroll: Double = 0) {
        self.viewport = viewport
        self.rowHeight = rowHeight
        self.rowCount = rowCount
        scrollBy(scroll)
    }

    /// How far the list scrolls: the height of its rows beyond the viewport's.
    public var maxScroll: Double { max(0, Double(rowCount) * rowHeight - viewport.height) }

    /// Scrolls by `delta` pixels (positive: further down the list), clamped to the list.
    public mutating func scrollBy(_ delta: Double) {
        scroll = min(max(0, scroll + delta), maxScroll)
    }

    /// A new viewport or number of rows (a resize, rows added or removed): the scroll stays, clamped to the list.
    public mutating func update(viewport: Rect, rowCount: Int) {
        self.viewport = viewport
        self.rowCount = rowCount
        scrollBy(0)
    }

    /// Scrolls as little as needed for row `index` to be wholly shown (its top, when the viewport is shorter
    /// than a row): a row the keyboard selected is never left off screen.
    public mutating func scrollToShow(_ index: Int) {
        let top = Double(index) * rowHeight
        if top + rowHeight > scroll + viewport.height { scroll = top + rowHeight - viewport.height }
        if top < scroll { scroll = top }
        scrollBy(0)
    }

    /// How many whole rows the viewport shows (at least 1): what PageUp and PageDown move by.
    public var pageRows: Int { max(1, Int((viewport.height / rowHeight).rounded(.down))) }

    /// Back to the first row.
    public mutating func scrollToTop() {
        scroll = 0
    }

    /// Where row `index` is, scrolled; above or below the viewport when it is not shown.
    public func rowRect(_ index: Int) -> Rect {
        Rect(x: viewport.x, y: viewport.y + Double(index) * rowHeight - scroll, width: viewport.width, height: rowHeight)
    }

    /// The row under a window point, if the point is inside the viewport and on a row.
    public func row(at x: Double, _ y: Double) -> Int? {
        guard viewport.contains(x, y) else { return nil }
        let index = Int(((y - viewport.y + scroll) / rowHeight).rounded(.down))
        return index >= 0 && index < rowCount ? index : nil
    }

    /// Rows at least partly shown.
    public var visibleRows: Range<Int> {
        guard rowCount > 0, viewport.height > 0 else { return 0..<0 }
        let first = max(0, Int((scroll / rowHeight).rounded(.down)))
        let last = min(rowCount, Int(((scroll + viewport.height) / rowHeight).rounded(.up)))
        return first..<max(first, last)
    }
}
