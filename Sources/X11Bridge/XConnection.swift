import CX11
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Xlib reports protocol errors through a C callback that cannot capture context: the last one is kept here.
/// Only the event-loop thread ever touches a display, so plain globals are safe.
nonisolated(unsafe) private var trappedError: (code: UInt8, request: UInt8, resource: UInt)?
/// The displays whose connection Xlib reported gone, by address: one broken connection says nothing of the others
/// in the same process (`herobridge` tests open many).
private let brokenDisplays = Mutex<Set<UInt>>([])

private func markBroken(_ display: OpaquePointer?) {
    guard let display else { return }
    brokenDisplays.withLock { _ = $0.insert(UInt(bitPattern: display)) }
}

/// The connection to the X server, at the edge: with its extensions (`XConnection+*.swift`), the only Swift code
/// that calls Xlib (cairo-xlib draws on our windows through `display`, inside X11Bridge: `CairoWindowSurface`).
/// Confined to the thread that runs the event loop (Xlib is not thread-safe by default). Protocol errors never
/// exit the process: they are trapped and returned.
public final class XConnection {
    /// Xlib's `Display *`: X11Bridge's alone, so no module above it can reach around the connection.
    let display: OpaquePointer
    /// The display name as opened (`:0`, `:99`).
    public let name: String
    public let screen: Int32
    public let root: Window
    /// Every screen's root window.
    public let rootWindows: Set<Window>
    private var atoms: [String: Atom] = [:]
    /// The windows this connection created and has not destroyed: the ones no other client's word is taken for.
    private var ownWindows: Set<Window> = []
    private var atomNames: [Atom: String] = [:]
    /// XFixes' first event code on this server.
    public private(set) var xfixesEventBase: Int32 = 0
    /// RandR as the server has it; nil until first asked (`randr`, in `XConnection+Monitors`).
    var randrSupport: RandRSupport?

    /// Connects to `displayName`, else `$DISPLAY`. Throws `.noDisplay` or `.cannotOpen`.
    public static func open(displayName: String?, environment: [String: String]) throws(X11Error) -> XConnection {
        guard let requested = displayName ?? environment["DISPLAY"], !requested.isEmpty else { throw .noDisplay }
        guard let display = XOpenDisplay(requested) else { throw .cannotOpen(requested) }
        return XConnection(display: display, name: requested)
    }

    /// Takes over `display`, opened as `requested`, and installs the error handlers.
    private init(display: OpaquePointer, name requested: String) {
        self.display = display
        name = requested
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        rootWindows = Set((0..<XScreenCount(display)).map { XRootWindow(display, $0) })
        XSetErrorHandler { _, event in
            if let event { trappedError = (event.pointee.error_code, event.pointee.request_code, event.pointee.resourceid) }
            return 0
        }
        // Without these, Xlib exits the process when the server goes away; we want one log line and exit 1.
        XSetIOErrorHandler { display in markBroken(display); return 0 }
        XSetIOErrorExitHandler(display, { display, _ in markBroken(display) }, nil)
    }

    deinit {
        if !connectionBroken { XCloseDisplay(display) }
        brokenDisplays.withLock { _ = $0.remove(UInt(bitPattern: display)) }
    }

    /// The socket to poll for incoming events.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// True once Xlib has reported that the server connection is gone; nothing else may be asked of it then.
    public var isBroken: Bool { connectionBroken }

    private var connectionBroken: Bool { brokenDisplays.withLock { $0.contains(UInt(bitPattern: display)) } }

    /// Enables XFixes selection notifications; throws when the server lacks the extension.
    public func enableXFixes() throws(X11Error) {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { throw .missingXFixes(name) }
        var major: Int32 = 5, minor: Int32 = 0
        XFixesQueryVersion(display, &major, &minor)
        xfixesEventBase = eventBase
    }

