import FoundationEssentials
import HeroTransfer
import X11Bridge

/// `herobridge inspect`: reads one selection as the agent would and returns what it found, storing nothing.
/// The tool for "copying did nothing".
public enum Inspector {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `selection` (`clipboard` or `primary`) on `display` with the agent's limits.
    public static func inspect(selection name: String, display: String?, environment: [String: String],
                               maxBytes: Int, timeout: Double) throws -> SelectionContent? {
        let connection = try XConnection.open(displayName: display, environment: environment)
        let loop = EventLoop(connection: connection)
        let reader = SelectionReader(connection: connection, loop: loop, limits: .init(maxBytes: maxBytes, timeout: timeout))
        let fetcher = SelectionFetcher(connection: connection, reader: reader, limits: TransferLimits(maxBytes: maxBytes))
        let selection = WatchedSelection(named: name, connection: connection)
        let owner = connection.owner(of: selection.atom)
        guard owner != 0 else { return nil }
        let time: Time
        do {
            time = try connection.serverTime(window: reader.window)
        } catch {
            throw Failure(description: "\(error)")
        }
        var result: SelectionContent?
        fetcher.read(SelectionChange(selection: selection, owner: owner, time: time)) { content in
            var decoded = content
            decoded.decode(limits: TransferLimits(maxBytes: maxBytes))
            result = decoded
            loop.stop(status: 0)
        }
        switch loop.run({ _ = reader.handle($0) }) {
        case .connectionLost: throw Failure(description: "lost the connection to the X server on display \(connection.name)")
        case .signal: throw Failure(description: "interrupted")
        case .stopped: return result
        }
    }
}
