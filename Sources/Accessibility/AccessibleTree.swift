/// An application's accessible objects as one value: the root (role application) and everything under it, with
/// each object found by id. What the bus asks is answered from it (`answer`, AccessibleTree+Answer.swift), and
/// what changed between two trees is the events a screen reader needs (`events(from:)`): the owner makes a new
/// tree whenever what its window shows changes, and the server sends the difference.
public struct AccessibleTree: Equatable, Sendable {
    /// Where each object is: the node, its parent's id (nil for the root), its index there.
    struct Place: Equatable, Sendable {
        var node: AccessibleNode
        var parent: String?
        var index: Int
    }

    public let root: AccessibleNode
    private(set) var places: [String: Place] = [:]
    /// Every id in tree order (depth first), for events in a stable order.
    private(set) var order: [String] = []

    /// The application's object path, where AT-SPI looks for every application's root.
    public static let rootPath = "/org/a11y/atspi/accessible/root"
    private static let pathPrefix = "/org/a11y/atspi/accessible/"

    /// `root` must have the role application and its id must be "root"; ids must be unique (a later duplicate
    /// is not reachable by path).
    public init(root: AccessibleNode) {
        self.root = root
        index(root, parent: nil, at: 0)
    }

    private mutating func index(_ node: AccessibleNode, parent: String?, at position: Int) {
        guard places[node.id] == nil else { return }
        places[node.id] = Place(node: node, parent: parent, index: position)
        order.append(node.id)
        for (offset, child) in node.children.enumerated() { index(child, parent: node.id, at: offset) }
    }

    public static func path(of id: String) -> String { id == "root" ? rootPath : pathPrefix + id }

    /// The id an object path names, nil for a path outside the tree's folder.
    public static func id(ofPath path: String) -> String? {
        if path == rootPath { return "root" }
        guard path.hasPrefix(pathPrefix) else { return nil }
        return String(path.dropFirst(pathPrefix.count))
    }

    public func node(_ id: String) -> AccessibleNode? { places[id]?.node }

    public func parent(of id: String) -> String? { places[id]?.parent }

    public func indexInParent(of id: String) -> Int? { places[id]?.index }

    /// The first child of `id` with the state selected.
    public func selectedChild(of id: String) -> AccessibleNode? {
        node(id)?.children.first { $0.states.contains(.selected) }
    }

    /// The events that turn what a screen reader knows of `old` into this tree: children gone and come, names and
    /// descriptions changed, states lost then gained (so the old focus goes before the new one comes), and, for a
    /// list whose selected child changed, active-descendant-changed and selection-changed on the list and focus:
    /// on the new child when it has the focus; any other object that gained the focus (an entry) gets its focus:
    /// too. A frame that became active or inactive also sends window:activate or window:deactivate, before the
    /// states. Last, each text that changed: what went, what came, where the caret is (`AccessibleText.events`),
    /// so a text typed into the focused entry is heard after the focus came to it.
    public func events(from old: AccessibleTree) -> [AccessibilityEvent] {
        var events: [AccessibilityEvent] = []
        for id in order {
            guard let node = node(id), let before = old.node(id) else { continue }
            events += Self.childEvents(parent: id, old: before.children.map(\.id), new: node.children.map(\.id))
        }
        var lost: [AccessibilityEvent] = [], gained: [AccessibilityEvent] = [], selections: [AccessibilityEvent] = []
        var texts: [AccessibilityEvent] = []
        for id in order {
            guard let node = node(id), let before = old.node(id) else { continue }
            if node.name != before.name { events.append(.propertyChanged(id, "accessible-name", to: node.name)) }
            if node.description != before.description {
                events.append(.propertyChanged(id, "accessible-description", to: node.description))
            }
            if node.role == .frame, node.states.contains(.active) != before.states.contains(.active) {
                events.append(.windowActivated(id, node.states.contains(.active)))
            }
            for state in AccessibleState.allCases where node.states.contains(state) != before.states.contains(state) {
                if node.states.contains(state) { gained.append(.stateChanged(id, state, on: true)) } else {
                    lost.append(.stateChanged(id, state, on: false))
                }
            }
            if node.role == .list, let selected = selectedChild(of: id), selected.id != old.selectedChild(of: id)?.id {
                selections += [.activeDescendantChanged(id, to: selected.id), .selectionChanged(id)]
                if selected.states.contains(.focused) { selections.append(.focus(selected.id)) }
            } else if node.role == .list, selectedChild(of: id) == nil, old.selectedChild(of: id) != nil {
                selections.append(.selectionChanged(id))
            }
            if let text = node.text, let was = before.text { texts += text.events(from: was, source: id) }
        }
        // The focus that came to an object other than a list's newly selected child (which has its focus: above).
        for event in gained where event.detail == AccessibleState.focused.eventName && !selections.contains(.focus(event.source)) {
            selections.append(.focus(event.source))
        }
        return events + lost + gained + selections + texts
    }

    /// children-changed for each child of `parent` gone (at its old index, last first, so each index is right
    /// when it is applied) and each one come (at its new index, first first).
    private static func childEvents(parent: String, old: [String], new: [String]) -> [AccessibilityEvent] {
        let kept = Set(new), had = Set(old)
        var events: [AccessibilityEvent] = []
        for (index, child) in old.enumerated().reversed() where !kept.contains(child) {
            events.append(.childrenChanged(parent, added: false, index: index, child: child))
        }
        for (index, child) in new.enumerated() where !had.contains(child) {
            events.append(.childrenChanged(parent, added: true, index: index, child: child))
        }
        return events
    }
}
