/// What an answer needs besides the tree: the application's unique name on the accessibility bus (every object
/// reference names it), the registry's root that the application was embedded in (the root's parent), and the id
/// the registry gave the application, and where the window's objects are (for the Component interface; the server
/// asks its owner for it when such a call comes).
public struct AccessibleContext: Equatable, Sendable {
    public var busName: String
    public var parent: DBusValue
    public var applicationID: Int32
    public var layout: AccessibleLayout

    public init(busName: String, parent: DBusValue, applicationID: Int32 = 0, layout: AccessibleLayout = AccessibleLayout()) {
        self.busName = busName
        self.parent = parent
        self.applicationID = applicationID
        self.layout = layout
    }

    /// The reference to the object `id`, or AT-SPI's null object for nil.
    func reference(_ id: String?) -> DBusValue {
        .reference(busName, id.map(AccessibleTree.path(of:)) ?? "/org/a11y/atspi/null")
    }
}
