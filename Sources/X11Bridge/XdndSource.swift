import CX11

/// The XDND glue for one drag out of one of our windows: grabs the pointer and keyboard, finds the XdndAware
/// window under the pointer (`XdndTargetFinder`), feeds `XdndSourceMachine`, and sends its messages, cursors and
/// timers. The data is served by whoever owns XdndSelection for `window` (acquire it before `begin`, give it up
/// in `onEnd`): this class speaks only the drag protocol.
public final class XdndSource {
    private let connection: XConnection
    private let loop: EventLoop
    /// The window the drag comes from: it holds the grabs, XdndTypeList, and receives Status and Finished.
    public let window: Window
    private let types: [Atom]
    private let finder: XdndTargetFinder
    private var machine: XdndSourceMachine
    private var timers: [XdndSourceMachine.Timer: EventLoop.DeadlineID] = [:]
    private var grabbed = false
    /// The earliest time a message may carry: the XdndSelection ownership's (see `begin`).
    private var earliest: Time = 0
    private let cursors: (none: Cursor, accept: Cursor)
    private let onEnd: (XdndSourceMachine.Outcome) -> Void
    /// Called with the pointer's root position at the start and at every motion while the button is held (a drag
    /// image follows it).
    public var onMotion: ((Point) -> Void)?
    /// Called when the pointer and keyboard are let go: the button was released (the drop) or Escape pressed. The
    /// drag may still wait for the target's XdndFinished; what follows the pointer goes now.
    public var onRelease: (() -> Void)?
    private let atoms: XdndAtoms
    /// Escape's keysym (keysymdef.h `XK_Escape`).
    private static let escapeKeysym: KeySym = 0xff1b
    /// cursorfont.h: `XC_circle` (a "no" sign) while nothing accepts, `XC_hand2` over a target that accepts.
    private static let refusedCursorShape: UInt32 = 24, acceptedCursorShape: UInt32 = 60
    /// What the pointer grab reports: the motions that move the drag and the release that drops it.
    private static let grabMask: EventMask = [.buttonRelease, .pointerMotion]

    /// Prepares a drag of `types` (target names, best first) from `window`; our own windows in `excluded` are
    /// never targets. `onEnd` runs once, when the drag is over.
    public init(connection: XConnection, loop: EventLoop, window: Window, types: [String], excluded: Set<Window>,
                timing: XdndSourceMachine.Timing = .init(), onEnd: @escaping (XdndSourceMachine.Outcome) -> Void) {
        self.connection = connection
        self.loop = loop
        self.window = window
        self.types = types.map(connection.atom)
        finder = XdndTargetFinder(connection: connection, excluded: excluded)
        machine = XdndSourceMachine(timing: timing)
        self.onEnd = onEnd
        atoms = XdndAtoms(connection: connection)
        cursors = (connection.createFontCursor(Self.refusedCursorShape), connection.createFontCursor(Self.acceptedCursorShape))
    }

    deinit {
        connection.freeCursor(cursors.none)
        connection.freeCursor(cursors.accept)
    }

    /// Whether the drag has ended.
    public var isDone: Bool { machine.isDone }

    /// Whether the button is still held (the pointer and keyboard are grabbed).
    public var isHoldingPointer: Bool { grabbed }

    /// Gives up a drag that waits for XdndFinished, so that a new one can start; its `onEnd` reports it.
    public func abandon() {
        perform(machine.abandon())
    }

    /// Starts the drag at root (x, y): grabs the pointer and keyboard at `time` (the press or motion that began
    /// it) and sends the first messages. False, with nothing started, when the grab fails (another client holds one).
    /// `selectionTime` is when XdndSelection was taken for this drag: a target converts with the Position's or the
    /// Drop's time, and a request older than the ownership is refused (ICCCM), so no message is stamped earlier,
    /// even when the ownership had to be taken later than the motion that began the drag.
    public func begin(x: Int, y: Int, time: Time, selectionTime: Time = 0) -> Bool {
        earliest = selectionTime
        guard connection.grabPointer(window: window, eventMask: Self.grabMask, cursor: cursors.none, time: time) else {
            return false
        }
        // Escape cancels: without the keyboard grab the key would go to whatever window has the focus.
        connection.grabKeyboard(window: window, time: time)
        grabbed = true
        connection.setProperty32(window: window, property: atoms.typeList, type: XA_ATOM, values: types.map { UInt($0) })
        // Begin where the pointer is now, not where the motion that started the drag was: an agent that saw
        // that motion late (a busy machine) would otherwise start over its own window while the pointer already
        // rests on the target, and with no later motion the release would drop on nothing.
        let now = connection.pointer() ?? (x: x, y: y, mask: UInt32(Button1Mask))
        onMotion?(Point(x: now.x, y: now.y))
        perform(machine.motion(x: now.x, y: now.y, time: stamp(time), over: finder.target(x: now.x, y: now.y)))
        // The button may already be up (its release was queued before the grab): the drag is released here.
        if now.mask & UInt32(Button1Mask) == 0 {
            ungrab(time: time)
            perform(machine.release(time: stamp(time)))
        }
        return true
    }

