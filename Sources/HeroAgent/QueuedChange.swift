import X11Bridge

/// A selection change as `ClipboardQueue` orders it, whichever protocol announced it: which selection changed
/// (a newer change of the same one supersedes), and whether it is PRIMARY (CLIPBOARD is read first).
protocol QueuedChange: Equatable {
    associatedtype Selection: Equatable
    var selection: Selection { get }
    var isPrimary: Bool { get }
}

extension SelectionChange: QueuedChange {
    var isPrimary: Bool { selection.isPrimary }
}
