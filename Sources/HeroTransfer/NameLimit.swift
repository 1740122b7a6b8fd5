/// How long a name may be, in UTF-8 bytes and in characters: one rule for every place a name is read (text lines,
/// hero JSON, catalog files, file names, image names). Bytes are checked first: counting characters, folding case or
/// decomposing a name costs time in proportion to its bytes, so a huge "name" (millions of combining marks on six
/// letters) is refused before any of that work.
public enum NameLimit {
    /// Longest name, in characters (grapheme clusters).
    public static let maxCharacters = 100
    /// Longest name, in UTF-8 bytes: 4 bytes a character on average, room for any script and a few accents each.
    public static let maxUTF8Bytes = 400

    /// Whether `text`, leading and trailing ASCII whitespace aside, is within `maxUTF8Bytes`. O(1) for a native
    /// string, plus the whitespace it skips; never walks characters.
    public static func fitsBytes<S: StringProtocol>(_ text: S) -> Bool {
        let utf8 = text.utf8
        if utf8.count <= maxUTF8Bytes { return true }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        let leading = utf8.prefix { isSpace($0) }.count
        guard leading < utf8.count else { return true }
        let trailing = utf8.reversed().prefix { isSpace($0) }.count
        return utf8.count - leading - trailing <= maxUTF8Bytes
    }

    /// At most the first 40 Unicode scalars of `text` (then `…`), for quoting an over-long name in a message or a
    /// log line without printing megabytes.
    public static func preview<S: StringProtocol>(_ text: S) -> String {
        let scalars = text.unicodeScalars
        var head = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index != scalars.endIndex && head.count < 40 {
            head.append(scalars[index])
            index = scalars.index(after: index)
        }
        return index == scalars.endIndex ? String(text) : String(head) + "…"
    }
}
