#if canImport(Glibc)
import Glibc
#endif
import CDBus
import Dispatch
import Synchronization

/// Shows desktop notifications: org.freedesktop.Notifications.Notify on the session D-Bus, through libdbus.
/// Everything D-Bus happens on a thread of the notifier's own (a serial queue), never on the X thread or the
/// ingest worker: a bus that is slow to answer costs a notification, not a copy. The connection is made at the
/// first notification (an agent with notifications on but never used opens no socket) and again after the bus
/// went away, so a bus or daemon that comes back later is used again. Failures are logged once per outage
/// (`NotifierHealth`), and none of them stops anything else.
public final class DesktopNotifier: @unchecked Sendable {
    public struct Limits: Sendable {
        /// How long the bus may take to answer the login (SASL, then Hello) and each Notify. A daemon answers in
        /// milliseconds; one that does not within this is hung, and the next notification tries again.
        public var replyTimeout: Double = 2
        /// Notifications waiting for the bus at most; more are dropped (one debug line each). Each holds at most
        /// a 128 px portrait (64 KiB), so a hung bus holds at most this many of them.
        public var maxPending = 4

        public init() {}
    }

    private let queue = DispatchQueue(label: "herobridge.notify")
    private let environment: [String: String]
    private let log: AgentLog
    private let limits: Limits
    private let pending = Atomic<Int>(0)
    // Touched on `queue` only (and in deinit, when no job can be running: every job holds the notifier).
    private var connection: OpaquePointer?
    private var health = NotifierHealth()

    public init(environment: [String: String], log: AgentLog, limits: Limits = Limits()) {
        self.environment = environment
        self.log = log
        self.limits = limits
    }

    deinit {
        if let connection { Self.close(connection) }
    }

    /// Queues `notification` for the bus; returns at once. Callable from any thread.
    public func send(_ notification: DesktopNotification) {
        guard pending.add(1, ordering: .relaxed).newValue <= limits.maxPending else {
            pending.subtract(1, ordering: .relaxed)
            log.debug("notifications: \(limits.maxPending) still waiting for the bus; not showing \"\(notification.summary)\"")
            return
        }
        queue.async { [self] in
            defer { pending.subtract(1, ordering: .relaxed) }
            do throws(NotifyError) {
                try deliver(notification)
                if let line = health.delivered() { log.info("notifications: \(line)") }
                log.debug("notifications: showed \"\(notification.summary)\"")
            } catch {
                if let line = health.failed(error) {
                    log.warning("notifications: \(line)")
                } else {
                    log.debug("notifications: not showing \"\(notification.summary)\": \(error)")
                }
            }
        }
    }

    /// Waits until every notification queued so far was sent or failed; false after `seconds`. For tests: the agent
    /// never waits for a notification.
    public func drain(within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }

    // MARK: - On the queue

    private var timeoutMilliseconds: Int32 { Int32(max(1, min(limits.replyTimeout * 1000, 600_000))) }

