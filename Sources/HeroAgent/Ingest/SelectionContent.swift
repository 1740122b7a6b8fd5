import FoundationEssentials
import HeroTransfer

/// Everything read from one selection change or drop: who offered it, what it offered, what was fetched and what
/// the registry made of it. The reader fills `fetched` on the loop thread (over X11 or Wayland alike); `decode`
/// (on the agent's worker, inside an `IngestJob`) turns it into items. The agent ingests it; `herobridge
/// inspect` prints it.
public struct SelectionContent: Sendable {
    /// `CLIPBOARD`, `PRIMARY`, or `drop`.
    public let selectionName: String
    /// PRIMARY is read only after it settles, text targets only.
    public let isPrimary: Bool
    public let origin: ContentOrigin
    public var offered: [String] = []
    public var chosen: [String] = []
    /// What the owner sent, target by target, not decoded yet (emptied by `decode`).
    public var fetched: [FetchedTarget] = []
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

    public init(selectionName: String, isPrimary: Bool, origin: ContentOrigin) {
        self.selectionName = selectionName
        self.isPrimary = isPrimary
        self.origin = origin
    }

    public var ownerText: String { origin.ownerText }

    /// Bytes fetched and not decoded yet.
    public var fetchedBytes: Int {
        fetched.reduce(0) { $0 + ($1.bytes?.count ?? 0) }
    }

    /// Runs the registry's importers on what was fetched: items, notes, and one problem per failure. Pure and
    /// thread-safe: the agent calls it on its worker, never on the X thread.
    public mutating func decode(registry: MIMERegistry = .standard, limits: TransferLimits) {
        let results = fetched
        fetched = []
        for result in results {
            switch result.result {
            case let .success(bytes):
                received.append((result.target, bytes.count, result.seconds))
                if let image = streamed.lazy.compactMap({ $0.image(for: bytes, limits: limits) }).first {
                    items.append(.image(image))
                    continue
                }
                do {
                    let imported = try registry.decode(target: result.target, data: bytes, limits: limits)
                    items += imported.items
                    problems += imported.notes.map { "\(result.target): \($0)" }
                } catch {
                    problems.append("import failed: \(error)")
                }
            case let .failure(failure):
                problems.append(failure.description)
            }
        }
    }

    /// Applies the gates and the choice every path shares to what the owner offered: a password manager's hint
    /// means nothing is read; HeroBridge's own copy (its marker) is not read back when `skipOwnCopy`; otherwise
    /// `chosen` is what the registry would fetch, in order (text only for PRIMARY). Sets `skipped` when nothing
    /// is to be read.
    public mutating func choose(from offered: [String], registry: MIMERegistry = .standard, skipOwnCopy: Bool) {
        self.offered = offered
        if MIMERegistry.isSecret(offered: offered) {
            skipped = "a password (\(MIMERegistry.passwordHint)) was not read"
        } else if skipOwnCopy && offered.contains(SelectionFetcher.ownMarker) {
            skipped = "HeroBridge's own copy"
        } else {
            chosen = registry.choose(offered: offered, textOnly: isPrimary)
            if chosen.isEmpty {
                skipped = "nothing usable among \(offered.count) targets"
                    + (offered.isEmpty ? "" : " (" + offered.prefix(6).joined(separator: ", ") + (offered.count > 6 ? ", …)" : ")"))
            }
        }
    }
}
