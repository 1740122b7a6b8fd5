import WaylandBridge

/// A Wayland selection change as the clipboard queue orders it: the selection, its offer (nil: it was cleared)
/// and the offered MIME types.
struct WaylandRead: QueuedChange {
    let change: WaylandSelectionChange

    var selection: WaylandSelection { change.selection }
    var isPrimary: Bool { change.selection == .primary }
    /// `clipboard` or `primary`, as the X11 side names them in the log.
    var name: String { change.selection.rawValue }
}
