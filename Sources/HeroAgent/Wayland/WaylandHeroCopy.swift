#if canImport(Glibc)
import Glibc
#endif
import CLinux
import FoundationEssentials
import HeroBase
import HeroCore
import HeroTransfer
import WaylandBridge

/// `herobridge copy` on a Wayland session whose compositor offers data control: the hero's `HeroOffer` (JSON,
/// portrait, text, our marker) set as the seat's selection through a data-control source, served until another
/// client copies something (exit 0), a signal (exit 0), or the compositor goes (exit 1). Every Wayland app pastes
/// it, and X11 apps through Xwayland.
enum WaylandHeroCopy {
    /// The open connection when this session is one to serve over Wayland (WAYLAND_DISPLAY set, data control
    /// offered, and the primary selection when that is the one asked); nil: X11 serves.
    static func connection(environment: [String: String], selection: WaylandSelection) -> WaylandConnection? {
        guard BackendDecision.shouldProbe(.auto, waylandDisplay: environment["WAYLAND_DISPLAY"]),
              let connection = try? WaylandConnection.open(environment: environment),
              let dataControl = connection.dataControl,
              selection == .clipboard || dataControl.hasPrimarySelection else { return nil }
        return connection
    }

    static func run(_ hero: HeroPayload, on connection: WaylandConnection, selection: WaylandSelection,
                    log: AgentLog, report: CopyOutcomeReport) -> Int32 {
        // SIGTERM, SIGINT and SIGHUP end the serving cleanly (the source withdrawn), read from a signalfd.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        defer { if signals >= 0 { close(signals) } }

        let loop = PollLoop()
        var status: Int32?
        let offer = HeroOffer.make(hero)
        let contents = offer.entries.compactMap { entry in entry.makeData().map { (mimeType: entry.target, bytes: [UInt8]($0)) } }
        let source: DataControlSource
        do {
            let device = try DataControlDevice(connection: connection, primary: selection == .primary)
            source = try DataControlSource(device: device, loop: loop, selection: selection, contents: contents)
            // Owned once the compositor has the request: a paste right after `copy` returns finds the hero.
            try connection.roundTrip()
        } catch {
            report.failed("\(error)")
            return ExitStatus.failure.rawValue
        }
        source.log = { log.debug($0) }
        var cancelled = false
        source.onCancelled = {
            log.debug("another client took \(selection); serving the transfers in flight, then exiting")
            cancelled = true
        }
        connection.attach(to: loop) { reason in
            log.error("lost the connection to the Wayland compositor: \(reason)")
            status = ExitStatus.failure.rawValue
        }
        if signals >= 0 {
            loop.watch(fd: signals, events: Int16(POLLIN)) { _ in
                source.withdraw()
                connection.flush()
                status = ExitStatus.success.rawValue
            }
        }
        report.owned("\(hero.name) on \(selection) over Wayland (\(source.mimeTypes.count) types)")
        while status == nil && !(cancelled && source.sendsInFlight == 0) {
            guard loop.turn(timeout: nil) else { return ExitStatus.failure.rawValue }
        }
        return status ?? ExitStatus.success.rawValue
    }
}
