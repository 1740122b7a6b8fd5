import CDataControl
import CLinux
import CWaylandClient
#if canImport(Glibc)
import Glibc
import HeroBase
#endif

/// A connection to a Wayland compositor with the first seat and the data-control manager bound. It lives on one
/// thread (the loop's). Only this type and `DataControlProtocol` call libwayland; the rest of WaylandBridge asks it.
public final class WaylandConnection {
    /// How long a set-up round trip may take.
    public static let roundTripTimeout = 5.0

    let display: OpaquePointer
    private var registry: OpaquePointer?
    private(set) var seat: OpaquePointer?
    private(set) var manager: OpaquePointer?
    private var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    /// The socket the display was made on.
    public let socketPath: String
    /// The data-control protocol bound; nil when the compositor has none (GNOME).
    public private(set) var dataControl: DataControlProtocol?
    /// Why `dispatch` returned false (or a flush failed), as a sentence for a log line.
    public private(set) var lastError: String?
    /// Whether requests wait in libwayland's buffer for the socket to become writable: watch POLLOUT and `flush`.
    public private(set) var wantsWrite = false
    private weak var attachedLoop: DescriptorLoop?
    private var watchedEvents: Int16 = 0
    private var onLost: ((String) -> Void)?
    /// The `probe` callbacks not answered yet.
    private var probes: Set<OpaquePointer> = []

    private init(display: OpaquePointer, socketPath: String) {
        self.display = display
        self.socketPath = socketPath
    }

    deinit {
        // A probe the compositor never answered (it dropped this client, the probe's very case) is destroyed here.
        for callback in probes { wl_callback_destroy(callback) }
        if let attachedLoop { attachedLoop.unwatch(fd: fileDescriptor) }
        if let manager, let dataControl { dataControl.destroy(manager: manager) }
        if let seat { wl_proxy_destroy(seat) }
        if let registry { wl_proxy_destroy(registry) }
        wl_display_disconnect(display)
    }

    /// Connects to the compositor named by `environment` (WAYLAND_DISPLAY, default `wayland-0`, relative to
    /// XDG_RUNTIME_DIR unless absolute; the process's own environment is not read), binds the first `wl_seat` and
    /// the data-control manager (ext-data-control-v1 preferred, else wlr-data-control-unstable-v1 at
    /// min(offered, 2)). Blocks for at most two round trips of `roundTripTimeout` each. A compositor without
    /// data control is no error here: `dataControl` is nil.
    public static func open(environment: [String: String]) throws(WaylandError) -> WaylandConnection {
        let path = try socketPath(environment: environment)
        let fd = try connectSocket(path)
        guard let display = wl_display_connect_to_fd(fd) else {
            let error = errno
            close(fd)
            throw .displayFailed(errno: error)
        }
        let connection = WaylandConnection(display: display, socketPath: path)
        try connection.bindGlobals()
        return connection
    }

    /// The socket's path as libwayland would find it.
    static func socketPath(environment: [String: String]) throws(WaylandError) -> String {
        let name = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if name.hasPrefix("/") { return name }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { throw .noRuntimeDirectory }
        return runtime.hasSuffix("/") ? runtime + name : runtime + "/" + name
    }

    private static func connectSocket(_ path: String) throws(WaylandError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { throw .socketPathTooLong(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .connectFailed(path: path, errno: errno) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            close(fd)
            throw .connectFailed(path: path, errno: error)
        }
        return fd
    }

    /// The connection's socket, to poll.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// The most reads of the socket one `dispatch` makes (libwayland reads at most its 4 KiB buffer each time).
    /// libwayland-server before 1.23 disconnects a client whose socket stays full, and a source offering
    /// thousands of types makes the compositor send one event per type to every data-control client at once: a
    /// wake-up drains that much, and the loop still gets its turn.
    public static let readsPerDispatch = 64

    /// Reads and dispatches what the compositor sent, without blocking: libwayland's prepare_read, read_events,
    /// dispatch_pending, while more is ready (at most `readsPerDispatch` times), then a flush of what the handlers
    /// asked. False when the connection is lost or the compositor reported a protocol error (`lastError` says
    /// which); nothing works after that.
    public func dispatch() -> Bool {
        guard lastError == nil else { return false }
        for _ in 0..<Self.readsPerDispatch {
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
            }
            var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else {
                wl_display_cancel_read(display)
                break
            }
            guard wl_display_read_events(display) >= 0 else { return fail() }
            guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
        }
        guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
        flush()
        return lastError == nil
    }

