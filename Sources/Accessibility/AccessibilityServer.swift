/// An application on the accessibility bus: registered with AT-SPI's registry (`Socket.Embed` on its root, which
/// lists the application on the desktop that screen readers walk), answering the bus's calls from the current
/// `AccessibleTree`, and sending the events between the old tree and each new one (`update`).
///
/// It lives on the thread of the loop it is given and makes no thread, no timer and no wake-up of its own: the
/// connection's descriptor is one more watch of the loop (`AccessibilityBus`), read when a screen reader asks
/// something, written when there is something to say. `start` returns nil, having made nothing, when no
/// accessibility bus runs.
public final class AccessibilityServer {
    public private(set) var tree: AccessibleTree
    private var context: AccessibleContext
    private let bus: AccessibilityBus
    /// An action of an object was done (`DoAction`): the object's id and the action's name.
    public var onAction: ((_ node: String, _ action: String) -> Void)?
    /// An assistive technology selected a list's child (`SelectChild`), or cleared the list's selection (nil).
    public var onSelect: ((_ node: String?, _ list: String) -> Void)?
    /// The accessibility bus went away; the server is closed and does nothing more.
    public var onLost: (() -> Void)?
    /// Where the window's objects are now: asked when a Component call comes (and only then), since the window
    /// moves and scrolls without telling the tree. nil: no object has a place.
    public var layout: (() -> AccessibleLayout)?

    private init(tree: AccessibleTree, context: AccessibleContext, bus: AccessibilityBus) {
        self.tree = tree
        self.context = context
        self.bus = bus
    }

    /// Finds the accessibility bus, connects, embeds the application with `tree`, and services the connection
    /// from `loop`. nil when there is no accessibility bus; throws when there is one but the registration failed.
    /// Blocks for at most a few times `timeout` (the session bus's answers, the login, Embed's reply).
    public static func start(tree: AccessibleTree, environment: [String: String], loop: AccessibilityLoop,
                             timeout: Double = 2) throws(AccessibilityError) -> AccessibilityServer? {
        guard let address = try AccessibilityBusAddress.find(environment: environment, timeout: timeout) else { return nil }
        let bus = try AccessibilityBus.open(address: address, timeout: timeout)
        let plug = DBusValue.reference(bus.uniqueName, AccessibleTree.rootPath)
        let socket = try bus.call(destination: "org.a11y.atspi.Registry", path: AccessibleTree.rootPath,
                                  interface: "org.a11y.atspi.Socket", member: "Embed", arguments: [plug])
        guard let parent = socket.first, parent.signature == "(so)" else {
            throw AccessibilityError("the registry's Embed gave no parent")
        }
        let server = AccessibilityServer(tree: tree, context: AccessibleContext(busName: bus.uniqueName, parent: parent), bus: bus)
        bus.attach(to: loop, onCall: { [unowned server] call in server.answer(call) },
                   onEffect: { [unowned server] effect in server.perform(effect) },
                   onLost: { [unowned server] in server.onLost?() })
        return server
    }

    /// The tree's answer; a Component call is answered with the layout of this moment.
    private func answer(_ call: AccessibleCall) -> AccessibleAnswer {
        if call.interface == AccessibleInterface.component { context.layout = layout?() ?? AccessibleLayout() }
        return tree.answer(call, context: context)
    }

    /// The application's unique name on the accessibility bus.
    public var busName: String { context.busName }

    /// Shows `new` from now on, and sends the events that tell a screen reader what changed.
    public func update(_ new: AccessibleTree) {
        let events = new.events(from: tree)
        tree = new
        for event in events { send(event) }
    }

    /// Sends `event` as AT-SPI's signal `(siiva{sv})` from its source's path.
    func send(_ event: AccessibilityEvent) {
        let data: DBusValue = switch event.data {
        case .none: .int32(0)
        case let .object(id): context.reference(id)
        case let .text(text): .string(text)
        }
        bus.signal(path: AccessibleTree.path(of: event.source), interface: event.interface, member: event.member,
                   [.string(event.detail), .int32(event.detail1), .int32(event.detail2), .variant(data), .array(element: "{sv}", [])])
    }

    private func perform(_ effect: AccessibleEffect) {
        switch effect {
        case let .action(node, name): onAction?(node, name)
        case let .select(node, list): onSelect?(node, list)
        case let .clearSelection(list): onSelect?(nil, list)
        case let .applicationID(id): context.applicationID = id
        }
    }

    /// Leaves the bus (the registry drops the application when its connection closes).
    public func close() { bus.close() }
}
