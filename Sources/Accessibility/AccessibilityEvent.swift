/// One AT-SPI event, as the application sends it: a signal from the object `source` on the interface
/// `org.a11y.atspi.Event.<category>`, named `member`, with the arguments `(siiva{sv})`: detail, detail1, detail2,
/// any data, and no properties. libatspi makes it "category:member-in-dashes:detail" for its listeners:
/// `object:state-changed:focused`, `focus:`, `object:children-changed:add`.
public struct AccessibilityEvent: Equatable, Sendable {
    /// What travels in the variant: nothing, another object of the tree (by id), or a text.
    public enum Data: Equatable, Sendable {
        case none
        case object(String)
        case text(String)
    }

    public var source: String
    public var category: String
    public var member: String
    public var detail: String
    public var detail1: Int32
    public var detail2: Int32
    public var data: Data

    public init(source: String, category: String = "Object", member: String, detail: String = "", detail1: Int32 = 0,
                detail2: Int32 = 0, data: Data = .none) {
        self.source = source
        self.category = category
        self.member = member
        self.detail = detail
        self.detail1 = detail1
        self.detail2 = detail2
        self.data = data
    }

    /// The D-Bus interface the signal is sent on.
    public var interface: String { "org.a11y.atspi.Event." + category }

    /// `object:state-changed:<state>`, detail1 1 when the state was gained, 0 when lost.
    public static func stateChanged(_ source: String, _ state: AccessibleState, on: Bool) -> AccessibilityEvent {
        AccessibilityEvent(source: source, member: "StateChanged", detail: state.eventName, detail1: on ? 1 : 0)
    }

    /// `focus:`: the object that has the keyboard focus now (what a screen reader speaks as you move).
    public static func focus(_ source: String) -> AccessibilityEvent {
        AccessibilityEvent(source: source, category: "Focus", member: "Focus")
    }

    /// `object:children-changed:add` or `:remove`: `child` at `index` of `parent`.
    public static func childrenChanged(_ parent: String, added: Bool, index: Int, child: String) -> AccessibilityEvent {
        AccessibilityEvent(source: parent, member: "ChildrenChanged", detail: added ? "add" : "remove",
                           detail1: Int32(clamping: index), data: .object(child))
    }

    /// `object:property-change:accessible-name` (or `-description`) with the new text.
    public static func propertyChanged(_ source: String, _ property: String, to text: String) -> AccessibilityEvent {
        AccessibilityEvent(source: source, member: "PropertyChange", detail: property, data: .text(text))
    }

    /// `object:active-descendant-changed`: the list's current child is now `child`.
    public static func activeDescendantChanged(_ list: String, to child: String) -> AccessibilityEvent {
        AccessibilityEvent(source: list, member: "ActiveDescendantChanged", data: .object(child))
    }

    /// `window:activate` or `window:deactivate`: the frame got or lost the keyboard focus. Orca follows the focus
    /// in the active window.
    public static func windowActivated(_ frame: String, _ active: Bool) -> AccessibilityEvent {
        AccessibilityEvent(source: frame, category: "Window", member: active ? "Activate" : "Deactivate")
    }

    /// `object:selection-changed` on the list whose selection changed.
    public static func selectionChanged(_ list: String) -> AccessibilityEvent {
        AccessibilityEvent(source: list, member: "SelectionChanged")
    }

    /// `object:text-changed:insert` or `:delete`: `text` came or went at the character `offset` of `source`'s
    /// text; detail2 is its length in characters.
    public static func textChanged(_ source: String, inserted: Bool, offset: Int, text: String) -> AccessibilityEvent {
        AccessibilityEvent(source: source, member: "TextChanged", detail: inserted ? "insert" : "delete",
                           detail1: Int32(clamping: offset), detail2: Int32(clamping: text.unicodeScalars.count), data: .text(text))
    }

    /// `object:text-caret-moved`: the caret of `source`'s text is at `offset` now.
    public static func textCaretMoved(_ source: String, to offset: Int) -> AccessibilityEvent {
        AccessibilityEvent(source: source, member: "TextCaretMoved", detail1: Int32(clamping: offset))
    }
}