    private func deliver(_ notification: DesktopNotification) throws(NotifyError) {
        let connection = try connected()
        guard let message = dbus_message_new_method_call("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                         "org.freedesktop.Notifications", "Notify") else {
            throw .callFailed(name: "Notify", reason: "out of memory")
        }
        defer { dbus_message_unref(message) }
        guard Self.appendNotify(notification, to: message) else { throw .callFailed(name: "Notify", reason: "out of memory") }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, timeoutMilliseconds, &error) else {
            let (name, reason) = Self.text(of: error)
            Self.discardIncoming(connection)
            // A bus that went away, or a reply that never came: start from a new connection next time.
            if dbus_connection_get_is_connected(connection) == 0 || name == DBUS_ERROR_NO_REPLY { drop() }
            if name == DBUS_ERROR_SERVICE_UNKNOWN { throw .noDaemon }
            throw .callFailed(name: name, reason: reason)
        }
        dbus_message_unref(reply)
        Self.discardIncoming(connection)
    }

    /// Frees what the bus sent us besides replies: NameAcquired after the login, and the NotificationClosed signal
    /// dunst addresses to the sender of each notification. libdbus reads them into its queue during a call and
    /// keeps them until dispatched, and this connection never dispatches: without this, every notification
    /// would leave one message in memory for the agent's lifetime.
    private static func discardIncoming(_ connection: OpaquePointer) {
        while let message = dbus_connection_pop_message(connection) { dbus_message_unref(message) }
    }

    /// The connection, made now if there is none or the old one was disconnected.
    private func connected() throws(NotifyError) -> OpaquePointer {
        if let connection {
            if dbus_connection_get_is_connected(connection) != 0 { return connection }
            drop()
        }
        guard let address = Self.busAddress(environment) else { throw .noBus }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        // Private: the connection is this notifier's alone, and libdbus must not share it or close it behind us.
        guard let opened = dbus_connection_open_private(address, &error) else {
            throw .cannotConnect(address: address, reason: Self.text(of: error).reason)
        }
        // A bus that goes away must cost the notifications, never the process (libdbus's default for buses it
        // opens itself is to exit).
        dbus_connection_set_exit_on_disconnect(opened, 0)
        if let reason = authenticate(opened) {
            Self.close(opened)
            throw .cannotConnect(address: address, reason: reason)
        }
        // The login by hand rather than dbus_bus_register, whose Hello waits libdbus's default 25 s.
        guard let hello = dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")
        else {
            Self.close(opened)
            throw .cannotConnect(address: address, reason: "out of memory")
        }
        defer { dbus_message_unref(hello) }
        guard let reply = dbus_connection_send_with_reply_and_block(opened, hello, timeoutMilliseconds, &error) else {
            Self.close(opened)
            throw .cannotConnect(address: address, reason: Self.text(of: error).reason)
        }
        defer { dbus_message_unref(reply) }
        var arguments = DBusMessageIter()
        if dbus_message_iter_init(reply, &arguments) != 0, dbus_message_iter_get_arg_type(&arguments) == Self.string {
            var name: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&arguments, &name)
            if let name { dbus_bus_set_unique_name(opened, name) }
        }
        Self.discardIncoming(opened)
        connection = opened
        return opened
    }

    /// Runs the SASL login within the reply timeout; nil once done, else why not. libdbus applies a call's timeout
    /// only once the connection is authenticated: before that, a Hello to a socket that accepts and never answers
    /// (a hung bus) waited in poll() with no timeout at all (seen with strace, libdbus 1.14). So the login is
    /// driven here, each wait bounded by the time left.
    private func authenticate(_ connection: OpaquePointer) -> String? {
        let deadline = Self.now() + limits.replyTimeout
        while dbus_connection_get_is_authenticated(connection) == 0 {
            guard dbus_connection_get_is_connected(connection) != 0 else { return "the bus closed the connection during the login" }
            let left = deadline - Self.now()
            guard left > 0 else { return "no answer to the login within \(limits.replyTimeout) s" }
            _ = dbus_connection_read_write(connection, Int32(max(1, (left * 1000).rounded(.up))))
        }
        return nil
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func drop() {
        if let connection { Self.close(connection) }
        connection = nil
    }

    private static func close(_ connection: OpaquePointer) {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// `DBUS_SESSION_BUS_ADDRESS`, else the bus of a systemd user session (`$XDG_RUNTIME_DIR/bus`, where
    /// dbus-user-session puts it), as sd-bus looks for it. Never X11 autolaunch: a notifier must not start a bus.
    static func busAddress(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), access(runtime + "/bus", F_OK) == 0,
              let escaped = dbus_address_escape_value(runtime + "/bus") else { return nil }
        defer { dbus_free(escaped) }
        return "unix:path=" + String(cString: escaped)
    }

    private static func text(of error: DBusError) -> (name: String, reason: String) {
        (error.name.map { String(cString: $0) } ?? "unknown error", error.message.map { String(cString: $0) } ?? "no message")
    }

    // MARK: - The Notify arguments: susssasa{sv}i

    private static let string = Int32(UInt8(ascii: "s")), uint32 = Int32(UInt8(ascii: "u")),
                       int32 = Int32(UInt8(ascii: "i")), boolean = Int32(UInt8(ascii: "b")),
                       byte = Int32(UInt8(ascii: "y")), array = Int32(UInt8(ascii: "a")),
                       variant = Int32(UInt8(ascii: "v")), structure = Int32(UInt8(ascii: "r")),
                       dictEntry = Int32(UInt8(ascii: "e"))

    /// False only when libdbus ran out of memory. Swift strings are valid UTF-8, which libdbus insists on (it
    /// aborts on anything else); a NUL inside one would end it early, at a character boundary.
    private static func appendNotify(_ notification: DesktopNotification, to message: OpaquePointer) -> Bool {
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(message, &arguments)
        guard append(DesktopNotification.appName, to: &arguments),
              append(UInt32(0), type: uint32, to: &arguments),
              append(DesktopNotification.appIcon, to: &arguments),
              append(notification.summary, to: &arguments),
              append(notification.body, to: &arguments) else { return false }
        var actions = DBusMessageIter()
        guard dbus_message_iter_open_container(&arguments, array, "s", &actions) != 0,
              dbus_message_iter_close_container(&arguments, &actions) != 0 else { return false }
        var hints = DBusMessageIter()
        guard dbus_message_iter_open_container(&arguments, array, "{sv}", &hints) != 0 else { return false }
        if let image = notification.image, !appendImageData(image, to: &hints) {
            dbus_message_iter_abandon_container(&arguments, &hints)
            return false
        }
        return dbus_message_iter_close_container(&arguments, &hints) != 0
            && append(DesktopNotification.expireTimeout, type: int32, to: &arguments)
    }

    /// The hint `"image-data": <(iiibiiay)>`.
    private static func appendImageData(_ image: NotificationImage, to hints: inout DBusMessageIter) -> Bool {
        var entry = DBusMessageIter(), value = DBusMessageIter(), fields = DBusMessageIter(), pixels = DBusMessageIter()
        guard dbus_message_iter_open_container(&hints, dictEntry, nil, &entry) != 0 else { return false }
        guard append("image-data", to: &entry),
              dbus_message_iter_open_container(&entry, variant, "(iiibiiay)", &value) != 0 else {
            dbus_message_iter_abandon_container(&hints, &entry)
            return false
        }
        guard dbus_message_iter_open_container(&value, structure, nil, &fields) != 0 else {
            dbus_message_iter_abandon_container(&entry, &value)
            dbus_message_iter_abandon_container(&hints, &entry)
            return false
        }
        var ok = append(Int32(image.width), type: int32, to: &fields)
            && append(Int32(image.height), type: int32, to: &fields)
            && append(Int32(image.rowstride), type: int32, to: &fields)
            && append(dbus_bool_t(image.hasAlpha ? 1 : 0), type: boolean, to: &fields)
            && append(Int32(image.bitsPerSample), type: int32, to: &fields)
            && append(Int32(image.channels), type: int32, to: &fields)
            && dbus_message_iter_open_container(&fields, array, "y", &pixels) != 0
        if ok {
            ok = image.bytes.withUnsafeBufferPointer { buffer in
                var start = buffer.baseAddress
                return dbus_message_iter_append_fixed_array(&pixels, byte, &start, Int32(buffer.count)) != 0
            }
            ok = dbus_message_iter_close_container(&fields, &pixels) != 0 && ok
        }
        ok = dbus_message_iter_close_container(&value, &fields) != 0 && ok
        ok = dbus_message_iter_close_container(&entry, &value) != 0 && ok
        return dbus_message_iter_close_container(&hints, &entry) != 0 && ok
    }

    private static func append(_ text: String, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iterator, string, &pointer) != 0
        }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus_message_iter_append_basic(&iterator, type, &copy) != 0
    }
}
