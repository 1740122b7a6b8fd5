import CX11

/// The XDND glue on the drop window: decodes the ClientMessages, feeds `XdndTargetMachine`, and sends
/// Status/Finished. The drop's data is fetched by whoever `onDrop` belongs to; it calls back with the outcome.
public final class XdndTarget {
    private let connection: XConnection
    public let window: Window
    private var machine: XdndTargetMachine
    /// Gets the pointer (root coordinates, nil when the drag ends), whether the drag is acceptable, and its types.
    public var onHover: ((x: Int, y: Int)?, Bool, [String]) -> Void = { _, _, _ in }
    /// Fetches the drop's data and calls its completion with success (until set: the drop is refused).
    public var onDrop: (XdndTargetMachine.Drag, Time, @escaping (Bool) -> Void) -> Void = { _, _, completion in completion(false) }
    /// Abandons that fetch.
    public var onCancel: () -> Void = {}
    private let atoms: XdndAtoms
    /// One line per XDND message not believed, for the log.
    public var log: (String) -> Void = { _ in }
    /// Every drop gets a number, so a late completion of an abandoned one cannot finish a newer one.
    private var dropNumber = 0

    /// Marks `window` XdndAware (version 5). `accepts` says whether offered types are usable; the owner then sets
    /// `onHover`, `onDrop` and `onCancel`, before the loop runs.
    public init(connection: XConnection, window: Window, accepts: @escaping ([String]) -> Bool) {
        self.connection = connection
        self.window = window
        machine = XdndTargetMachine(accepts: accepts, isOwnWindow: { connection.isOwnWindow(Window($0)) })
        atoms = XdndAtoms(connection: connection)
        connection.setProperty32(window: window, property: atoms.aware, type: XA_ATOM,
                                 values: [UInt(XdndTargetMachine.newestVersion)])
    }

    /// Feeds an event; true when it was an XDND message for our window or the destruction of a drag source.
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        if event.type == DestroyNotify {
            let gone = event.xdestroywindow.window
            guard gone != window else { return false }
            // A client's copy would abandon the drop in flight.
            guard !connection.isForged(event) else {
                log(connection.describeForged(event))
                return false
            }
            perform(machine.sourceVanished(UInt(gone)))
            return false // others may care about destroyed windows too
        }
        guard let message = connection.clientMessage(event), message.window == window else { return false }
        let l = message.data
        let source = UInt(l[0])
        switch message.type {
        case atoms.enter:
            let version = Int((l[1] >> 24) & 0xFF)
            perform(machine.enter(source: source, version: version,
                                  types: (l[1] & 1) != 0 ? typeList(of: source) : names(l[2...4])))
        case atoms.position:
            let packed = l[2]
            let x = Int(Int16(truncatingIfNeeded: packed >> 16)), y = Int(Int16(truncatingIfNeeded: packed & 0xFFFF))
            perform(machine.position(source: source, x: x, y: y))
        case atoms.leave:
            perform(machine.leave(source: source))
        case atoms.drop:
            perform(machine.drop(source: source, time: UInt(l[2])))
        default:
            return false
        }
        return true
    }

    private func names(_ values: ArraySlice<UInt32>) -> [String] {
        let list = values.map { UInt($0) }.filter { $0 != 0 }
        return connection.names(of: list).filter { !$0.isEmpty }
    }

    /// The most types an XdndTypeList may list (4 bytes each on the wire): GTK offers about 15 for an image, and
    /// naming millions of atoms held the X thread for seconds per Enter. A longer list is not read, and the drag
    /// is refused.
    public static let maxTypes = 1024

    /// The source's XdndTypeList, sized before it is read; nil when it is missing, longer than `maxTypes`, or not
    /// a list of atoms.
    private func typeList(of source: UInt) -> [String]? {
        guard let value = connection.readSmallProperty(window: source, property: atoms.typeList, maxBytes: Self.maxTypes * 4),
              value.type == XA_ATOM, value.format == 32 else { return nil }
        return connection.names(of: value.items32.map { UInt($0) }).filter { !$0.isEmpty }
    }

    private func perform(_ actions: [XdndTargetMachine.Action]) {
        for action in actions {
            switch action {
            case let .status(source, accept):
                connection.sendClientMessage(to: source, type: atoms.status,
                                             data: [Int(window), accept ? 3 : 0, 0, 0, accept ? Int(atoms.actionCopy) : 0],
                                             about: source)
            case let .finished(source, version, success):
                let v5 = version >= 5
                connection.sendClientMessage(to: source, type: atoms.finished,
                                             data: [Int(window), v5 && success ? 1 : 0, v5 && success ? Int(atoms.actionCopy) : 0],
                                             about: source)
            case let .hover(point, acceptable):
                var types: [String] = []
                if case let .hovering(drag) = machine.state { types = drag.types ?? [] }
                onHover(point.map { ($0.x, $0.y) }, acceptable, types)
            case let .fetch(drag, time):
                dropNumber += 1
                let number = dropNumber
                onDrop(drag, Time(time)) { [weak self] success in
                    guard let self, number == self.dropNumber else { return }
                    self.perform(self.machine.fetchEnded(success: success))
                }
            case .cancelFetch:
                dropNumber += 1
                onCancel()
            case let .watchSource(source):
                // Learn when the source goes away, so a drop in flight is abandoned instead of waiting for a
                // timeout. The machine never asks this of our own windows, whose masks we must not touch.
                connection.addEventMask(StructureNotifyMask, to: Window(source))
            case let .ignored(reason):
                log(reason)
            }
        }
        connection.flush()
    }
}
