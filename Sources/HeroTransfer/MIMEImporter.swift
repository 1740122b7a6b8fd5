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

    /// The target name as it appears in a TARGETS list or XdndTypeList.
    public let target: String
    public let role: Role
    /// One line for `--help`-style listings: which encoding, what is taken from it.
    public let summary: String
    let run: @Sendable (Data, TransferLimits) throws(TransferError) -> ImportResult

    init(_ target: String, _ role: Role, _ summary: String,
         _ run: @escaping @Sendable (Data, TransferLimits) throws(TransferError) -> ImportResult) {
        self.target = target
        self.role = role
        self.summary = summary
        self.run = run
    }

    /// An importer whose data is one text value.
    static func text(_ target: String, _ role: Role, _ summary: String,
                     _ decode: @escaping @Sendable (Data) throws(TransferError) -> String) -> MIMEImporter {
        MIMEImporter(target, role, summary) { data, _ throws(TransferError) in
            let text = try decode(data)
            return ImportResult(items: text.isEmpty ? [] : [.text(text)])
        }
    }
}
