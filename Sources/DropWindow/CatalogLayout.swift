/// Where everything sits in the catalog window, as a value: the search field on top, the hero list under it (a
/// `ScrolledList`); used for drawing and hit-testing alike. No X11, no cairo.
public struct CatalogLayout: Equatable, Sendable {
    public typealias Rect = DropWindow.Rect

    public static let searchHeight = 52.0
    public static let rowHeight = 44.0
    public static let margin = 10.0

    public private(set) var height: Double
    /// The heroes, below the search strip.
    private var list: ScrolledList

    public init(width: Double, height: Double, rowCount: Int) {
        self.height = height
        list = ScrolledList(viewport: Self.listViewport(width: width, height: height), rowHeight: Self.rowHeight,
                            rowCount: rowCount)
    }

    /// The list's part of a window of this size: all of it below the search strip.
    private static func listViewport(width: Double, height: Double) -> Rect {
        Rect(x: 0, y: searchHeight, width: width, height: max(0, height - searchHeight))
    }

    /// The window's width: the list spans it, so it is kept once, in the list's viewport.
    public var width: Double { list.viewport.width }
    public var rowCount: Int { list.rowCount }
    /// Pixels the list is scrolled up by; always within `0...maxScroll`.
    public var scroll: Double { list.scroll }

    /// The text field, inset from the top strip.
    public var searchField: Rect {
        Rect(x: Self.margin, y: Self.margin, width: max(0, width - 2 * Self.margin), height: Self.searchHeight - 2 * Self.margin)
    }

    /// The visible part of the list, below the search strip.
    public var listViewport: Rect { list.viewport }
    public var maxScroll: Double { list.maxScroll }

    /// Scrolls by `delta` pixels (positive: further down), clamped to the list.
    public mutating func scrollBy(_ delta: Double) {
        list.scrollBy(delta)
    }

    /// Brings the selected row `index` wholly into the list, scrolling no more than needed.
    public mutating func scrollToShow(_ index: Int) {
        list.scrollToShow(index)
    }

    /// Whole rows shown at once, which PageUp and PageDown move the selection by.
    public var pageRows: Int { list.pageRows }

    /// Re-clamps after a resize or a new filter result; a new filter also goes back to the top.
    public mutating func update(width: Double, height: Double, rowCount: Int, resetScroll: Bool = false) {
        self.height = height
        list.update(viewport: Self.listViewport(width: width, height: height), rowCount: rowCount)
        if resetScroll { list.scrollToTop() }
    }

    public func rowRect(_ index: Int) -> Rect {
        list.rowRect(index)
    }

    /// The row under a window point, if it is inside the visible list and on a row.
    public func row(at x: Double, _ y: Double) -> Int? {
        list.row(at: x, y)
    }

    /// Rows at least partly visible.
    public var visibleRows: Range<Int> { list.visibleRows }
}
