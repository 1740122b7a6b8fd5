#if canImport(Glibc)
import Glibc
#endif
import CDBus
import Dispatch
import DropWindow

/// The freedesktop appearance portal's `color-scheme`, read and followed over the session bus through libdbus:
/// `org.freedesktop.portal.Settings.ReadOne` (or `Read`, on a portal older than version 2) of
/// `org.freedesktop.appearance` / `color-scheme`, then every `SettingChanged` signal for it. All of it happens on a
/// thread of its own (a serial queue that this one job holds for the process's life), which blocks in libdbus's
/// poll() with no timeout between messages: no wakeup while nothing changes, and a bus that is slow to answer
/// never holds up the X thread. Each answer goes to `report`, on that thread: the scheme, or nil when no portal
/// answers or the bus went away.
final class PortalColorScheme: @unchecked Sendable {
    private let queue = DispatchQueue(label: "herobridge.portal")
    private let log: AgentLog
    /// Called on the portal's thread: it must only hand the answer over (a loop's mailbox).
    private let report: (Appearance.PortalScheme?) -> Void

    static let service = "org.freedesktop.portal.Desktop", path = "/org/freedesktop/portal/desktop",
               interface = "org.freedesktop.portal.Settings", namespace = "org.freedesktop.appearance", key = "color-scheme"

    /// Starts following the portal on the session bus `environment` names; with no bus, does nothing at all.
    init(environment: [String: String], log: AgentLog, report: @escaping (Appearance.PortalScheme?) -> Void) {
        self.log = log
        self.report = report
        guard let address = DesktopNotifier.busAddress(environment) else { return }
        queue.async { [self] in follow(address) }
    }

    /// Connects, asks, then waits for signals until the bus goes away.
    private func follow(_ address: String) {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            log.debug("theme: no session bus for the appearance portal: \(Self.text(of: error))")
            return
        }
        defer {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        // A bus that goes away must cost the portal's word, never the process.
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let rule = "type='signal',interface='\(Self.interface)',member='SettingChanged',path='\(Self.path)',"
            + "arg0='\(Self.namespace)',arg1='\(Self.key)'"
        guard dbus_bus_register(connection, &error) != 0 else {
            log.debug("theme: cannot log in to the session bus: \(Self.text(of: error))")
            return
        }
        // The match first, so a change between the read and the first wait is not missed.
        dbus_bus_add_match(connection, rule, &error)
        guard dbus_error_is_set(&error) == 0 else {
            log.debug("theme: cannot follow the appearance portal: \(Self.text(of: error))")
            return
        }
        report(read(connection))
        repeat {
            while let message = dbus_connection_pop_message(connection) {
                if let scheme = Self.changedScheme(in: message) { report(scheme) }
                dbus_message_unref(message)
            }
        } while dbus_connection_read_write(connection, -1) != 0
        log.info("theme: the session bus went away; the appearance portal is no longer followed")
        report(nil)
    }

    /// The portal's color-scheme now: ReadOne, else Read for a portal without it; nil when no portal answers.
    private func read(_ connection: OpaquePointer) -> Appearance.PortalScheme? {
        for method in ["ReadOne", "Read"] {
            guard let call = dbus_message_new_method_call(Self.service, Self.path, Self.interface, method) else { return nil }
            defer { dbus_message_unref(call) }
            var arguments = DBusMessageIter()
            dbus_message_iter_init_append(call, &arguments)
            guard Self.append(Self.namespace, to: &arguments), Self.append(Self.key, to: &arguments) else { return nil }
            var error = DBusError()
            dbus_error_init(&error)
            defer { dbus_error_free(&error) }
            // libdbus's default timeout: the portal may be started by activation first.
            guard let reply = dbus_connection_send_with_reply_and_block(connection, call, -1, &error) else {
                if error.name.map({ String(cString: $0) }) == DBUS_ERROR_UNKNOWN_METHOD { continue }
                log.debug("theme: no appearance portal: \(Self.text(of: error))")
                return nil
            }
            defer { dbus_message_unref(reply) }
            var value = DBusMessageIter()
            guard dbus_message_iter_init(reply, &value) != 0, let number = Self.number(in: &value) else {
                log.warning("theme: the appearance portal's color-scheme is not a number; ignored")
                return nil
            }
            return Appearance.PortalScheme(colorScheme: number)
        }
        return nil
    }

    /// The scheme a `SettingChanged(namespace, key, value)` signal carries, when it is the color-scheme's.
    private static func changedScheme(in message: OpaquePointer) -> Appearance.PortalScheme? {
        guard dbus_message_is_signal(message, interface, "SettingChanged") != 0 else { return nil }
        var arguments = DBusMessageIter()
        guard dbus_message_iter_init(message, &arguments) != 0, string(at: &arguments) == namespace,
              dbus_message_iter_next(&arguments) != 0, string(at: &arguments) == key,
              dbus_message_iter_next(&arguments) != 0, let number = number(in: &arguments) else { return nil }
        return Appearance.PortalScheme(colorScheme: number)
    }

    private static let variant = Int32(UInt8(ascii: "v")), uint32 = Int32(UInt8(ascii: "u")),
                       int32 = Int32(UInt8(ascii: "i")), stringType = Int32(UInt8(ascii: "s"))

    /// The number inside any depth of variants (ReadOne gives one, Read two); nil for anything else.
    private static func number(in iterator: inout DBusMessageIter) -> UInt32? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return number(in: &inner)
        case uint32:
            var value: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return value
        case int32:
            var value: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &value)
            return UInt32(bitPattern: value)
        default:
            return nil
        }
    }

    private static func string(at iterator: inout DBusMessageIter) -> String? {
        guard dbus_message_iter_get_arg_type(&iterator) == stringType else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    private static func append(_ text: String, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iterator, stringType, &pointer) != 0
        }
    }

    private static func text(of error: DBusError) -> String {
        (error.name.map { String(cString: $0) } ?? "unknown error") + ": " + (error.message.map { String(cString: $0) } ?? "no message")
    }
}
