/// Where everything sits in the drop window, as a value: computed from the window size, the number of rows
/// and the scroll offset, and used both for drawing and for hit-testing. No X11, no cairo.
public struct DropLayout: Equatable, Sendable {
    public struct Rect: Equatable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public func contains(_ px: Double, _ py: Double) -> Bool {
            px >= x && px < x + width && py >= y && py < y + height
        }
    }

    public static let dropAreaHeight = 240.0
    public static let circleDiameter = 200.0
    public static let listTop = 248.0
    public static let rowHeight = 56.0
    public static let thumbnailSize = 48.0
    public static let statusHeight = 28.0
    public static let starSize = 40.0

    public var width: Double
    public var height: Double
    public var rowCount: Int
    /// Pixels the list is scrolled up by; always within `0...maxScroll`.
    public private(set) var scroll: Double = 0

    public init(width: Double, height: Double, rowCount: Int, scroll: Double = 0) {
        self.width = width
        self.height = height
        self.rowCount = rowCount
        self.scroll = 0
        scrollBy(scroll)
    }

    public var circleCenter: (x: Double, y: Double) { (width / 2, Self.dropAreaHeight / 2) }
    public var circleRadius: Double { Self.circleDiameter / 2 }
    /// The visible part of the list, between the drop area and the status line.
    public var listViewport: Rect {
        Rect(x: 0, y: Self.listTop, width: width, height: max(0, height - Self.statusHeight - Self.listTop))
    }
    public var statusLine: Rect { Rect(x: 0, y: height - Self.statusHeight, width: width, height: Self.statusHeight) }
    public var maxScroll: Double { max(0, Double(rowCount) * Self.rowHeight - listViewport.height) }

    /// Scrolls by `delta` pixels (positive: further down the list), clamped to the list.
    public mutating func scrollBy(_ delta: Double) {
        scroll = min(max(0, scroll + delta), maxScroll)
    }

    /// Re-clamps after a resize or a change in the number of rows.
    public mutating func update(width: Double, height: Double, rowCount: Int) {
        self.width = width
        self.height = height
        self.rowCount = rowCount
        scrollBy(0)
    }

    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: Self.listTop + Double(index) * Self.rowHeight - scroll, width: width, height: Self.rowHeight)
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
        guard listViewport.contains(x, y) else { return nil }
        let index = Int(((y - Self.listTop + scroll) / Self.rowHeight).rounded(.down))
        return index >= 0 && index < rowCount ? index : nil
    }

    /// The row whose star button is under a window point.
    public func star(at x: Double, _ y: Double) -> Int? {
        guard let index = row(at: x, y), starRect(index).contains(x, y) else { return nil }
        return index
    }

    /// Rows at least partly visible.
    public var visibleRows: Range<Int> {
        guard rowCount > 0, listViewport.height > 0 else { return 0..<0 }
        let first = max(0, Int((scroll / Self.rowHeight).rounded(.down)))
        let last = min(rowCount, Int(((scroll + listViewport.height) / Self.rowHeight).rounded(.up)))
        return first..<max(first, last)
    }
}
