import FoundationEssentials
import HeroBase

/// The table of every supported target, in preference order, and the one place that decides which of the
/// offered targets to fetch. The clipboard watcher and the drop window both go through here.
public struct MIMERegistry: Sendable {
    /// All importers. Within one role, earlier rows are preferred.
    public let importers: [MIMEImporter]

    /// Offered by KeePassXC (`secret`) and QtPass (`1`) next to a password: such a selection is never read.
    public static let passwordHint = "x-kde-passwordManagerHint"

    /// The registry HeroBridge uses. Preference, best first:
    /// hero: our JSON. files: `text/uri-list`, `x-special/gnome-copied-files`, `application/x-kde4-urilist`.
    /// image: `image/png` (lossless; GTK lists it first; Chromium offers only it), `image/bmp`, `image/x-bmp`,
    /// `image/x-ms-bmp` (lossless, full colour), `image/webp` (lossless or better than JPEG at its size),
    /// `image/jpeg`, `image/jpg`, `image/gif` (256 colours at most: of one picture converted into every type an
    /// app offers, the one that loses most), `application/octet-stream` (Chromium's image drags; sniffed). text: `UTF8_STRING` (unambiguous UTF-8),
    /// `text/plain;charset=utf-8`, `text/plain`, `STRING`, `TEXT`, `text/plain;charset=utf-16` (LibreOffice lists it
    /// first; taken only when nothing else exists). name: `text/x-moz-url`, `_NETSCAPE_URL`, `text/x-moz-url-desc`,
    /// `text/html`.
    public static let standard = MIMERegistry(importers: [
        MIMEImporter(HeroJSONImporter.target, .hero, "HeroBridge hero JSON, portraits in base64") { data, limits throws(TransferError) in
            try HeroJSONImporter.run(data, limits: limits)
        },
        MIMEImporter("text/uri-list", .files, "RFC 2483 URI list; local files are read", budget: .list, readingFiles: { data, limits, files throws(TransferError) in
            try URIListImporter.run(data, target: "text/uri-list", gnomeCopiedFiles: false, limits: limits, files: files)
        }),
        MIMEImporter("x-special/gnome-copied-files", .files, "copy|cut line, then URIs", budget: .list, readingFiles: { data, limits, files throws(TransferError) in
            try URIListImporter.run(data, target: "x-special/gnome-copied-files", gnomeCopiedFiles: true, limits: limits, files: files)
        }),
        MIMEImporter("application/x-kde4-urilist", .files, "KDE's URI list", budget: .list, readingFiles: { data, limits, files throws(TransferError) in
            try URIListImporter.run(data, target: "application/x-kde4-urilist", gnomeCopiedFiles: false, limits: limits, files: files)
        }),
        image("image/png"),
        image("image/bmp"),
        image("image/x-bmp"),
        image("image/x-ms-bmp"),
        image("image/webp"),
        image("image/jpeg"),
        image("image/jpg"),
        image("image/gif"),
        image("application/octet-stream"),
        .text("UTF8_STRING", .text, "UTF-8, strict") { data throws(TransferError) in
            try TextDecoding.utf8(data, target: "UTF8_STRING")
        },
        .text("text/plain;charset=utf-8", .text, "UTF-8, strict") { data throws(TransferError) in
            try TextDecoding.utf8(data, target: "text/plain;charset=utf-8")
        },
        .text("text/plain", .text, "UTF-8 when valid, else Latin-1") { data in TextDecoding.utf8OrLatin1(data) },
        .text("STRING", .text, "ISO-8859-1 (UTF-8 when valid, as Chromium writes it)") { data in
            TextDecoding.utf8OrLatin1(data)
        },
        .text("TEXT", .text, "UTF-8 when valid, else Latin-1") { data in TextDecoding.utf8OrLatin1(data) },
        .text("text/plain;charset=utf-16", .text, "UTF-16, BOM or little-endian") { data throws(TransferError) in
            try TextDecoding.utf16(data, target: "text/plain;charset=utf-16")
        },
        MIMEImporter("text/x-moz-url", .name, "UTF-16 URL and title; the title names", budget: .link) { data, _ throws(TransferError) in
            try URLTitleImporter.run(TextDecoding.utf16(data, target: "text/x-moz-url"), target: "text/x-moz-url")
        },
        MIMEImporter("_NETSCAPE_URL", .name, "UTF-8 URL and title; the title names", budget: .link) { data, _ throws(TransferError) in
            try URLTitleImporter.run(TextDecoding.utf8OrLatin1(data), target: "_NETSCAPE_URL")
        },
        .text("text/x-moz-url-desc", .name, "UTF-16 link title", budget: .link) { data throws(TransferError) in
            try TextDecoding.utf16(data, target: "text/x-moz-url-desc").trimmed()
        },
        MIMEImporter("text/html", .name, "img alt/title and visible text", budget: .text) { data, _ throws(TransferError) in
            let extract = HTMLText.extract(try TextDecoding.html(data, target: "text/html"))
            let texts = extract.imageNames + (extract.text.isEmpty ? [] : [extract.text])
            return ImportResult(items: texts.map { .text($0) })
        },
    ])

