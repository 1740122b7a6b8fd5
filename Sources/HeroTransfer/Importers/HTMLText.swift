/// Pulls the human-readable parts out of an HTML fragment as browsers put it on the clipboard: the `alt`/`title`
/// of each `<img>` (how "Copy Image" names a picture) and the visible text, tags and entities removed.
/// A tolerant scanner, not a parser: it never fails, whatever the markup.
enum HTMLText {
    struct Extract: Equatable {
        /// `alt` (else `title`) of every image, in document order, blanks skipped.
        var imageNames: [String] = []
        /// Visible text with block elements turned into line breaks and runs of spaces collapsed.
        var text: String = ""
    }

    private static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "pre", "section", "article", "header", "footer", "figcaption", "figure", "dt", "dd", "hr",
    ]
    private static let hiddenTags: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

    static func extract(_ html: String) -> Extract {
        var result = Extract()
        var text = ""
        var hiddenUntil: String?
        let chars = Array(html.unicodeScalars)
        var i = 0
        while i < chars.count {
            if chars[i] == "<", i + 1 < chars.count, startsTag(chars[i + 1]) {
                if matches(chars, at: i, "<!--") {
                    i = find(chars, "-->", from: i + 4).map { $0 + 3 } ?? chars.count
                    continue
                }
                let end = tagEnd(chars, from: i + 1)
                let tag = parseTag(String(String.UnicodeScalarView(chars[(i + 1)..<end])))
                i = min(end + 1, chars.count)
                if let hidden = hiddenUntil {
                    if tag.closing && tag.name == hidden { hiddenUntil = nil }
                    continue
                }
                if !tag.closing && hiddenTags.contains(tag.name) && !tag.selfClosing { hiddenUntil = tag.name; continue }
                if tag.name == "img" {
                    let names = [tag.attributes["alt"], tag.attributes["title"]].compactMap { $0.map(clean) }
                    if let name = names.first(where: { !$0.isEmpty }) { result.imageNames.append(name) }
                }
                if blockTags.contains(tag.name) { text.append("\n") }
                continue
            }
            let start = i
            i += 1
            while i < chars.count && chars[i] != "<" { i += 1 }
            // A line break in the source is only a space; line breaks come from block elements.
            if hiddenUntil == nil {
                text.append(contentsOf: String(String.UnicodeScalarView(chars[start..<i].map { $0 == "\n" ? " " : $0 })))
            }
        }
        result.text = decodeEntities(text).split(separator: "\n", omittingEmptySubsequences: false)
            .map { clean(String($0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
        return result
    }

    /// Decodes `&amp;`-style named entities (the common ones) and numeric ones (`&#233;`, `&#xE9;`).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "©", "reg": "®",
            "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
            "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "iacute": "í", "oacute": "ó",
            "uacute": "ú", "ntilde": "ñ", "uuml": "ü", "ouml": "ö", "auml": "ä", "ccedil": "ç", "szlig": "ß",
        ]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            let tail = rest[afterAmp...].prefix(12)
            if let semi = tail.firstIndex(of: ";") {
                let name = String(tail[..<semi])
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                    replacement = Unicode.Scalar(code).map { String($0) }
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                    replacement = Unicode.Scalar(code).map { String($0) }
                } else {
                    replacement = named[name]
                }
                if let replacement {
                    out += replacement
                    rest = rest[rest.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = rest[afterAmp...]
        }
        return out + rest
    }

    /// Collapses whitespace runs (including no-break spaces and NULs, which HTML does not allow) to one space and
    /// trims the ends.
    private static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "\0" }).joined(separator: " ")
    }

    private struct Tag {
        var name = ""
        var closing = false
        var selfClosing = false
        var attributes: [String: String] = [:]
    }

    private static func parseTag(_ body: String) -> Tag {
        var tag = Tag()
        var scalars = Substring(body)
        if scalars.hasPrefix("/") { tag.closing = true; scalars = scalars.dropFirst() }
        if scalars.hasSuffix("/") { tag.selfClosing = true; scalars = scalars.dropLast() }
        let nameEnd = scalars.firstIndex(where: { $0.isWhitespace || $0 == "/" }) ?? scalars.endIndex
        tag.name = scalars[..<nameEnd].lowercased()
        var rest = scalars[nameEnd...]
        while true {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "/" })
            guard !rest.isEmpty else { break }
            let keyEnd = rest.firstIndex(where: { $0.isWhitespace || $0 == "=" || $0 == "/" }) ?? rest.endIndex
            let key = rest[..<keyEnd].lowercased()
            rest = rest[keyEnd...].drop(while: { $0.isWhitespace })
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: { $0.isWhitespace })
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    let close = body.firstIndex(of: quote) ?? body.endIndex
                    value = String(body[..<close])
                    rest = close < body.endIndex ? body[body.index(after: close)...] : body[close...]
                } else {
                    let end = rest.firstIndex(where: { $0.isWhitespace }) ?? rest.endIndex
                    value = String(rest[..<end])
                    rest = rest[end...]
                }
            }
            if !key.isEmpty && tag.attributes[key] == nil { tag.attributes[key] = decodeEntities(value) }
        }
        return tag
    }

    /// Index of the `>` that ends the tag starting at `from`, skipping quoted attribute values.
    private static func tagEnd(_ chars: [Unicode.Scalar], from: Int) -> Int {
        var quote: Unicode.Scalar?
        var i = from
        while i < chars.count {
            let c = chars[i]
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { return i }
            i += 1
        }
        return chars.count
    }

    /// A `<` opens a tag only when a name, `/` or `!` follows; `a < b` is text.
    private static func startsTag(_ next: Unicode.Scalar) -> Bool {
        next == "/" || next == "!" || next.properties.isAlphabetic
    }

    private static func matches(_ chars: [Unicode.Scalar], at index: Int, _ literal: String) -> Bool {
        let needle = Array(literal.unicodeScalars)
        return index + needle.count <= chars.count && Array(chars[index..<index + needle.count]) == needle
    }

    private static func find(_ chars: [Unicode.Scalar], _ literal: String, from: Int) -> Int? {
        var i = from
        while i < chars.count { if matches(chars, at: i, literal) { return i }; i += 1 }
        return nil
    }
}
