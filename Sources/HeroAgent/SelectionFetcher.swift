import FoundationEssentials
import HeroTransfer
import X11Bridge

/// Reads a selection change the HeroBridge way: TARGETS, the password gate and our own marker, `choose`,
/// the chosen targets one by one. The clipboard and the drop window share this; decoding is `SelectionContent.decode`,
/// on the agent's worker.
public final class SelectionFetcher {
    /// Offered by `herobridge copy` (`HeroOffer`): a copy HeroBridge made itself is never ingested again.
    public static let ownMarker = "application/x-herobridge-owner"
    /// The most targets a TARGETS reply (or an XDND type list) may name: real apps offer a few dozen (LibreOffice
    /// about 30). A longer list is refused before it is read, since naming each atom costs a round trip's worth.
    public static let maxTargets = 1024

    private let connection: XConnection
    private let reader: SelectionReader
    private let registry: MIMERegistry
    private let limits: TransferLimits

    public init(connection: XConnection, reader: SelectionReader, registry: MIMERegistry = .standard, limits: TransferLimits) {
        self.connection = connection
        self.reader = reader
        self.registry = registry
        self.limits = limits
    }

    public var isBusy: Bool { reader.isBusy }

    /// Abandons the read in flight; its completion still runs, with the reason among the problems.
    public func cancel(reason: String) { reader.cancel(reason: reason) }

    public func read(_ change: SelectionChange, completion: @escaping (SelectionContent) -> Void) {
        var content = SelectionContent(selectionName: change.selection.name, isPrimary: change.selection.isPrimary,
                                       origin: .window(UInt(change.owner)))
        let targets = SelectionReader.Request("TARGETS", maxBytes: Self.maxTargets * 4)
        reader.fetch(selection: change.selection.atom, targets: [targets], time: change.time, owner: change.owner) { [self] results in
            guard let first = results.first, case let .success(value) = first.result else {
                let failure = results.first.flatMap { if case let .failure(f) = $0.result { return f } else { return nil } }
                content.unreachable = true
                content.problems.append(Self.describe(failure ?? .propertyMissing, target: "TARGETS", owner: content.ownerText))
                completion(content)
                return
            }
            guard value.format == 32 else {
                content.problems.append("owner \(content.ownerText) answered TARGETS with format \(value.format), not a list of atoms")
                completion(content)
                return
            }
            let offered = connection.names(of: value.items32.map { UInt($0) }).filter { !$0.isEmpty }
            readOffered(offered, into: content, selection: change.selection.atom, time: change.time, completion: completion)
        }
    }

    /// Reads what `offered` allows (the types an XDND source announced, or a TARGETS reply) with the same gates
    /// and choice as a clipboard read. `skipOwnCopy` ignores offers carrying our marker: right for a selection
    /// (our own copy must not come back as a new one), wrong for a drop (a hero dragged out of the catalog window
    /// onto the drop window is the user's explicit act).
    public func readOffered(_ offered: [String], into content: SelectionContent, selection: Atom, time: Time,
                            skipOwnCopy: Bool = true,
                            completion: @escaping (SelectionContent) -> Void) {
        var content = content
        content.choose(from: offered, registry: registry, skipOwnCopy: skipOwnCopy)
        guard content.skipped == nil else { completion(content); return }
        // Each target is read only up to what its importer would take: 64 MB of text/html is refused when the
        // owner announces it (or when its first chunk overflows 1 MiB), not parsed and then thrown away.
        let requests = content.chosen.map { SelectionReader.Request($0, maxBytes: registry.readLimit(for: $0, limits: limits)) }
        let owner = content.ownerText
        reader.fetch(selection: selection, targets: requests, time: time) { fetched in
            content.fetched = fetched.map { Self.neutral($0, owner: owner) }
            completion(content)
        }
    }

    /// A read as the ingest sees it, its failure already the log's sentence.
    static func neutral(_ fetched: SelectionReader.Fetched, owner: String) -> FetchedTarget {
        FetchedTarget(target: fetched.target,
                      result: fetched.result.map(\.bytes).mapError { .init(describe($0, target: fetched.target, owner: owner)) },
                      seconds: fetched.seconds, retries: fetched.retries)
    }

    static func describe(_ failure: TargetReadFailure, target: String, owner: String) -> String {
        switch failure {
        case .announcedTooLarge where target == "TARGETS":
            return "owner \(owner) offered more than \(maxTargets) targets; not read"
        case .refused: return "owner \(owner) refused \(target)"
        case .timedOut: return "owner \(owner) \(failure)"
        case .abandoned: return "\(target): \(failure)"
        default: return "owner \(owner) \(target): \(failure)"
        }
    }
}
