/// What the server sends back for an `AccessibleCall`: the reply's values, or a D-Bus error; a reply may ask the
/// application to do something (`AccessibleEffect`) once it is sent.
public enum AccessibleAnswer: Equatable, Sendable {
    case reply([DBusValue], effect: AccessibleEffect? = nil)
    case failure(name: String, message: String)

    static func unknownObject(_ path: String) -> AccessibleAnswer {
        .failure(name: "org.freedesktop.DBus.Error.UnknownObject", message: "no accessible object at \(path)")
    }

    static func unknownMethod(_ call: AccessibleCall) -> AccessibleAnswer {
        .failure(name: "org.freedesktop.DBus.Error.UnknownMethod",
                 message: "\(call.path) has no method \(call.member) of \(call.interface)")
    }

    static func invalidArguments(_ call: AccessibleCall) -> AccessibleAnswer {
        .failure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "bad arguments to \(call.member)")
    }
}