    /// The atom for `name`, created if needed; cached, so repeated lookups cost no round trip.
    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        atomNames[atom] = name
        return atom
    }

    /// The atoms for `names`, in order, created if needed: those not cached yet are interned together
    /// (XInternAtoms sends every request before it waits for the first reply), so a set of them costs one round
    /// trip, not one each. At start the agent interns some 35 atoms; one by one, each waited for the X server to
    /// be scheduled, which is what made its start slow on a busy machine.
    public func atoms(named names: [String]) -> [Atom] {
        var missing: [String] = []
        for name in names where atoms[name] == nil && !missing.contains(name) { missing.append(name) }
        if !missing.isEmpty {
            var cNames = missing.map { strdup($0) }
            defer { for name in cNames { free(name) } }
            var interned = [Atom](repeating: 0, count: missing.count)
            XInternAtoms(display, &cNames, Int32(missing.count), 0, &interned)
            for (name, atom) in zip(missing, interned) where atom != 0 {
                atoms[name] = atom
                atomNames[atom] = name
            }
        }
        return names.map { atoms[$0] ?? atom($0) }
    }

    /// The names of `list`; an atom the server does not know is "". Each atom not seen before costs one round
    /// trip, for at most `maxLookups` of them per call (the rest are ""). Not `XGetAtomNames`: after a BadAtom
    /// (an owner's TARGETS may hold any number) libX11 files each later reply under the atom before it and caches
    /// it so, after which even `XInternAtom("TARGETS")` answered with another atom (AtomNamesTests).
    public func names(of list: [Atom], maxLookups: Int = 256) -> [String] {
        var lookups = 0
        for atom in list where atom != 0 && atomNames[atom] == nil && lookups < maxLookups {
            lookups += 1
            guard let name = XGetAtomName(display, atom) else {
                _ = takeError() // BadAtom: not cached, so a bogus atom cannot fill the table
                continue
            }
            if atomNames.count >= Self.maxCachedNames { forgetOthersNames() }
            atomNames[atom] = String(cString: name)
            XFree(name)
        }
        return list.map { atomNames[$0] ?? "" }
    }

    /// The most atom names kept from other clients' lists: each is a real atom, but a client can make any number.
    static let maxCachedNames = 4096

    /// Drops the names learned from other clients' lists, keeping those of the atoms we interned.
    private func forgetOthersNames() {
        atomNames = Dictionary(atoms.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name of one atom ("" when unknown).
    public func name(of atom: Atom) -> String { names(of: [atom])[0] }

    /// The atom for `name` if this connection has interned it already, else nil: a lookup that never costs a
    /// round trip, for typing each event (`event(from:)`).
    func knownAtom(_ name: String) -> Atom? { atoms[name] }

    /// X's "now" for a request's time (CurrentTime): the server's time when it processes the request. Never for
    /// taking a selection (ICCCM), but fine for letting go of a grab.
    public static let currentTime = Time(CurrentTime)

    /// An unmapped 1×1 window that receives property changes: a requestor or a selection owner.
    public func createHelperWindow() -> Window {
        createWindow(x: -10, y: -10, width: 1, height: 1, background: 0, eventMask: [.propertyChange, .structure])
    }

    /// A child of the root window that selects `eventMask` from its creation on, and is known as ours.
    public func createWindow(x: Int, y: Int, width: Int, height: Int, background: UInt, eventMask: EventMask) -> Window {
        let window = XCreateSimpleWindow(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, 0, background)
        XSelectInput(display, window, eventMask.rawValue)
        ownWindows.insert(window)
        return window
    }

    /// Records a window made by another of our creation calls (`XConnection+Tray`, `+Popup`) as ours.
    func adopt(_ window: Window) { ownWindows.insert(window) }

    /// Whether this connection created `window` (and has not destroyed it). Any client can name any window in
    /// an event it sends, so a window named by another client is checked against this before we act on it.
    public func isOwnWindow(_ window: Window) -> Bool { ownWindows.contains(window) }

    /// The event mask this client has selected on `window`, or nil when the window does not exist (the error
    /// is trapped and consumed). One round trip.
    public func eventMask(of window: Window) -> Int? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else {
            _ = takeError()
            return nil
        }
        return attributes.your_event_mask
    }

    /// Whether `window` exists on the server now (a trapped XGetWindowAttributes). One round trip.
    public func windowExists(_ window: Window) -> Bool { eventMask(of: window) != nil }

    /// Adds `mask` to what this client already selects on `window`; the mask it had before, or nil when the
    /// window does not exist. The only way X11Bridge selects input after a window's creation: XSelectInput
    /// replaces the client's whole mask, and a replaced mask on one of our own windows silently stopped its
    /// clicks, redraws or INCR chunks. (On another client's window it sets only our own mask there: X keeps one
    /// per client.)
    @discardableResult
    public func addEventMask(_ mask: Int, to window: Window) -> Int? {
        guard let current = eventMask(of: window) else { return nil }
        if current & mask != mask { XSelectInput(display, window, current | mask) }
        return current
    }

    /// Takes `mask` out of what this client selects on `window`, leaving the rest; nothing when the window is gone.
    public func removeEventMask(_ mask: Int, from window: Window) {
        guard let current = eventMask(of: window), current & mask != 0 else { return }
        XSelectInput(display, window, current & ~mask)
    }

    /// The largest property value one ChangeProperty request can carry, in bytes: the server's maximum request
    /// length (BIG-REQUESTS when the server has it, else the core limit of about 256 KB) less room for the
    /// request header, as GTK and Chromium compute it.
    public var maxPropertyBytes: Int {
        let extended = XExtendedMaxRequestSize(display)
        let units = extended != 0 ? extended : XMaxRequestSize(display)
        return Int(units) * 4 - 100
    }

    public func destroyWindow(_ window: Window) {
        XDestroyWindow(display, window)
        ownWindows.remove(window)
    }

    /// Sends buffered requests to the server.
    public func flush() { XFlush(display) }

    /// Waits until the server has processed every request, then returns the protocol error they caused, if any.
    public func sync() -> String? {
        XSync(display, 0)
        return takeError()
    }

    /// The error trapped since the last call, as a readable line.
    func takeError() -> String? {
        guard let error = trappedError else { return nil }
        trappedError = nil
        var text = [CChar](repeating: 0, count: 160)
        XGetErrorText(display, Int32(error.code), &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(message) (request \(error.request), resource 0x\(String(error.resource, radix: 16)))"
    }

    /// Whether `event` is a client's copy of an event only the server makes (`ForgedEvent`).
    func isForged(_ event: XEvent) -> Bool { ForgedEvent.isForged(event, xfixesEventBase: xfixesEventBase) }

    /// The log line for a forged event that was ignored.
    func describeForged(_ event: XEvent) -> String {
        ForgedEvent.describe(type: event.type, xfixesEventBase: xfixesEventBase)
    }

    /// Events already read into Xlib's queue (no socket read, no flush).
    public var queuedEvents: Int32 { XQLength(display) }

    /// The next queued event, typed, reading from the socket without blocking; nil when nothing is pending.
    public func nextEvent() -> X11Event? {
        guard !connectionBroken, XPending(display) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display, &event)
        return self.event(from: event)
    }

    /// `raw` as an `X11Event`: a KeyPress looked up in the keyboard mapping (`keyLookup`), a ClientMessage checked
    /// against WM_DELETE_WINDOW and _NET_WM_PING with the atoms already interned (a window that asked for them
    /// interned them and WM_PROTOCOLS: `setProtocols`), so typing an event never costs a round trip of its own
    /// beyond the keyboard mapping's first. A RandR event is typed once RandR was asked for (`watchMonitors`), after
    /// Xlib's screen size followed it.
    func event(from raw: XEvent) -> X11Event {
        var raw = raw
        updateScreenConfiguration(&raw)
        return X11Event(raw, lookUpKey: keyLookup, protocolAtoms: { [self] in
            knownAtom("WM_PROTOCOLS").map { ($0, knownAtom("WM_DELETE_WINDOW"), knownAtom("_NET_WM_PING")) }
        }, randrEventBase: randrSupport?.eventBase)
    }

    /// The first event of `type` for `window` already queued or readable without blocking (Xlib flushes and
    /// reads what has arrived), taken out of the queue and leaving the others in order; nil when there is none.
    func nextEvent(type: Int32, window: Window) -> XEvent? {
        var event = XEvent()
        return XCheckTypedWindowEvent(display, window, type, &event) != 0 ? event : nil
    }

    /// A server timestamp, obtained ICCCM's way: append nothing to a property of `window` and read the time
    /// of the resulting PropertyNotify. Blocks for two round trips, and never longer than `seconds`: throws
    /// when the window is gone, the server stays silent, or the connection breaks meanwhile.
    public func serverTime(window: Window, within seconds: Double = 5) throws(X11Error) -> Time {
        guard !connectionBroken else { throw .connectionLost(name) }
        // The wait below needs PropertyNotify on `window`; without the mask it would wait forever.
        addEventMask(PropertyChangeMask, to: window)
        let property = atom("_HEROBRIDGE_TIMESTAMP")
        var nothing: UInt8 = 0
        XChangeProperty(display, window, property, XA_STRING, 8, PropModeAppend, &nothing, 0)
        // A window that is gone gets BadWindow, and then no PropertyNotify ever comes.
        if let error = sync() { throw .request("could not get a server timestamp on window 0x\(String(window, radix: 16)): \(error)") }
        guard !connectionBroken else { throw .connectionLost(name) }
        guard let event = waitForEvent(EventKey(window: window, type: PropertyNotify, atom: property), seconds: seconds) else {
            throw connectionBroken ? .connectionLost(name) : .serverSilent(name, seconds: seconds)
        }
        return event.xproperty.time
    }

    /// Waits up to `seconds` for the first server-made event that `key` describes, taking it out of Xlib's queue
    /// and leaving every other event there, in order. Nil when the time runs out or the connection breaks: no
    /// wait on the server is unbounded (XWindowEvent spins forever inside Xlib once the server has gone).
    func waitForEvent(_ key: EventKey, seconds: Double) -> XEvent? {
        let end = EventLoop.now() + UInt64(max(0, seconds) * 1e9)
        var wanted = key
        while !connectionBroken {
            var event = XEvent()
            let found = withUnsafeMutablePointer(to: &wanted) { key in
                XCheckIfEvent(display, &event, eventMatchesKey, UnsafeMutableRawPointer(key).assumingMemoryBound(to: CChar.self))
            }
            if found != 0 { return event }
            let now = EventLoop.now()
            guard now < end else { return nil }
            var fd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(min((end - now) / 1_000_000 + 1, 100)))
        }
        return nil
    }
}

/// Which event `XConnection.waitForEvent` waits for: its window and type, and for a PropertyNotify its atom
/// (0 for any).
struct EventKey {
    var window: Window
    var type: Int32
    var atom: Atom

    init(window: Window, type: Int32, atom: Atom = 0) {
        self.window = window
        self.type = type
        self.atom = atom
    }
}

/// XCheckIfEvent's predicate: `argument` points to an `EventKey`. A client's copy never matches.
private let eventMatchesKey: @convention(c) (OpaquePointer?, UnsafeMutablePointer<XEvent>?, XPointer?) -> Int32 = { _, event, argument in
    guard let event, let argument else { return 0 }
    let key = UnsafeRawPointer(argument).load(as: EventKey.self)
    let any = event.pointee.xany
    guard any.type == key.type, any.window == key.window, any.send_event == 0 else { return 0 }
    if key.type == PropertyNotify, key.atom != 0, event.pointee.xproperty.atom != key.atom { return 0 }
    return 1
}
