/// One accessible object and everything under it, as a value: its role, name, description, states, actions and
/// children, and the text of an object that has one (an entry). `id` names it on the bus (its object path is
/// `AccessibleTree.path(of:)`): it must stay the same while the object it stands for is shown (a hero's row keeps
/// its id across reloads), since a screen reader caches what it learnt about a path. Made only of letters, digits
/// and `_` (a D-Bus path element).
public struct AccessibleNode: Equatable, Sendable {
    public var id: String
    public var role: AccessibleRole
    public var name: String
    public var description: String
    public var states: Set<AccessibleState>
    public var actions: [AccessibleAction]
    public var children: [AccessibleNode]
    /// An entry's text and caret (the Text interface); nil for objects with no text of their own.
    public var text: AccessibleText?

    public init(id: String, role: AccessibleRole, name: String, description: String = "",
                states: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing],
                actions: [AccessibleAction] = [], children: [AccessibleNode] = [], text: AccessibleText? = nil) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.actions = actions
        self.children = children
        self.text = text
    }

    /// The AT-SPI interfaces the object answers on the bus, in `GetInterfaces`' order. Every object but the
    /// application has a place on the screen (Component: what Orca's flat review and mouse review read).
    public var interfaces: [String] {
        var names = [AccessibleInterface.accessible]
        if role == .application { names.append(AccessibleInterface.application) }
        if !actions.isEmpty { names.append(AccessibleInterface.action) }
        if role == .list { names.append(AccessibleInterface.selection) }
        if role != .application { names.append(AccessibleInterface.component) }
        if text != nil { names.append(AccessibleInterface.text) }
        return names
    }
}
