import Accessibility
import HeroCore

/// The drop window on the accessibility bus: its `DropAccessibleTree` kept current with the rows and the status
/// line the window shows, the items' actions done the way the window's star and keys do them, and the
/// selection's events sent when the selected row moves. Lives on the X thread, like the window; made only when
/// an accessibility bus runs (`AgentBuilder.makeAccessibility`).
final class DropAccessibility {
    private let server: AccessibilityServer
    private var model = DropAccessibleTree()
    /// An item's "remove": what the row's star does.
    var onRemove: ((String) -> Void)?
    /// An item's "copy": what Enter on the row does (the hero put on CLIPBOARD, as `herobridge copy` offers it).
    var onCopy: ((String) -> Void)?
    /// An assistive technology selected a row (nil: cleared the selection). The accessible selection has moved
    /// already; the window's own selection should follow.
    var onSelectionRequest: ((String?) -> Void)?

    init(server: AccessibilityServer) {
        self.server = server
        server.onAction = { [unowned self] id, action in
            guard let name = model.hero(ofItem: id) else { return }
            switch action {
            case DropAccessibleTree.remove.name: onRemove?(name)
            case DropAccessibleTree.copy.name: onCopy?(name)
            default: break
            }
        }
        server.onSelect = { [unowned self] id, _ in
            let name = id.flatMap { model.hero(ofItem: $0) }
            selectionMoved(to: name)
            onSelectionRequest?(name)
        }
        server.update(model.tree)
    }

    /// The window shows `rows` now.
    func show(rows: [FavoriteRow]) {
        model.show(rows: rows)
        server.update(model.tree)
    }

    /// The status line says `text` now.
    func setStatus(_ text: String) {
        model.status = text
        server.update(model.tree)
    }

    /// The window's selected row is `name`'s now (nil: none). Its item becomes selected and focused and the
    /// previous one not, which sends object:state-changed:focused and :selected for both, then
    /// object:active-descendant-changed and object:selection-changed on the list and focus: on the item: what
    /// Orca speaks as the selection moves. The keyboard selection calls this each time it moves.
    func selectionMoved(to name: String?) {
        guard name != model.selected, name == nil || model.rows.contains(where: { $0.name == name }) else { return }
        model.selected = name
        server.update(model.tree)
    }

    /// The window got (true) or lost the keyboard focus: the frame becomes active or not, with window:activate or
    /// window:deactivate.
    func windowFocused(_ focused: Bool) {
        guard focused != model.active else { return }
        model.active = focused
        server.update(model.tree)
    }

    /// Leaves the bus.
    func close() { server.close() }
}
