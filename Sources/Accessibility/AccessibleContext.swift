/// What an answer needs besides the tree: the application's unique name on the accessibility bus (every object
/// reference names it), the registry's root that the application was embedded in (the root's parent), and the id
/// the registry gave the application.
public struct AccessibleContext: Equatable, Sendable {
    public var busName: String
    public var parent: DBusValue
    public var applicationID: Int32

    public init(busName: String, parent: DBusValue, applicationID: Int32 = 0) {
        self.busName = busName
        self.parent = parent
        self.applicationID = applicationID
    }

    /// The reference to the object `id`, or AT-SPI's null object for nil.
    func reference(_ id: String?) -> DBusValue {
        .reference(busName, id.map(AccessibleTree.path(of:)) ?? "/org/a11y/atspi/null")
    }
}
