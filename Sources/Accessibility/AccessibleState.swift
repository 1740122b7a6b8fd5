/// The AT-SPI states HeroBridge's objects have, each its bit in AT-SPI's `AtspiStateType`; `GetState` answers
/// them as two 32-bit words, and `StateChanged` events name them by `eventName`.
public enum AccessibleState: UInt32, CaseIterable, Sendable {
    case active = 1
    case defunct = 6
    case editable = 7
    case enabled = 8
    case focusable = 11
    case focused = 12
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case singleLine = 26
    case visible = 30
    case managesDescendants = 31

    /// The detail of an `object:state-changed:…` event.
    public var eventName: String {
        switch self {
        case .active: "active"
        case .defunct: "defunct"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .managesDescendants: "manages-descendants"
        }
    }

    /// `states` as `GetState`'s `au`: bit n of word n / 32.
    public static func words(_ states: Set<AccessibleState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
        return words
    }
}
