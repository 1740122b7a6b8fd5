#if canImport(Glibc)
import Glibc
#endif
import CDBus
import HeroBase

/// One private libdbus connection, serviced from an `AccessibilityLoop`: the descriptors libdbus asks to be
/// watched (its watch functions) become watches of the loop, each poll() result is handed back to libdbus
/// (`dbus_watch_handle`), and every complete message is then dispatched at once on the loop's thread. Incoming
/// method calls become `AccessibleCall`s for `onCall`; the answer goes back as the reply, and its effect is
/// performed after the reply is queued. Sending never blocks: libdbus writes what the socket takes and asks
/// for POLLOUT for the rest. Used by one thread only, the loop's (the blocking `call` is for setting up, before
/// the connection is attached).
final class AccessibilityBus {
    let connection: OpaquePointer
    private(set) var uniqueName: String
    private let timeout: Double
    private weak var loop: AccessibilityLoop?
    /// libdbus's watches (DBusWatch*), valid from its add callback to its remove callback.
    private var watches: [OpaquePointer] = []
    private var onCall: ((AccessibleCall) -> AccessibleAnswer)?
    private var onEffect: ((AccessibleEffect) -> Void)?
    private var onLost: (() -> Void)?
    private var closed = false
    /// The bus's Disconnected came during a dispatch: the connection is closed once the dispatch is over.
    private var disconnected = false

    private init(connection: OpaquePointer, uniqueName: String, timeout: Double) {
        self.connection = connection
        self.uniqueName = uniqueName
        self.timeout = timeout
    }

    deinit { close() }

