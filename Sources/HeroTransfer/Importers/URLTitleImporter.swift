import FoundationEssentials
import HeroBase

/// Browsers' link targets, read for the name they carry: `text/x-moz-url` (UTF-16 `URL\ntitle`), `_NETSCAPE_URL`
/// (UTF-8 `URL\ntitle`), `text/x-moz-url-desc` (UTF-16 title). The title names the hero; without one, the last
/// path component of the URL does (`…/Thor.png` → `Thor`). The URL itself is never offered as a name.
enum URLTitleImporter {
    static func run(_ text: String, target: String) throws(TransferError) -> ImportResult {
        let lines = text.split(separator: "\n").map { $0.trimmed() }.filter { !$0.isEmpty }
        guard let url = lines.first else { throw .importFailed(target: target, reason: "no URL or title") }
        if lines.count >= 2 { return ImportResult(items: [.text(lines[1])]) }
        guard url.contains("://") else { return ImportResult(items: [.text(url)]) }
        // The path only: not the host (`https://www.marvel.com` names no one), the query or the fragment.
        let afterScheme = url.split(separator: "://", maxSplits: 1).last ?? ""
        let hostAndPath = afterScheme.prefix { $0 != "?" && $0 != "#" }
        let path = hostAndPath.drop { $0 != "/" }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        // A name is one line of printable text: a component that decodes to line breaks or other controls keeps
        // its raw, encoded form.
        let decoded = URIListImporter.percentDecode(last).flatMap { text in
            text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        }
        let name = URIListImporter.stem(of: decoded ?? last).trimmed()
        guard !name.isEmpty, !name.contains(":") else {
            throw .importFailed(target: target, reason: "the URL carries no title")
        }
        return ImportResult(items: [.text(name)])
    }
}