    /// Feeds an event; true when it belonged to this drag (the grab's pointer and keys, Status, Finished).
    public func handle(_ typed: X11Event) -> Bool {
        guard !machine.isDone else { return false }
        let event = typed.raw
        switch event.type {
        case MotionNotify where grabbed:
            var latest = event.xmotion
            // Only the newest position matters: skip motions already queued behind this one.
            while let next = connection.nextEvent(type: MotionNotify, window: window) { latest = next.xmotion }
            let x = Int(latest.x_root), y = Int(latest.y_root)
            onMotion?(Point(x: x, y: y))
            perform(machine.motion(x: x, y: y, time: stamp(latest.time), over: finder.target(x: x, y: y)))
        case ButtonRelease where grabbed && event.xbutton.button == UInt32(Button1):
            ungrab(time: event.xbutton.time)
            perform(machine.release(time: stamp(event.xbutton.time)))
        case KeyPress where grabbed:
            guard case let .keyPress(key) = typed.kind, key.unmodifiedKeysym == Self.escapeKeysym else { return true }
            ungrab(time: key.time)
            perform(machine.escape())
        case ClientMessage:
            guard let message = connection.clientMessage(event), message.window == window else { return false }
            let from = UInt(message.data[0])
            switch message.type {
            case atoms.status: perform(machine.status(from: from, accept: message.data[1] & 1 != 0))
            case atoms.finished: perform(machine.finished(from: from, success: message.data[1] & 1 != 0))
            default: return false
            }
        default:
            return false
        }
        return true
    }

    /// An event's time for a message, never before the selection's ownership. (Server times wrap after 49.7
    /// days; a wrap between the two makes this the ownership's time, which the target accepts.)
    private func stamp(_ time: Time) -> UInt { UInt(max(time, earliest)) }

    private func perform(_ actions: [XdndSourceMachine.Action]) {
        for action in actions {
            switch action {
            case let .enter(target):
                let inline = types.prefix(3).map { Int($0) }
                send(atoms.enter, to: target, [Int(target.version) << 24 | (types.count > 3 ? 1 : 0)] + inline)
            case let .position(target, x, y, time):
                send(atoms.position, to: target, [0, (x & 0xFFFF) << 16 | (y & 0xFFFF), Int(time), Int(atoms.actionCopy)])
            case let .leave(target):
                send(atoms.leave, to: target, [0])
            case let .drop(target, time):
                send(atoms.drop, to: target, [0, Int(time)])
            case let .feedback(feedback):
                guard grabbed else { break }
                connection.changePointerGrab(eventMask: Self.grabMask, cursor: feedback == .accepted ? cursors.accept : cursors.none)
            case let .arm(timer, seconds):
                loop.cancel(timers[timer])
                timers[timer] = loop.schedule(after: seconds) { [weak self] in
                    guard let self else { return }
                    self.timers[timer] = nil
                    self.perform(self.machine.timerFired(timer))
                }
            case let .disarm(timer):
                loop.cancel(timers.removeValue(forKey: timer))
            case let .finish(outcome):
                ungrab(time: Time(CurrentTime))
                for id in timers.values { loop.cancel(id) }
                timers = [:]
                connection.deleteProperty(window: window, property: atoms.typeList)
                onEnd(outcome)
            }
        }
        connection.flush()
    }

    /// A message to the target's proxy (or itself) about the target window, from our window.
    private func send(_ type: Atom, to target: XdndSourceMachine.Target, _ data: [Int]) {
        connection.sendClientMessage(to: Window(target.proxy), type: type, data: [Int(window)] + data,
                                     about: Window(target.window))
    }

    private func ungrab(time: Time) {
        guard grabbed else { return }
        grabbed = false
        connection.ungrabPointerAndKeyboard(time: time)
        onRelease?()
    }
}
