/// The AT-SPI roles HeroBridge's windows use, with their numbers in AT-SPI's `AtspiRole` (at-spi2-core's
/// atspi-constants.h): what `GetRole` answers and a screen reader announces.
public enum AccessibleRole: UInt32, Sendable {
    case frame = 23
    case label = 29
    case list = 31
    case listItem = 32
    case pushButton = 43
    case application = 75
    case entry = 79

    /// `GetRoleName`'s answer: AT-SPI's own English name of the role.
    public var name: String {
        switch self {
        case .frame: "frame"
        case .label: "label"
        case .list: "list"
        case .listItem: "list item"
        case .pushButton: "push button"
        case .application: "application"
        case .entry: "entry"
        }
    }
}
