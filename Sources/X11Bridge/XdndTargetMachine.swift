/// The XDND v5 drop-target protocol as a value: Enter, Position, Leave and Drop come in, the messages to send
/// and the work to do come out. No X11 in it; `XdndTarget` performs the actions.
///
/// Guarantees real sources depend on (docs/X11.md §8): exactly one Status for every Position from the
/// current source, also while an earlier drop is still loading; a Finished after every Drop, successful or not,
/// and never in reply to a Position; Enter below version 3 ignored, above 5 treated as 5. A message naming one
/// of our own windows as its source is ignored whole: any client can send one, and none of our drags targets us.
public struct XdndTargetMachine: Equatable {
    /// One drag over the window.
    public struct Drag: Equatable {
        public var source: UInt
        public var version: Int
        /// The offered type names; nil when the source's XdndTypeList could not be read (the drag is refused).
        public var types: [String]?
        /// Whether `accepts(types)` found something usable.
        public var acceptable: Bool
        /// The last position, in root coordinates.
        public var point: Point?
    }

    public enum State: Equatable {
        case idle
        case hovering(Drag)
        /// The drop's data is being fetched from this drag's source.
        case dropping(Drag)
    }

    public enum Action: Equatable {
        /// XdndStatus to `source`: accept (flags 1|2, an empty rectangle, XdndActionCopy) or refuse (all clear).
        case status(source: UInt, accept: Bool)
        /// Fetch the drop's data: convert XdndSelection at `time` (0 is CurrentTime, as Chromium sends).
        case fetch(Drag, time: UInt)
        /// Abandon the fetch in flight.
        case cancelFetch
        /// XdndFinished to `source`; v5 carries the success flag and the action.
        case finished(source: UInt, version: Int, success: Bool)
        /// Hover feedback changed: where the pointer is over the window (root coordinates) and whether the drag is
        /// acceptable; nil point when no drag hovers any more.
        case hover(point: Point?, acceptable: Bool)
        /// Ask to be told when the source window is destroyed, so a drop in flight is abandoned at once.
        case watchSource(UInt)
        /// A message was not believed, for the reason given (one log line).
        case ignored(String)

        /// Hover feedback at root (x, y) over the window.
        public static func hover(point: (x: Int, y: Int), acceptable: Bool) -> Action {
            .hover(point: Point(x: point.x, y: point.y), acceptable: acceptable)
        }
    }

    public static let newestVersion = 5
    public private(set) var state: State = .idle
    /// Decides whether offered types are usable (the registry's `choose` finds something).
    private let accepts: ([String]) -> Bool
    private let isOwnWindow: (UInt) -> Bool

    /// `isOwnWindow` tells the windows our own connection created.
    public init(accepts: @escaping ([String]) -> Bool, isOwnWindow: @escaping (UInt) -> Bool = { _ in false }) {
        self.accepts = accepts
        self.isOwnWindow = isOwnWindow
    }

    /// Machines are equal in the same state: the two closures cannot be compared, and never change.
    public static func == (a: XdndTargetMachine, b: XdndTargetMachine) -> Bool { a.state == b.state }

    /// XdndEnter. A new Enter while a drop is loading abandons that drop (Finished, failed, to its source).
    /// `types` is asked for only when the Enter is taken (reading an XdndTypeList costs round trips).
    public mutating func enter(source: UInt, version: Int, types: @autoclosure () -> [String]?) -> [Action] {
        if let ignored = fromOwnWindow("XdndEnter", source) { return ignored }
        guard version >= 3 else { return [] }
        var actions: [Action] = []
        switch state {
        case let .dropping(old):
            actions += [.cancelFetch, .finished(source: old.source, version: old.version, success: false)]
        case .hovering:
            actions.append(.hover(point: nil, acceptable: false)) // the old drag's feedback must not linger
        case .idle:
            break
        }
        let offered = types()
        let acceptable = offered.map(accepts) ?? false
        state = .hovering(Drag(source: source, version: min(version, Self.newestVersion), types: offered,
                               acceptable: acceptable, point: nil))
        return actions + [.watchSource(source)]
    }

    /// XdndPosition. Always answered with exactly one Status when it comes from the current source.
    public mutating func position(source: UInt, x: Int, y: Int) -> [Action] {
        if let ignored = fromOwnWindow("XdndPosition", source) { return ignored }
        switch state {
        case var .hovering(drag) where drag.source == source:
            drag.point = Point(x: x, y: y)
            state = .hovering(drag)
            return [.status(source: source, accept: drag.acceptable), .hover(point: drag.point, acceptable: drag.acceptable)]
        case let .dropping(drag) where drag.source == source:
            // The source may still move after Drop (it should not); answer so it never waits on us.
            return [.status(source: source, accept: false)]
        default:
            // A Position with no Enter: refuse, so a confused source is not left waiting.
            return [.status(source: source, accept: false)]
        }
    }

    /// XdndLeave: forget the drag.
    public mutating func leave(source: UInt) -> [Action] {
        if let ignored = fromOwnWindow("XdndLeave", source) { return ignored }
        guard case let .hovering(drag) = state, drag.source == source else { return [] }
        state = .idle
        return [.hover(point: nil, acceptable: false)]
    }

    /// XdndDrop: fetch when the drag was acceptable, else answer Finished(failed) at once.
    public mutating func drop(source: UInt, time: UInt) -> [Action] {
        if let ignored = fromOwnWindow("XdndDrop", source) { return ignored }
        // A second Drop from the source whose drop is loading: its Finished comes when the fetch ends, once.
        if case let .dropping(drag) = state, drag.source == source { return [] }
        guard case let .hovering(drag) = state, drag.source == source else {
            // A Drop we did not expect still gets its Finished: a source waiting for it cannot drag again.
            return [.finished(source: source, version: Self.newestVersion, success: false)]
        }
        guard drag.acceptable else {
            state = .idle
            return [.hover(point: nil, acceptable: false), .finished(source: source, version: drag.version, success: false)]
        }
        state = .dropping(drag)
        return [.hover(point: nil, acceptable: false), .fetch(drag, time: time)]
    }

    /// The fetch for the current drop ended; `success` when data arrived and was used.
    public mutating func fetchEnded(success: Bool) -> [Action] {
        guard case let .dropping(drag) = state else { return [] }
        state = .idle
        return [.finished(source: drag.source, version: drag.version, success: success)]
    }

    /// The source window disappeared: a hovering drag is forgotten; a loading drop is abandoned (no Finished,
    /// there is nobody to send it to).
    public mutating func sourceVanished(_ source: UInt) -> [Action] {
        switch state {
        case let .hovering(drag) where drag.source == source:
            state = .idle
            return [.hover(point: nil, acceptable: false)]
        case let .dropping(drag) where drag.source == source:
            state = .idle
            return [.cancelFetch]
        default:
            return []
        }
    }

    /// The answer to a `message` naming one of our own windows as its source: nothing but the log line.
    private func fromOwnWindow(_ message: String, _ source: UInt) -> [Action]? {
        guard isOwnWindow(source) else { return nil }
        return [.ignored("\(message) names our own window 0x\(String(source, radix: 16)) as its source; ignored")]
    }
}
