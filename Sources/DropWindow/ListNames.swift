/// The names of a list's rows, in order, as `ListKeys` reads them: by index, and the index of a name. A plain
/// array finds a name by a pass over it; the drop window's rows, sorted, find it by a binary search
/// (`ShownNames`), so that keeping the selection on its hero after a change costs no pass over 100,000 rows.
public protocol ListNames {
    var count: Int { get }
    subscript(index: Int) -> String { get }
    /// The index of the row named `name`, nil when none is.
    func index(of name: String) -> Int?
}

extension Array: ListNames where Element == String {
    public func index(of name: String) -> Int? { firstIndex(of: name) }
}
