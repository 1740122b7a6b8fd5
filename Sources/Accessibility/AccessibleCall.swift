/// A method call the object server received, read into values: the object path, interface, member and the
/// arguments.
public struct AccessibleCall: Equatable, Sendable {
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]

    public init(path: String, interface: String, member: String, arguments: [DBusValue] = []) {
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The argument at `index` as an Int32, for the calls that take an index.
    func int32(_ index: Int) -> Int32? {
        index < arguments.count ? arguments[index].unwrapped.int32 : nil
    }

    func string(_ index: Int) -> String? {
        index < arguments.count ? arguments[index].unwrapped.string : nil
    }
}
