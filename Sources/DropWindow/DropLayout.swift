/// Where everything sits in the drop window, as a value: computed from the window size, the number of rows
/// and the scroll offset, and used both for drawing and for hit-testing. The favorites are a `ScrolledList`
/// between the drop area and the status line. No X11, no cairo.
public struct DropLayout: Equatable, Sendable {
    public typealias Rect = DropWindow.Rect

    public static let dropAreaHeight = 240.0
    public static let circleDiameter = 200.0
    public static let listTop = 248.0
    public static let rowHeight = 56.0
    public static let thumbnailSize = 48.0
    public static let statusHeight = 28.0
    public static let starSize = 40.0

    public private(set) var height: Double
    /// The favorites, between the drop area and the status line.
    private var list: ScrolledList

    public init(width: Double, height: Double, rowCount: Int, scroll: Double = 0) {
        self.height = height
        list = ScrolledList(viewport: Self.listViewport(width: width, height: height), rowHeight: Self.rowHeight,
                            rowCount: rowCount, scroll: scroll)
    }

    /// The list's part of a window of this size: between the drop area and the status line, nothing when the
    /// window is too short for any.
    private static func listViewport(width: Double, height: Double) -> Rect {
        Rect(x: 0, y: listTop, width: width, height: max(0, height - statusHeight - listTop))
    }

    /// The window's width: the list spans it, so it is kept once, in the list's viewport.
    public var width: Double { list.viewport.width }
    public var rowCount: Int { list.rowCount }
    /// Pixels the list is scrolled up by; always within `0...maxScroll`.
    public var scroll: Double { list.scroll }
    public var circleCenter: (x: Double, y: Double) { (width / 2, Self.dropAreaHeight / 2) }
    public var circleRadius: Double { Self.circleDiameter / 2 }
    /// The visible part of the list, between the drop area and the status line.
    public var listViewport: Rect { list.viewport }
    public var statusLine: Rect { Rect(x: 0, y: height - Self.statusHeight, width: width, height: Self.statusHeight) }
    public var maxScroll: Double { list.maxScroll }

    /// Scrolls by `delta` pixels (positive: further down the list), clamped to the list.
    public mutating func scrollBy(_ delta: Double) {
        list.scrollBy(delta)
    }

    /// Re-clamps after a resize or a change in the number of rows.
    public mutating func update(width: Double, height: Double, rowCount: Int) {
        self.height = height
        list.update(viewport: Self.listViewport(width: width, height: height), rowCount: rowCount)
    }

    public func rowRect(_ index: Int) -> Rect {
        list.rowRect(index)
    }

    public func thumbnailRect(_ index: Int) -> Rect {
        let row = rowRect(index)
        return Rect(x: 8, y: row.y + (Self.rowHeight - Self.thumbnailSize) / 2, width: Self.thumbnailSize, height: Self.thumbnailSize)
    }

    /// The star button at the right end of a row.
    public func starRect(_ index: Int) -> Rect {
        let row = rowRect(index)
        return Rect(x: width - Self.starSize - 8, y: row.y + (Self.rowHeight - Self.starSize) / 2,
                    width: Self.starSize, height: Self.starSize)
    }

    /// The row under a window point, if the point is inside the visible list and on a row.
    public func row(at x: Double, _ y: Double) -> Int? {
        list.row(at: x, y)
    }

    /// The row whose star button is under a window point.
    public func star(at x: Double, _ y: Double) -> Int? {
        guard let index = row(at: x, y), starRect(index).contains(x, y) else { return nil }
        return index
    }

    /// Scrolls as little as needed for row `index` to be wholly shown (`ScrolledList.scrollToShow`).
    public mutating func scrollToShow(_ index: Int) {
        list.scrollToShow(index)
    }

    /// Whole rows the list shows at once: what PageUp and PageDown move by.
    public var pageRows: Int { list.pageRows }

    /// Rows at least partly visible.
    public var visibleRows: Range<Int> { list.visibleRows }
}
