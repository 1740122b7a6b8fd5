#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HeroCore
import HeroTransfer
import WaylandBridge
import X11Bridge

/// `herobridge copy`: owns CLIPBOARD (or PRIMARY) with one hero's `HeroOffer` and serves it until another
/// client takes the selection over, then finishes the transfers in flight and exits 0. On a Wayland session
/// whose compositor offers data control, the selection is the compositor's (`WaylandHeroCopy`); else X11's.
public enum HeroCopy {
    public struct Options: Sendable {
        public var display: String?
        /// `clipboard` or `primary`.
        public var selection = "clipboard"
        /// Seconds a requestor may stay silent in an INCR transfer before it is dropped.
        public var timeout = 10.0
        public var verbose = false
        /// A pipe to the `herobridge copy` that started this one in the background: one line, `owned` or
        /// `error: …`, once the outcome of taking the selection is known.
        public var reportDescriptor: Int32?

        public init() {}
    }

    /// The hero `name` means (`Favorites.payload(named:)`); an error naming it when it is no hero at all.
    public static func resolve(_ name: String, in favorites: Favorites) throws -> HeroPayload {
        guard let payload = try favorites.payload(named: name) else { throw CopyFailure.unknownHero(name) }
        return payload
    }

    /// Owns the selection and serves `hero` until the selection is lost (0), a signal (0), or the X server
    /// goes (1). Failing to connect or to own is reported (through the pipe when backgrounded) and returns 1.
    public static func run(_ hero: HeroPayload, options: Options, environment: [String: String]) -> Int32 {
        let log = AgentLog(threshold: options.verbose ? .debug : .warning, environment: environment)
        let report = CopyOutcomeReport(descriptor: options.reportDescriptor, log: log)
        let selection: WaylandSelection = options.selection == "primary" ? .primary : .clipboard
        if let wayland = WaylandHeroCopy.connection(environment: environment, selection: selection) {
            return WaylandHeroCopy.run(hero, on: wayland, selection: selection, log: log, report: report)
        }
        let connection: XConnection
        do {
            connection = try XConnection.open(displayName: options.display, environment: environment)
        } catch {
            report.failed("\(error)")
            return 1
        }
        let loop = EventLoop(connection: connection)
        let atom = WatchedSelection(named: options.selection, connection: connection).atom
        let owner = SelectionOwner(connection: connection, loop: loop, selection: atom, offer: HeroOffer.make(hero),
                                   limits: .init(inactivityTimeout: options.timeout))
        owner.log = { log.debug($0) }
        owner.onLost = { log.debug("another client took \(options.selection); serving transfers in flight") }
        owner.onFinished = { loop.stop(status: 0) }
        do {
            try owner.acquire()
        } catch {
            report.failed("\(error)")
            return 1
        }
        report.owned("\(hero.name) on \(options.selection) (\(owner.offer.targets.count + 3) targets)")

        switch loop.run({ _ = owner.handle($0) }) {
        case .stopped(let status):
            return status
        case .signal:
            owner.close()
            _ = connection.sync()
            return 0
        case .connectionLost:
            log.error("lost the connection to the X server on display \(connection.name)")
            return 1
        }
    }
}

/// Why `copy` could not start, for the person at the terminal.
public enum CopyFailure: Error, CustomStringConvertible {
    case unknownHero(String)

    public var description: String {
        switch self {
        case let .unknownHero(name): return "no favorite or catalog hero named \"\(name)\""
        }
    }
}
