import Foundation
import TestSupport
import WaylandBridge

/// WaylandBridge's objects on a real headless sway (`HeadlessSway`, from TestSupport): a connection attached to a
/// `PollLoop`, the seat's data-control device and what it reported. Every wait is for a condition, bounded by
/// `patience` (a guard against a hang, never a speed check).
final class SwaySession {
    static let patience = 30.0

    let sway: HeadlessSway
    let connection: WaylandConnection
    let loop = PollLoop()
    let device: DataControlDevice
    private(set) var changes: [WaylandSelectionChange] = []
    private(set) var lost: String?
    /// What the test started on the compositor, alive until the session ends.
    private var children: [Child] = []

    init(primary: Bool = false) throws {
        sway = try HeadlessSway()
        do {
            connection = try WaylandConnection.open(environment: sway.connectionEnvironment)
            device = try DataControlDevice(connection: connection, primary: primary)
        } catch {
            sway.stop()
            throw error
        }
        device.onChange = { [unowned self] in changes.append($0) }
        connection.attach(to: loop) { [unowned self] in lost = $0 }
    }

    deinit {
        for child in children { _ = child.stop() }
        sway.stop()
    }

    /// Starts `wl-copy --foreground` with `arguments` (stdin from `file` when given); the harness ends it with sway.
    /// In the foreground because a wl-copy that forks keeps the test's Process waiting for its background half.
    /// The session keeps it (a `Child` let go kills its process).
    @discardableResult
    func copy(_ arguments: [String], from file: String? = nil) throws -> Child {
        let child = try file.map {
            try sway.spawn("sh", ["-c", "exec wl-copy --foreground \"$@\" < \"$0\"", $0] + arguments, label: "wl-copy")
        } ?? sway.spawn("wl-copy", ["--foreground"] + arguments)
        children.append(child)
        return child
    }

    /// Starts the wayland_source fixture with `arguments` and keeps it, like `copy`.
    func startSource(_ arguments: [String]) throws {
        children.append(try sway.startSource(arguments))
    }

    /// Turns the loop until `condition` holds; whether it did within `patience`. Each turn waits at most 20 ms, since
    /// some conditions (a child that exited) wake no descriptor of the loop.
    @discardableResult
    func wait(for condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(Self.patience)
        while !condition() {
            guard Date() < end else { return false }
            loop.turn(timeout: 0.02)
        }
        return true
    }

    /// The first change of `selection` reported from now on that has an offer with `mimeType`.
    func nextChange(of selection: WaylandSelection = .clipboard, offering mimeType: String,
                    after start: () throws -> Void) rethrows -> WaylandSelectionChange? {
        let seen = changes.count
        try start()
        var found: WaylandSelectionChange?
        wait {
            found = changes.dropFirst(seen).last { $0.selection == selection && $0.offer != nil && $0.mimeTypes.contains(mimeType) }
            return found != nil
        }
        return found
    }

    /// Reads `requests` of `offer` with a reader of `limits`, turning the loop until the reader completes.
    func fetch(_ offer: WaylandOffer, _ requests: [DataControlReader.Request],
               limits: DataControlReader.Limits = .init()) -> [DataControlReader.Fetched]? {
        let reader = DataControlReader(device: device, loop: loop, limits: limits)
        var fetched: [DataControlReader.Fetched]?
        reader.fetch(offer: offer, requests: requests) { fetched = $0 }
        wait { fetched != nil }
        return fetched
    }
}