    /// Connects to the bus at `address` and logs in (SASL, then Hello), each step bounded by `timeout` seconds.
    static func open(address: String, timeout: Double) throws(AccessibilityError) -> AccessibilityBus {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        // Private: this connection is ours alone; a shared one could be closed or used by someone else in the process.
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw AccessibilityError("cannot connect to \(address): \(message(of: error))")
        }
        // libdbus's default for a bus is to exit the process when it goes away.
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let deadline = EventClock.seconds() + timeout
        // libdbus bounds a call by its timeout only once logged in: the SASL exchange is driven here, each wait
        // bounded by the time left, so a socket that accepts and never answers costs at most `timeout`.
        while dbus_connection_get_is_authenticated(connection) == 0 {
            let left = deadline - EventClock.seconds()
            guard dbus_connection_get_is_connected(connection) != 0, left > 0 else {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                throw AccessibilityError("no login to \(address) within \(timeout) s")
            }
            _ = dbus_connection_read_write(connection, Int32((left * 1000).rounded(.up)))
        }
        let bus = AccessibilityBus(connection: connection, uniqueName: "", timeout: timeout)
        let hello = try bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                 interface: "org.freedesktop.DBus", member: "Hello")
        guard let name = hello.first?.string else { throw AccessibilityError("the bus at \(address) gave no name") }
        dbus_bus_set_unique_name(connection, name)
        bus.uniqueName = name
        return bus
    }

    /// A method call whose reply is waited for, at most `timeout`: for setting up only (the login, Embed).
    func call(destination: String, path: String, interface: String, member: String,
              arguments: [DBusValue] = []) throws(AccessibilityError) -> [DBusValue] {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw AccessibilityError("out of memory")
        }
        defer { dbus_message_unref(message) }
        guard DBusMarshal.append(arguments, to: message) else { throw AccessibilityError("out of memory") }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let milliseconds = Int32(max(1, min(timeout * 1000, 600_000)))
        guard let reply = dbus_connection_send_with_reply_and_block(connection, message, milliseconds, &error) else {
            throw AccessibilityError("\(member) failed: \(Self.message(of: error))")
        }
        defer { dbus_message_unref(reply) }
        return DBusMarshal.arguments(of: reply)
    }

    /// From now on the connection is serviced from `loop`; calls go to `onCall`, effects to `onEffect`, and
    /// `onLost` is called once if the bus goes away. Messages that came during the set-up calls are handled now.
    func attach(to loop: AccessibilityLoop, onCall: @escaping (AccessibleCall) -> AccessibleAnswer,
                onEffect: @escaping (AccessibleEffect) -> Void, onLost: @escaping () -> Void) {
        self.loop = loop
        self.onCall = onCall
        self.onEffect = onEffect
        self.onLost = onLost
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_connection_add_filter(connection, { _, message, data in
            guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            return Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue().filter(message)
        }, me, nil)
        _ = dbus_connection_set_watch_functions(connection, { watch, data in
            guard let watch, let data else { return 0 }
            Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue().added(watch)
            return 1
        }, { watch, data in
            guard let watch, let data else { return }
            Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue().removed(watch)
        }, { watch, data in
            guard let watch, let data else { return }
            Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue().rewatch(fd: dbus_watch_get_unix_fd(watch))
        }, me, nil)
        dispatch()
    }

    /// Queues the signal; false when it could not be made (out of memory) or the connection is closed.
    @discardableResult
    func signal(path: String, interface: String, member: String, _ arguments: [DBusValue]) -> Bool {
        guard !closed, let message = dbus_message_new_signal(path, interface, member) else { return false }
        defer { dbus_message_unref(message) }
        guard DBusMarshal.append(arguments, to: message) else { return false }
        return dbus_connection_send(connection, message, nil) != 0
    }

    func close() {
        guard !closed else { return }
        closed = true
        // No more callbacks into this object: the watches are taken off the loop here.
        _ = dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        for fd in Set(watches.map { dbus_watch_get_unix_fd($0) }) { loop?.unwatch(fd: fd) }
        watches = []
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    // MARK: - The loop's side

    private func added(_ watch: OpaquePointer) {
        watches.append(watch)
        rewatch(fd: dbus_watch_get_unix_fd(watch))
    }

    private func removed(_ watch: OpaquePointer) {
        watches.removeAll { $0 == watch }
        rewatch(fd: dbus_watch_get_unix_fd(watch))
    }

    /// The loop watches `fd` for what libdbus's enabled watches on it want (reading always, writing while
    /// something waits to be sent), or not at all when none is enabled.
    private func rewatch(fd: Int32) {
        var events: Int16 = 0
        for watch in watches where dbus_watch_get_unix_fd(watch) == fd && dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
        }
        guard events != 0 else { loop?.unwatch(fd: fd); return }
        loop?.watch(fd: fd, events: events) { [weak self] revents in self?.ready(fd: fd, revents: revents) }
    }

    /// poll() reported `revents` on `fd`: libdbus reads or writes, then each message that came is dispatched.
    private func ready(fd: Int32, revents: Int16) {
        for watch in watches where dbus_watch_get_unix_fd(watch) == fd && dbus_watch_get_enabled(watch) != 0 {
            // A watch that an earlier one's handling removed is gone from `watches`: not touched again.
            guard watches.contains(watch) else { continue }
            let wanted = dbus_watch_get_flags(watch)
            var flags: UInt32 = 0
            if revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue & wanted }
            if revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue & wanted }
            if revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            if revents & Int16(POLLERR | POLLNVAL) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            if flags != 0 { _ = dbus_watch_handle(watch, flags) }
        }
        dispatch()
    }

    private func dispatch() {
        while !closed, !disconnected, dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        guard disconnected, !closed else { return }
        let lost = onLost
        close()
        lost?()
    }

    /// Every message the connection receives: method calls are answered, the bus's Disconnected ends it.
    private func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        if dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
            disconnected = true
            return DBUS_HANDLER_RESULT_HANDLED
        }
        // org.freedesktop.DBus.Peer (Ping, GetMachineId) is left to libdbus, which answers it for every connection.
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL, let onCall,
              dbus_message_has_interface(message, "org.freedesktop.DBus.Peer") == 0 else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let call = AccessibleCall(path: Self.text(dbus_message_get_path(message)),
                                  interface: Self.text(dbus_message_get_interface(message)),
                                  member: Self.text(dbus_message_get_member(message)),
                                  arguments: DBusMarshal.arguments(of: message))
        let answer = onCall(call)
        reply(to: message, with: answer)
        if case let .reply(_, effect?) = answer { onEffect?(effect) }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private func reply(to message: OpaquePointer, with answer: AccessibleAnswer) {
        guard dbus_message_get_no_reply(message) == 0 else { return }
        let reply: OpaquePointer?
        switch answer {
        case let .reply(values, _):
            reply = dbus_message_new_method_return(message)
            if let reply, !DBusMarshal.append(values, to: reply) {
                dbus_message_unref(reply)
                return
            }
        case let .failure(name, text):
            reply = dbus_message_new_error(message, name, text)
        }
        guard let reply else { return }
        _ = dbus_connection_send(connection, reply, nil)
        dbus_message_unref(reply)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    private static func message(of error: DBusError) -> String {
        error.message.map { String(cString: $0) } ?? (error.name.map { String(cString: $0) } ?? "unknown error")
    }
}