    /// Sends the requests libwayland buffered. When the socket is full, `wantsWrite` becomes true (and an attached
    /// loop watches for POLLOUT) until a later flush sends the rest.
    public func flush() {
        guard lastError == nil else { return }
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN {
                wantsWrite = true
            } else {
                _ = fail()
            }
        } else {
            wantsWrite = false
        }
        updateWatch()
    }

    /// Watches the connection on `loop`: dispatches when readable, flushes when writable and `wantsWrite`; calls
    /// `onLost` with `lastError` once, and stops watching, when the connection is lost.
    public func attach(to loop: DescriptorLoop, onLost: @escaping (String) -> Void) {
        attachedLoop = loop
        self.onLost = onLost
        watchedEvents = 0
        updateWatch()
    }

    private func updateWatch() {
        guard let loop = attachedLoop else { return }
        guard lastError == nil else {
            loop.unwatch(fd: fileDescriptor)
            attachedLoop = nil
            let lost = onLost
            onLost = nil
            lost?(lastError ?? "")
            return
        }
        let events = Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)
        guard events != watchedEvents else { return }
        watchedEvents = events
        loop.watch(fd: fileDescriptor, events: events) { [weak self] revents in
            guard let self else { return }
            if revents & Int16(POLLOUT) != 0 { flush() }
            if revents & ~Int16(POLLOUT) != 0 { _ = dispatch() }
        }
    }

    /// Records why the connection failed; false, for `dispatch`.
    private func fail() -> Bool {
        let error = wl_display_get_error(display)
        if error == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let code = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "an unknown interface"
            lastError = "the Wayland compositor reported protocol error \(code) on \(name)@\(id)"
        } else if error == 0 || error == EPIPE || error == ECONNRESET {
            lastError = "the Wayland compositor closed the connection"
        } else {
            lastError = "the Wayland connection failed: \(String(cString: strerror(error)))"
        }
        updateWatch()
        return false
    }

    /// Asks the compositor for a round trip without waiting for it (`wl_display.sync`, its answer destroyed when
    /// it comes): a request that makes a compositor which stopped sending to this client drop it, so that the
    /// loss shows (`dispatch` returns false) instead of the connection going quiet.
    public func probe() {
        guard lastError == nil, let callback = wl_display_sync(display) else { return }
        probes.insert(callback)
        _ = wl_callback_add_listener(callback, probeListener, Unmanaged.passUnretained(self).toOpaque())
        flush()
    }

    /// A probe's answer came: its callback goes.
    fileprivate func probeAnswered(_ callback: OpaquePointer) {
        guard probes.remove(callback) != nil else { return }
        wl_callback_destroy(callback)
    }

    /// Blocks until the compositor has handled everything sent so far, at most `roundTripTimeout`.
    public func roundTrip() throws(WaylandError) {
        guard let callback = wl_display_sync(display) else { throw .roundTripFailed("no callback could be made") }
        defer { wl_proxy_destroy(callback) }
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.initialize(to: false)
        defer { done.deallocate() }
        _ = wl_callback_add_listener(callback, roundTripListener, done)
        let deadline = EventClock.nanoseconds() + UInt64(Self.roundTripTimeout * 1e9)
        flush()
        while !done.pointee {
            let now = EventClock.nanoseconds()
            guard now < deadline else { throw .roundTripFailed("no answer within \(Int(Self.roundTripTimeout)) s") }
            var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&ready, 1, Int32((deadline - now) / 1_000_000) + 1)
            guard dispatch() else { throw .roundTripFailed(lastError ?? "the connection failed") }
        }
    }

    private func bindGlobals() throws(WaylandError) {
        registry = wl_display_get_registry(display)
        guard let registry else { throw .roundTripFailed("no registry") }
        _ = wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        try roundTrip()
        guard let seatGlobal = globals.first(where: { $0.interface == "wl_seat" }) else { throw .noSeat }
        seat = OpaquePointer(wl_registry_bind(registry, seatGlobal.name, hb_wl_seat_interface(), 1))
        for family in [DataControlProtocol.Family.ext, .wlr] {
            let interface = DataControlProtocol.managerInterfaceName(of: family)
            guard let global = globals.first(where: { $0.interface == interface }) else { continue }
            let chosen = DataControlProtocol(family: family,
                                             version: min(global.version, DataControlProtocol.supportedVersion(of: family)))
            manager = OpaquePointer(wl_registry_bind(registry, global.name, chosen.managerInterface, chosen.version))
            dataControl = chosen
            break
        }
        try roundTrip()
    }

    /// A `wl_registry.global` event.
    fileprivate func announced(name: UInt32, interface: String, version: UInt32) {
        globals.append((name, interface, version))
    }
}

/// Listener tables live as long as the process: libwayland keeps a pointer to them in each proxy.
nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let data, let interface else { return }
            Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
                .announced(name: name, interface: String(cString: interface), version: version)
        },
        global_remove: { _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let roundTripListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, _ in
        data?.assumingMemoryBound(to: Bool.self).pointee = true
    }))
    return listener
}()

nonisolated(unsafe) private let probeListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, callback, _ in
        guard let data, let callback else { return }
        Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().probeAnswered(callback)
    }))
    return listener
}()
