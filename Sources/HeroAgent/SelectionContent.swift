import CX11
import FoundationEssentials
import HeroTransfer
import X11Bridge

/// Everything read from one selection change: who owned it, what it offered, what was fetched and what the
/// registry made of it. The reader fills `fetched` on the X thread; `decode` (on the agent's worker) turns it into
/// items. The agent ingests it; `herobridge inspect` prints it.
public struct SelectionContent: Sendable {
    public let selection: WatchedSelection
    public let owner: Window
    public var offered: [String] = []
    public var chosen: [String] = []
    /// What the owner sent, target by target, not decoded yet (emptied by `decode`).
    public var fetched: [SelectionReader.Fetched] = []
    public var items: [MultiTypeTransferable] = []
    /// Bytes received per fetched target, and how long the transfer took.
    public var received: [(target: String, bytes: Int, seconds: Double)] = []
    /// Failures and notes, one log line each (`owner 0x1a00003 did not answer TARGETS within 5 s`).
    public var problems: [String] = []
    /// Why nothing beyond TARGETS was fetched, when that is the case.
    public var skipped: String?
    /// The owner did not answer TARGETS: nothing else could be learnt.
    public var unreachable = false
    /// Images already validated and hashed while they arrived: their targets are not decoded again.
    public var streamed: [StreamedImage] = []

    public var ownerText: String { "0x" + String(owner, radix: 16) }

    /// Bytes fetched and not decoded yet.
    public var fetchedBytes: Int {
        fetched.reduce(0) { total, result in
            if case let .success(value) = result.result { return total + value.bytes.count }
            return total
        }
    }

    /// Runs the registry's importers on what was fetched: items, notes, and one problem per failure. Pure and
    /// thread-safe: the agent calls it on its worker, never on the X thread.
    public mutating func decode(registry: MIMERegistry = .standard, limits: TransferLimits) {
        let results = fetched
        fetched = []
        for result in results {
            switch result.result {
            case let .success(value):
                received.append((result.target, value.bytes.count, result.seconds))
                if let image = streamed.lazy.compactMap({ $0.image(for: value.bytes, limits: limits) }).first {
                    items.append(.image(image))
                    continue
                }
                do {
                    let imported = try registry.decode(target: result.target, data: value.bytes, limits: limits)
                    items += imported.items
                    problems += imported.notes.map { "\(result.target): \($0)" }
                } catch {
                    problems.append("import failed: \(error)")
                }
            case let .failure(failure):
                problems.append(SelectionFetcher.describe(failure, target: result.target, owner: ownerText))
            }
        }
    }
}


