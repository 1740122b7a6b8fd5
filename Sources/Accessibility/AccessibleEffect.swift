/// What a call asks the application to do, beyond answering: an action of an object done, a list's selection
/// moved or cleared (an assistive technology's Selection calls), or the id the registry gives the application
/// stored.
public enum AccessibleEffect: Equatable, Sendable {
    case action(node: String, name: String)
    case select(node: String, list: String)
    case clearSelection(list: String)
    case applicationID(Int32)
}
