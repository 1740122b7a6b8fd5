import CX11
import FoundationEssentials
import HeroTransfer
import X11Bridge

/// Everything read from one selection change: who owned it, what it offered, what was fetched and what the
/// registry made of it. The agent ingests it; `herobridge inspect` prints it.
public struct SelectionContent {
    public let selection: WatchedSelection
    public let owner: Window
    public var offered: [String] = []
    public var chosen: [String] = []
    public var items: [MultiTypeTransferable] = []
    /// Bytes received per fetched target, and how long the transfer took.
    public var received: [(target: String, bytes: Int, seconds: Double)] = []
    /// Failures and notes, one log line each (`owner 0x1a00003 did not answer TARGETS within 5 s`).
    public var problems: [String] = []
    /// Why nothing beyond TARGETS was fetched, when that is the case.
    public var skipped: String?
    /// The owner did not answer TARGETS: nothing else could be learnt.
    public var unreachable = false

    public var ownerText: String { "0x" + String(owner, radix: 16) }
}

/// Reads a selection change the HeroBridge way: TARGETS, the password gate and our own marker, `choose`,
/// the chosen targets one by one, then the registry. The clipboard and (later) the drop window share this.
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
        var content = SelectionContent(selection: change.selection, owner: change.owner)
        let targets = SelectionReader.Request("TARGETS", maxBytes: Self.maxTargets * 4)
        reader.fetch(selection: change.selection.atom, targets: [targets], time: change.time, owner: change.owner) { [self] results in
            guard let first = results.first, case let .success(value) = first.result else {
                let failure = results.first.flatMap { if case let .failure(f) = $0.result { return f } else { return nil } }
                content.unreachable = true
                content.problems.append(describe(failure ?? .propertyMissing, target: "TARGETS", owner: content.ownerText))
                completion(content)
                return
            }
            guard value.format == 32 else {
                content.problems.append("owner \(content.ownerText) answered TARGETS with format \(value.format), not a list of atoms")
                completion(content)
                return
            }
            let offered = connection.names(of: value.items32.map { UInt($0) }).filter { !$0.isEmpty }
            readOffered(offered, into: content, time: change.time, completion: completion)
        }
    }

    /// Reads what `offered` allows (the types an XDND source announced, or a TARGETS reply) with the same gates
    /// and choice as a clipboard read. `skipOwnCopy` ignores offers carrying our marker: right for a selection
    /// (our own copy must not come back as a new one), wrong for a drop (a hero dragged out of the catalog window
    /// onto the drop window is the user's explicit act).
    public func readOffered(_ offered: [String], into content: SelectionContent, time: Time, skipOwnCopy: Bool = true,
                            completion: @escaping (SelectionContent) -> Void) {
        var content = content
        content.offered = offered
        if MIMERegistry.isSecret(offered: offered) {
            content.skipped = "a password (\(MIMERegistry.passwordHint)) was not read"
        } else if skipOwnCopy && offered.contains(Self.ownMarker) {
            content.skipped = "HeroBridge's own copy"
        } else {
            content.chosen = registry.choose(offered: offered, textOnly: content.selection.isPrimary)
            if content.chosen.isEmpty {
                content.skipped = "nothing usable among \(offered.count) targets"
                    + (offered.isEmpty ? "" : " (" + offered.prefix(6).joined(separator: ", ") + (offered.count > 6 ? ", …)" : ")"))
            }
        }
        guard content.skipped == nil else { completion(content); return }
        reader.fetch(selection: content.selection.atom, targets: content.chosen, time: time) { [self] fetched in
            decode(fetched, into: &content)
            completion(content)
        }
    }

    private func decode(_ fetched: [SelectionReader.Fetched], into content: inout SelectionContent) {
        for result in fetched {
            switch result.result {
            case let .success(value):
                content.received.append((result.target, value.bytes.count, result.seconds))
                do {
                    let imported = try registry.decode(target: result.target, data: value.bytes, limits: limits)
                    content.items += imported.items
                    content.problems += imported.notes.map { "\(result.target): \($0)" }
                } catch {
                    content.problems.append("import failed: \(error)")
                }
            case let .failure(failure):
                content.problems.append(describe(failure, target: result.target, owner: content.ownerText))
            }
        }
    }

    private func describe(_ failure: TargetReadFailure, target: String, owner: String) -> String {
        switch failure {
        case .refused: return "owner \(owner) refused \(target)"
        case .timedOut: return "owner \(owner) \(failure)"
        case .abandoned: return "\(target): \(failure)"
        default: return "owner \(owner) \(target): \(failure)"
        }
    }
}
