import CX11
import FoundationEssentials
import HeroBase

/// Owns one selection (CLIPBOARD, PRIMARY, XdndSelection) on one window and serves a `SelectionOffer` by the
/// owner rules of ICCCM: TARGETS, TIMESTAMP and MULTIPLE answered here, requests older than the ownership
/// refused, property None from obsolete clients served into the target's name, INCR above `chunkSize` with
/// several transfers at once, an inactivity deadline per transfer, a vanished requestor dropped without harm
/// (X errors are trapped), and transfers in flight finished after the selection is lost.
///
/// Feed it every event with `handle`; it runs on the event loop's thread like everything else in X11Bridge.
public final class SelectionOwner {
    public struct Limits: Sendable {
        /// Bytes per INCR chunk; data larger than this goes by INCR (256 KiB, docs/X11.md §5.5). Lowered to
        /// what one request can carry on a server without BIG-REQUESTS.
        public var chunkSize: Int
        /// Seconds a requestor may take to delete a chunk before its transfer is dropped.
        public var inactivityTimeout: Double

        public init(chunkSize: Int = 256 * 1024, inactivityTimeout: Double = 10) {
            self.chunkSize = chunkSize
            self.inactivityTimeout = inactivityTimeout
        }
    }

    public let selection: Atom
    public let window: Window
    public let offer: SelectionOffer
    /// The server time the selection was acquired at; 0 before `acquire`.
    public private(set) var acquiredAt: Time = 0
    /// The request serial of the SetSelectionOwner that made us owner; events generated before it are older.
    private var acquiredSerial: UInt = 0
    /// True between a successful `acquire` and the SelectionClear (or `release`).
    public private(set) var isOwner = false
    /// Called once when another client takes the selection.
    public var onLost: () -> Void = {}
    /// Called when the selection is lost and the last transfer in flight has ended: the owner has nothing
    /// left to do.
    public var onFinished: () -> Void = {}
    /// One line per request served or refused and per transfer, for a verbose log.
    public var log: (String) -> Void = { _ in }

    private let connection: XConnection
    private let loop: EventLoop
    private let limits: Limits
    private let ownsWindow: Bool
    private let selectionName: String
    private var sends: IncrementalSends
    /// Per INCR transfer: what is sent, when it began, and its inactivity deadline.
    private var inFlight: [IncrementalSends.Key: (target: String, started: UInt64, deadline: EventLoop.DeadlineID)] = [:]
    /// The event mask bits INCR added to what we already selected on each requestor window; taken out afterwards.
    private var addedMasks: [Window: Int] = [:]
    /// Bytes made by the offer's producers, each at most once.
    private var produced: [String: Data?] = [:]
    /// `onFinished` has been called.
    private var finished = false
    private let targetsAtom, timestampAtom, multipleAtom, incrAtom: Atom

    /// An owner of `selection` on `window`, or on a helper window of its own when `window` is nil (destroyed by
    /// `close`). Owns nothing until `acquire`.
    public init(connection: XConnection, loop: EventLoop, selection: Atom, window: Window? = nil,
                offer: SelectionOffer, limits: Limits = Limits()) {
        self.connection = connection
        self.loop = loop
        self.selection = selection
        self.offer = offer
        self.limits = limits
        ownsWindow = window == nil
        self.window = window ?? connection.createHelperWindow()
        selectionName = connection.name(of: selection)
        // A chunk must fit in one request: without BIG-REQUESTS, 256 KiB plus the header would not.
        sends = IncrementalSends(chunkSize: max(1, min(limits.chunkSize, connection.maxPropertyBytes)))
        targetsAtom = connection.atom("TARGETS")
        timestampAtom = connection.atom("TIMESTAMP")
        multipleAtom = connection.atom("MULTIPLE")
        incrAtom = connection.atom("INCR")
    }

    /// Takes the selection with a real server timestamp (never CurrentTime), then checks with the server that
    /// it took. `time` is used when given (an XDND source acquires at its button-press time). Throws
    /// `.notOwner` when another client kept it.
    public func acquire(time: Time? = nil) throws(X11Error) {
        let at: Time
        if let time { at = time } else { at = try connection.serverTime(window: window) }
        guard let serial = connection.acquireWithSerial(selection: selection, window: window, time: at) else {
            throw .notOwner(selectionName)
        }
        acquiredAt = at
        acquiredSerial = serial
        isOwner = true
        log("owned \(selectionName) on window 0x\(String(window, radix: 16)) at \(at), offering \(offer.targets.count) targets")
    }

    /// Gives the selection up (if still ours) and stops answering new requests; transfers in flight go on.
    public func release() {
        guard isOwner else { return }
        isOwner = false
        connection.release(selection: selection, window: window, time: 0)
        finishIfIdle()
    }

    /// Drops every transfer, restores requestors' event masks and destroys the helper window, if ours.
    public func close() {
        release()
        for key in Array(inFlight.keys) { drop(key, reason: "owner closing") }
        if ownsWindow { connection.destroyWindow(window) }
    }

