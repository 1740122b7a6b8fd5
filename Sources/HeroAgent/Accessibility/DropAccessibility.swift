import Accessibility
import HeroCore

/// The drop window on the accessibility bus: its `DropAccessibleTree` kept current with the rows and the status
/// line the window shows; its items' "copy" and "remove" are done the way the window's Enter and star do them
/// (`DropAgent.wireAccessibility`). Made by `AgentBuilder.makeAccessibility` when an accessibility bus runs.
typealias DropAccessibility = WindowAccessibility<DropAccessibleTree>

extension WindowAccessibility where Model == DropAccessibleTree {
    /// The window shows `rows` now.
    func show(rows: [FavoriteRow]) {
        update { $0.show(rows: rows) }
    }

    /// The status line says `text` now.
    func setStatus(_ text: String) {
        update { $0.status = text }
    }
}
