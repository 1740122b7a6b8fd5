/// One accessible object and everything under it, as a value: its role, name, description, states, actions and
/// children. `id` names it on the bus (its object path is `AccessibleTree.path(of:)`): it must stay the same while
/// the object it stands for is shown (a hero's row keeps its id across reloads), since a screen reader caches
/// what it learnt about a path. Made only of letters, digits and `_` (a D-Bus path element).
public struct AccessibleNode: Equatable, Sendable {
    public var id: String
    public var role: AccessibleRole
    public var name: String
    public var description: String
    public var states: Set<AccessibleState>
    public var actions: [AccessibleAction]
    public var children: [AccessibleNode]

    public init(id: String, role: AccessibleRole, name: String, description: String = "",
                states: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing],
                actions: [AccessibleAction] = [], children: [AccessibleNode] = []) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.actions = actions
        self.children = children
    }

    /// The AT-SPI interfaces the object answers on the bus, in `GetInterfaces`' order.
    public var interfaces: [String] {
        var names = [AccessibleInterface.accessible]
        if role == .application { names.append(AccessibleInterface.application) }
        if !actions.isEmpty { names.append(AccessibleInterface.action) }
        if role == .list { names.append(AccessibleInterface.selection) }
        return names
    }
}
