import Accessibility
import X11Bridge

/// A window on the accessibility bus (the drop window's `DropAccessibility`, the catalog's `CatalogAccessibility`):
/// its model kept current and the events between trees sent at each change (`update`), the items' actions and a
/// screen reader's selection handed to the owner, and the extents asked of the window when a screen reader wants
/// them (`places`). Lives on the thread of the loop it was started on, like the window; made only when an
/// accessibility bus runs (`start`).
final class WindowAccessibility<Model: WindowAccessibleModel> {
    private let server: AccessibilityServer
    private(set) var model: Model
    /// An item's action was done: the action's name and the item's hero.
    var onAction: ((_ action: String, _ hero: String) -> Void)?
    /// An assistive technology selected a row (nil: cleared the selection). The accessible selection has moved
    /// already; the window's own selection should follow.
    var onSelectionRequest: ((String?) -> Void)?
    /// Where the window and its parts are now; asked only when a screen reader asks for extents.
    var places: (() -> WindowPlaces?)?

    init(server: AccessibilityServer, model: Model) {
        self.server = server
        self.model = model
        server.onAction = { [unowned self] id, action in
            if let name = self.model.rows.hero(ofItem: id) { onAction?(action, name) }
        }
        server.onSelect = { [unowned self] id, _ in
            let name = id.flatMap { self.model.rows.hero(ofItem: $0) }
            selectionMoved(to: name)
            onSelectionRequest?(name)
        }
        server.layout = { [unowned self] in places?().map { self.model.layout($0) } ?? AccessibleLayout() }
        server.update(model.tree)
    }

    /// `model` on the accessibility bus, when one runs (AT_SPI_BUS_ADDRESS, or org.a11y.Bus owned on the session
    /// bus); nil, having made nothing, when none does. Its connection is one more descriptor of `loop`: no thread,
    /// no timer.
    static func start(_ model: Model, environment: [String: String], loop: EventLoop, log: AgentLog) -> WindowAccessibility? {
        let server: AccessibilityServer
        do {
            guard let started = try AccessibilityServer.start(tree: model.tree, environment: environment, loop: loop) else {
                log.debug("accessibility: no accessibility bus; the window is not exposed to screen readers")
                return nil
            }
            server = started
        } catch {
            log.warning("accessibility: not exposing the window to screen readers: \(error)")
            return nil
        }
        log.info("accessibility: registered as \(server.busName) on the accessibility bus")
        server.onLost = { log.info("accessibility: the accessibility bus went away") }
        return WindowAccessibility(server: server, model: model)
    }

    /// Changes the model and sends what changed.
    func update(_ change: (inout Model) -> Void) {
        change(&model)
        server.update(model.tree)
    }

    /// The window's selected row is `name`'s now (nil: none). Its item becomes selected and focused and the
    /// previous one not, which sends object:state-changed:focused and :selected for both, then
    /// object:active-descendant-changed and object:selection-changed on the list and focus: on the item: what
    /// Orca speaks as the selection moves. The keyboard selection calls this each time it moves.
    func selectionMoved(to name: String?) {
        var moved = model
        guard moved.select(name) else { return }
        update { $0 = moved }
    }

    /// The window got (true) or lost the keyboard focus: the frame becomes active or not, with window:activate or
    /// window:deactivate.
    func windowFocused(_ focused: Bool) {
        guard focused != model.active else { return }
        update { $0.active = focused }
    }

    /// Hands the window's focus changes to `windowFocused`: the event is seen, not taken.
    func see(_ event: X11Event, window: Window) {
        switch event.kind {
        case let .focusIn(target) where target == window: windowFocused(true)
        case let .focusOut(target) where target == window: windowFocused(false)
        default: break
        }
    }

    /// Leaves the bus.
    func close() { server.close() }
}
