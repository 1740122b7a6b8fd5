import Accessibility
import DropWindow
import X11Bridge

/// The catalog window on the accessibility bus: its `CatalogAccessibleTree` kept current with what the window
/// shows (`show`, at each change of the rows, the search text or the selection), its extents asked of the window.
/// Made by `CatalogApp` when an accessibility bus runs.
typealias CatalogAccessibility = WindowAccessibility<CatalogAccessibleTree>

extension WindowAccessibility where Model == CatalogAccessibleTree {
    /// Follows `view`: the heroes shown, the search text and the selected row, and, when asked, where they are.
    func follow(_ view: CatalogWindowView, on connection: XConnection) {
        show(view)
        places = { [unowned view] in
            let parts = view.partsInPixels
            return WindowPlaces(window: view.window, on: connection, size: view.pixelSize,
                                parts: [CatalogAccessibleTree.searchID: parts.search, CatalogAccessibleTree.listID: parts.list],
                                rows: parts.rows)
        }
    }

    /// The window shows what `view` shows now.
    func show(_ view: CatalogWindowView) {
        update { $0.show(heroes: view.shown, query: view.query, selected: view.selectedHero?.name) }
    }
}
