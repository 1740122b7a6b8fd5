import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Xlib reports protocol errors through a C callback that cannot capture context: the last one is kept here.
/// Only the event-loop thread ever touches a display, so plain globals are safe.
nonisolated(unsafe) private var trappedError: (code: UInt8, request: UInt8, resource: UInt)?
nonisolated(unsafe) private var connectionBroken = false

/// The connection to the X server, at the edge: with its `+Properties` and `+Selections` extensions, the only
/// Swift code that calls Xlib for selections. Confined to the thread that runs the event loop (Xlib is not
/// thread-safe by default). Protocol errors never exit the process: they are trapped and returned.
public final class XConnection {
    public let display: OpaquePointer
    /// The display name as opened (`:0`, `:99`).
    public let name: String
    public let screen: Int32
    public let root: Window
    private var atoms: [String: Atom] = [:]
    private var atomNames: [Atom: String] = [:]
    /// XFixes' first event code on this server.
    public private(set) var xfixesEventBase: Int32 = 0

    /// Connects to `displayName`, else `$DISPLAY`. Throws `.noDisplay` or `.cannotOpen`.
    public init(displayName: String?, environment: [String: String]) throws(X11Error) {
        guard let requested = displayName ?? environment["DISPLAY"], !requested.isEmpty else { throw .noDisplay }
        guard let display = XOpenDisplay(requested) else { throw .cannotOpen(requested) }
        self.display = display
        name = requested
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        XSetErrorHandler { _, event in
            if let event { trappedError = (event.pointee.error_code, event.pointee.request_code, event.pointee.resourceid) }
            return 0
        }
        // Without these, Xlib exits the process when the server goes away; we want one log line and exit 1.
        XSetIOErrorHandler { _ in connectionBroken = true; return 0 }
        XSetIOErrorExitHandler(display, { _, _ in connectionBroken = true }, nil)
    }

    deinit {
        if !connectionBroken { XCloseDisplay(display) }
    }

    /// The socket to poll for incoming events.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// True once Xlib has reported that the server connection is gone; nothing else may be asked of it then.
    public var isBroken: Bool { connectionBroken }

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

    /// The names of `list`, in one round trip for those not cached; an atom the server does not know is "".
    public func names(of list: [Atom]) -> [String] {
        let unknown = Array(Set(list.filter { atomNames[$0] == nil && $0 != 0 }))
        if !unknown.isEmpty {
            var input = unknown
            var output = [UnsafeMutablePointer<CChar>?](repeating: nil, count: unknown.count)
            let ok = XGetAtomNames(display, &input, Int32(unknown.count), &output)
            for (atom, name) in zip(unknown, output) {
                if let name {
                    atomNames[atom] = String(cString: name)
                    XFree(name)
                }
            }
            if ok == 0 { _ = takeError() } // BadAtom for a bogus atom in an owner's TARGETS
        }
        return list.map { atomNames[$0] ?? "" }
    }

    /// The name of one atom ("" when unknown).
    public func name(of atom: Atom) -> String { names(of: [atom])[0] }

    /// An unmapped 1×1 window that receives property changes: a requestor or a selection owner.
    public func createHelperWindow() -> Window {
        let window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask | StructureNotifyMask)
        return window
    }

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

    /// The largest property value one ChangeProperty request can carry, in bytes: the server's maximum request
    /// length (BIG-REQUESTS when the server has it, else the core limit of about 256 KB) less room for the
    /// request header, as GTK and Chromium compute it.
    public var maxPropertyBytes: Int {
        let extended = XExtendedMaxRequestSize(display)
        let units = extended != 0 ? extended : XMaxRequestSize(display)
        return Int(units) * 4 - 100
    }

    /// Replaces this client's event mask on `window` (other clients' masks are their own).
    public func selectInput(window: Window, mask: Int) {
        XSelectInput(display, window, mask)
    }

    public func destroyWindow(_ window: Window) {
        XDestroyWindow(display, window)
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

    /// Events already read into Xlib's queue (no socket read, no flush).
    public var queuedEvents: Int32 { XQLength(display) }

    /// The next queued event, reading from the socket without blocking; nil when nothing is pending.
    public func nextEvent() -> XEvent? {
        guard !connectionBroken, XPending(display) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display, &event)
        return event
    }

    /// A server timestamp, obtained ICCCM's way: append nothing to a property of `window` and read the time
    /// of the resulting PropertyNotify. Blocks for two round trips.
    public func serverTime(window: Window) -> Time {
        // The wait below needs PropertyNotify on `window`; without the mask it would wait forever. It is added to
        // (never replaces) what the window already selects.
        if let mask = eventMask(of: window), mask & PropertyChangeMask == 0 {
            XSelectInput(display, window, mask | PropertyChangeMask)
        }
        let property = atom("_HEROBRIDGE_TIMESTAMP")
        var nothing: UInt8 = 0
        XChangeProperty(display, window, property, XA_STRING, 8, PropModeAppend, &nothing, 0)
        var event = XEvent()
        while true {
            XWindowEvent(display, window, PropertyChangeMask, &event)
            if event.xproperty.atom == property { return event.xproperty.time }
        }
    }
}