    public init(importers: [MIMEImporter]) {
        self.importers = importers
    }

    /// The importer for `target`, matched the way toolkits spell MIME types: case-insensitive, spaces and
    /// quotes around the charset ignored, `utf8` read as `utf-8`.
    public func importer(for target: String) -> MIMEImporter? {
        let key = Self.canonical(target)
        return importers.first { Self.canonical($0.target) == key }
    }

    /// Runs the importer for `target` on `data`. Throws `.tooLarge` when the raw bytes are over the target's cap
    /// (`MIMEImporter.byteLimit`: `maxBytes`, or the smaller text and link caps), checked before any decoding;
    /// a URI list over its cap is cut at its last whole line within it, with a note. Throws `.unsupportedTarget`
    /// for an unknown target, and the importer's own `.importFailed`. The local files a URI list names are read
    /// through `files` (`FileReadGate.inline` with files in memory keeps a fuzzer or a test off the disk).
    public func decode(target: String, data: Data, limits: TransferLimits = .default,
                       files: FileReadGate = .shared) throws(TransferError) -> ImportResult {
        guard let importer = importer(for: target) else { throw .unsupportedTarget(target) }
        let limit = importer.byteLimit(limits)
        guard data.count > limit else { return try importer.run(data, limits, files) }
        guard importer.budget == .list, data.count <= importer.readLimit(limits) else {
            throw .tooLarge(target: target, bytes: data.count, limit: limit)
        }
        let head = data.prefix(limit)
        let cut = head.lastIndex(of: UInt8(ascii: "\n")).map { head[..<$0] } ?? head
        var result = try importer.run(Data(cut), limits, files)
        result.notes.append("the list is \(ByteCount.format(data.count)); only its first \(ByteCount.format(limit)) read")
        return result
    }

    /// The most bytes worth reading of `target` under `limits` (its `MIMEImporter.readLimit`; `maxBytes` for an
    /// unknown target): a reader may stop there, since `decode` refuses more.
    public func readLimit(for target: String, limits: TransferLimits) -> Int {
        importer(for: target)?.readLimit(limits) ?? limits.maxBytes
    }

    /// Whether the owner marked its data as a password (`x-kde-passwordManagerHint`, whatever its value).
    public static func isSecret(offered: [String]) -> Bool {
        offered.contains { $0 == passwordHint }
    }

    /// The offered targets worth fetching, in the order to fetch them, spelled as offered.
    ///
    /// At most one of each role: the hero JSON, a file list, the best image, the best text, and a name-bearing
    /// target when an image is fetched (browsers' "Copy Image" has no plain text; their image drags carry the
    /// title in `text/x-moz-url` while the plain text is only a URL). Plain text is skipped for a file copy,
    /// whose text is just the paths. `textOnly` (PRIMARY) asks for the best text target and nothing else.
    /// A secret (`isSecret`) gets nothing at all.
    public func choose(offered: [String], textOnly: Bool = false) -> [String] {
        guard !Self.isSecret(offered: offered) else { return [] }
        let canonicalOffered = offered.map(Self.canonical)
        func best(_ role: MIMEImporter.Role) -> String? {
            for importer in importers where importer.role == role {
                if let index = canonicalOffered.firstIndex(of: Self.canonical(importer.target)) { return offered[index] }
            }
            return nil
        }
        let text = best(.text)
        if textOnly { return text.map { [$0] } ?? [] }

        let files = best(.files)
        let image = best(.image)
        let name = best(.name)
        var chosen = [best(.hero), files, image].compactMap { $0 }
        if files == nil, let text { chosen.append(text) }
        if let name, image != nil || (text == nil && files == nil) { chosen.append(name) }
        return chosen
    }

    static func canonical(_ target: String) -> String {
        var result = target.lowercased().filter { $0 != " " && $0 != "\"" && $0 != "'" }
        if result.hasSuffix("charset=utf8") { result = String(result.dropLast(4)) + "utf-8" }
        return result
    }

    private static func image(_ target: String) -> MIMEImporter {
        MIMEImporter(target, .image, "PNG, JPEG, WebP, GIF or BMP, sniffed and decoded") { data, limits throws(TransferError) in
            ImportResult(items: [.image(try ImageValidator.validate(data, target: target, limits: limits))])
        }
    }
}
