import FoundationEssentials

/// One row of the registry: a target name, what role its data plays in a transfer, and how to import it.
public struct MIMEImporter: Sendable {
    /// What a target contributes; `MIMERegistry.choose` fetches at most one target of each role.
    public enum Role: String, Sendable, CaseIterable {
        /// A whole hero serialised by HeroBridge.
        case hero
        /// A list of files (URI lists); their images and file names.
        case files
        /// Image bytes.
        case image
        /// Plain text, which may name heroes.
        case text
        /// A small target that names the image it travels with (browser titles, HTML `alt`).
        case name
    }

    /// Which byte cap of `TransferLimits` a target's raw bytes must fit, checked before any decoding or parsing.
    public enum Budget: Sendable {
        /// `maxBytes`: images, hero JSON (portraits travel inside it).
        case payload
        /// `maxTextBytes`: plain text and HTML.
        case text
        /// `maxLinkBytes`: a URL and a title.
        case link
        /// `maxListBytes`: URI lists, which are cut at a line rather than refused.
        case list
    }

    /// The target name as it appears in a TARGETS list or XdndTypeList.
    public let target: String
    public let role: Role
    /// One line for `--help`-style listings: which encoding, what is taken from it.
    public let summary: String
    public let budget: Budget
    /// Imports the bytes; local files the data names (a URI list's) are read through the `FileReadGate`.
    let run: @Sendable (Data, TransferLimits, FileReadGate) throws(TransferError) -> ImportResult

    init(_ target: String, _ role: Role, _ summary: String, budget: Budget = .payload,
         _ run: @escaping @Sendable (Data, TransferLimits) throws(TransferError) -> ImportResult) {
        self.init(target, role, summary, budget: budget, readingFiles: { data, limits, _ throws(TransferError) in
            try run(data, limits)
        })
    }

    /// An importer whose data names local files, which it reads through the caller's `FileReadGate`.
    init(_ target: String, _ role: Role, _ summary: String, budget: Budget = .payload,
         readingFiles run: @escaping @Sendable (Data, TransferLimits, FileReadGate) throws(TransferError) -> ImportResult) {
        self.target = target
        self.role = role
        self.summary = summary
        self.budget = budget
        self.run = run
    }

    /// The most bytes worth reading of this target under `limits`: what `MIMERegistry.decode` accepts. A URI list
    /// is cut at a line rather than refused, so it may be read up to `maxBytes`; any other target up to its cap.
    public func readLimit(_ limits: TransferLimits) -> Int {
        budget == .list ? limits.maxBytes : byteLimit(limits)
    }

    /// The most bytes this target may carry under `limits`: never more than `maxBytes`.
    public func byteLimit(_ limits: TransferLimits) -> Int {
        switch budget {
        case .payload: return limits.maxBytes
        case .text: return min(limits.maxBytes, limits.maxTextBytes)
        case .link: return min(limits.maxBytes, limits.maxLinkBytes)
        case .list: return min(limits.maxBytes, limits.maxListBytes)
        }
    }

    /// An importer whose data is one text value.
    static func text(_ target: String, _ role: Role, _ summary: String, budget: Budget = .text,
                     _ decode: @escaping @Sendable (Data) throws(TransferError) -> String) -> MIMEImporter {
        MIMEImporter(target, role, summary, budget: budget) { data, _ throws(TransferError) in
            let text = try decode(data)
            return ImportResult(items: text.isEmpty ? [] : [.text(text)])
        }
    }
}