    /// Whether INCR transfers are still in flight.
    public var isSending: Bool { !sends.isEmpty }

    /// Feeds an event; true when it was for this owner (other components should not see it then).
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        switch event.type {
        case SelectionRequest:
            let request = event.xselectionrequest
            guard request.owner == window, request.selection == selection else { return false }
            answer(request)
            return true
        case SelectionClear:
            let clear = event.xselectionclear
            guard clear.window == window, clear.selection == selection else { return false }
            guard !connection.isForged(event) else {
                log(connection.describeForged(event))
                return true
            }
            // A clear older than our acquisition belongs to an earlier ownership of this window (Qt). Its time
            // may equal ours (a release and a new acquisition in one millisecond), so the request serial decides:
            // the server made the event before it processed our SetSelectionOwner.
            guard isOwner, clear.serial >= acquiredSerial, clear.time == 0 || clear.time >= acquiredAt else { return true }
            isOwner = false
            log("lost \(selectionName)" + (sends.isEmpty ? "" : "; finishing \(sends.count) transfer(s)"))
            onLost()
            finishIfIdle()
            return true
        case PropertyNotify:
            let change = event.xproperty
            guard change.state == PropertyDelete else { return false }
            // A client's copy would make us write the next chunk over one the requestor has not read yet.
            if connection.isForged(event) {
                guard sends.isSending(to: change.window) else { return false }
                log(connection.describeForged(event))
                return true
            }
            return propertyDeleted(IncrementalSends.Key(requestor: change.window, property: change.atom))
        case DestroyNotify:
            let window = event.xdestroywindow.window
            guard addedMasks[window] != nil else { return false }
            guard !connection.isForged(event) else {
                log(connection.describeForged(event))
                return false
            }
            addedMasks[window] = nil // gone: nothing to restore
            for key in inFlight.keys where key.requestor == window { drop(key, reason: "requestor window destroyed") }
            return false // other components may track the same window
        default:
            return false
        }
    }

    // MARK: Requests

    private func answer(_ request: XSelectionRequestEvent) {
        let decision = SelectionRequestDecision.decide(target: request.target, property: request.property,
                                                       time: request.time, acquiredAt: acquiredAt, isOwner: isOwner,
                                                       multiple: multipleAtom, requestor: request.requestor,
                                                       roots: connection.rootWindows,
                                                       requestorExists: connection.windowExists(request.requestor))
        let requestor = "0x" + String(request.requestor, radix: 16)
        let target = connection.name(of: request.target)
        var reply: Atom = 0
        switch decision {
        case let .drop(reason):
            log("dropped \(target) for \(requestor): \(reason)")
            return
        case let .refuse(reason):
            log("refused \(target) to \(requestor): \(reason)")
        case let .convert(property):
            switch convert(target: request.target, into: property, of: request.requestor) {
            case let .failure(refusal): log("refused \(target) to \(requestor): \(refusal.reason)")
            case let .success(note):
                log("served \(target) to \(requestor): \(note)")
                reply = property
            }
        case let .multiple(property):
            if let served = convertMultiple(property: property, of: request.requestor) {
                log("served MULTIPLE to \(requestor): \(served)")
                reply = property
            } else {
                log("refused MULTIPLE to \(requestor): no readable ATOM_PAIR list")
            }
        }
        connection.replyToSelectionRequest(request, property: reply)
        // A requestor may vanish at any time (xclip#43 died of the BadWindow): trap the error here, per request.
        if let error = connection.sync() {
            log("requestor \(requestor) is gone (\(error))")
            for key in inFlight.keys where key.requestor == request.requestor { drop(key, reason: "requestor gone") }
        }
    }

    /// Writes `target` into `property` of `requestor`: directly, or by starting an INCR transfer.
    private func convert(target: Atom, into property: Atom, of requestor: Window) -> Result<String, ConversionRefusal> {
        if target == targetsAtom {
            let atoms = [targetsAtom, timestampAtom, multipleAtom] + offer.targets.map { connection.atom($0) }
            connection.setProperty32(window: requestor, property: property, type: XA_ATOM, values: atoms)
            return .success("\(atoms.count) atoms")
        }
        if target == timestampAtom {
            connection.setProperty32(window: requestor, property: property, type: XA_INTEGER, values: [acquiredAt])
            return .success("\(acquiredAt)")
        }
        let name = connection.name(of: target)
        guard let entry = offer.entry(for: name) else { return .failure(ConversionRefusal("not offered")) }
        guard let data = bytes(of: entry) else { return .failure(ConversionRefusal("conversion failed")) }
        let type = connection.atom(entry.type)
        guard sends.needsIncrement(data.count) else {
            connection.setProperty8(window: requestor, property: property, type: type, bytes: data)
            return .success("\(data.count) bytes")
        }
        guard startIncrement(IncrementalSends.Key(requestor: requestor, property: property), target: name, data: data,
                             type: type) else {
            return .failure(ConversionRefusal("requestor window does not exist"))
        }
        return .success("INCR of \(data.count) bytes in chunks of \(sends.chunkSize)")
    }

    /// ICCCM §2.6.2: each pair converted on its own; a failed pair's property is replaced by None in the list.
    private func convertMultiple(property: Atom, of requestor: Window) -> String? {
        guard let list = connection.readSmallProperty(window: requestor, property: property),
              list.format == 32 else { return nil }
        var items = list.items32
        var served = 0
        for (index, pair) in SelectionRequestDecision.pairs(items).enumerated() {
            let ok = pair.property != 0 && pair.target != multipleAtom
                && (try? convert(target: pair.target, into: pair.property, of: requestor).get()) != nil
            if ok { served += 1 } else { items[2 * index + 1] = 0 }
        }
        if served < items.count / 2 {
            connection.setProperty32(window: requestor, property: property, type: list.type, values: items.map { UInt($0) })
        }
        return "\(served) of \(items.count / 2) pairs"
    }

    private func bytes(of entry: SelectionOffer.Entry) -> Data? {
        if let known = produced[entry.target] { return known }
        let made = entry.produce()
        produced[entry.target] = made
        return made
    }

    // MARK: INCR

    private func startIncrement(_ key: IncrementalSends.Key, target: String, data: Data, type: Atom) -> Bool {
        let requestor = key.requestor
        if addedMasks[requestor] == nil {
            // Reading our current mask also proves the window exists. Adding to it, not replacing it, keeps a
            // requestor that is one of our own windows working.
            let needed = PropertyChangeMask | StructureNotifyMask
            guard let before = connection.addEventMask(needed, to: requestor) else { return false }
            addedMasks[requestor] = needed & ~before
        }
        if let old = inFlight[key] { loop.cancel(old.deadline) } // the property was reused: the old transfer is over
        // The announcement: type INCR, one item, the size (a lower bound per ICCCM; exact here).
        connection.setProperty32(window: requestor, property: key.property, type: incrAtom, values: [UInt(data.count)])
        sends.begin(key, data: data, type: type)
        inFlight[key] = (target, EventClock.nanoseconds(), armDeadline(key))
        return true
    }

    private func propertyDeleted(_ key: IncrementalSends.Key) -> Bool {
        switch sends.propertyDeleted(key) {
        case .ignore:
            return false
        case let .writeChunk(key, type, range):
            guard let chunk = sends.bytes(for: key, range: range), let current = inFlight[key] else { return true }
            connection.setProperty8(window: key.requestor, property: key.property, type: type, bytes: chunk)
            if let error = connection.sync() {
                drop(key, reason: "writing a chunk failed (\(error))")
                return true
            }
            loop.cancel(current.deadline)
            inFlight[key] = (current.target, current.started, armDeadline(key))
            return true
        case let .writeEnd(key, type, chunks, bytes):
            connection.setProperty8(window: key.requestor, property: key.property, type: type, bytes: Data())
            let error = connection.sync()
            if let current = inFlight.removeValue(forKey: key) {
                loop.cancel(current.deadline)
                let ms = Int((Double(EventClock.nanoseconds() - current.started) / 1e6).rounded())
                log(error.map { "INCR \(current.target) to \(key): the end marker failed (\($0))" }
                    ?? "served \(current.target) to 0x\(String(key.requestor, radix: 16)) by INCR: \(bytes) bytes in \(chunks) chunks, \(ms) ms")
            }
            transferEnded(key)
            return true
        }
    }

    private func armDeadline(_ key: IncrementalSends.Key) -> EventLoop.DeadlineID {
        let seconds = limits.inactivityTimeout
        return loop.schedule(after: seconds) { [weak self] in
            self?.drop(key, reason: "requestor silent for \(seconds) s")
        }
    }

    /// Abandons one transfer; the requestor will see no more chunks.
    private func drop(_ key: IncrementalSends.Key, reason: String) {
        guard let current = inFlight.removeValue(forKey: key) else { return }
        loop.cancel(current.deadline)
        let progress = sends.progress(key).map { " after \($0.sent) of \($0.total) bytes" } ?? ""
        sends.cancel(key)
        log("INCR \(current.target) to \(key) dropped\(progress): \(reason)")
        transferEnded(key)
    }

    private func transferEnded(_ key: IncrementalSends.Key) {
        if !sends.isSending(to: key.requestor), let added = addedMasks.removeValue(forKey: key.requestor), added != 0 {
            connection.removeEventMask(added, from: key.requestor)
            _ = connection.sync() // the requestor may be gone already; nothing to restore then
        }
        finishIfIdle()
    }

    private func finishIfIdle() {
        guard !isOwner, sends.isEmpty, acquiredAt != 0, !finished else { return }
        finished = true
        onFinished()
    }
}

/// Why one conversion was refused, for the log.
struct ConversionRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
