#if canImport(Glibc)
import Glibc
#endif
import CDBus

/// Where the accessibility bus is, found the way libatspi finds it: `AT_SPI_BUS_ADDRESS`, else asked of
/// `org.a11y.Bus` on the session bus (`GetAddress`). Only when that name has an owner already: an application must
/// not start the accessibility bus (the session bus would activate at-spi-bus-launcher for it), so with no
/// accessibility bus running nothing is made and nothing is left open.
enum AccessibilityBusAddress {
    /// The address, nil when there is no accessibility bus (or no session bus to ask); throws when the session
    /// bus is there but did not answer.
    static func find(environment: [String: String], timeout: Double) throws(AccessibilityError) -> String? {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let session = sessionAddress(environment) else { return nil }
        let bus = try AccessibilityBus.open(address: session, timeout: timeout)
        defer { bus.close() }
        let owned = try bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                 interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string("org.a11y.Bus")])
        guard owned.first == .boolean(true) else { return nil }
        let reply = try bus.call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress")
        guard let address = reply.first?.string, !address.isEmpty else { throw AccessibilityError("org.a11y.Bus gave no address") }
        return address
    }

    /// `DBUS_SESSION_BUS_ADDRESS`, else a systemd user session's bus (`$XDG_RUNTIME_DIR/bus`). Never X11
    /// autolaunch, which would start a bus.
    static func sessionAddress(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        let socket = runtime + "/bus"
        var status = stat()
        guard stat(socket, &status) == 0, let escaped = dbus_address_escape_value(socket) else { return nil }
        defer { dbus_free(escaped) }
        return "unix:path=" + String(cString: escaped)
    }
}
