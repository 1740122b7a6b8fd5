@_spi(_Unicode) import Swift
import HeroBase
import HeroTransfer

/// Hero names: validation, and the key under which two spellings count as the same hero.
public enum HeroName {
    /// Longest valid name, in characters.
    public static let maxLength = NameLimit.maxCharacters
    /// Longest valid name, in UTF-8 bytes (checked before anything else: see `NameLimit`).
    public static let maxUTF8Bytes = NameLimit.maxUTF8Bytes

    /// The matching key: case folded, diacritics folded, everything but letters and digits removed.
    /// `spiderman`, `SPIDER MAN` and ` Spider-Man ` all give `spiderman`; `Señor` gives `senor`.
    public static func key(_ name: String) -> String {
        keyCounter?.add()
        var scalars = String.UnicodeScalarView()
        // `_nfd` (canonical decomposition) is the standard library's own; FoundationEssentials has no folding API.
        for scalar in name.lowercased()._nfd {
            if let replacement = unDecomposable[scalar] {
                scalars.append(contentsOf: replacement.unicodeScalars)
            } else if scalar.properties.isAlphabetic && scalar.properties.generalCategory != .nonspacingMark
                        || scalar.properties.numericType == .decimal {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Counts `key` computations in the current task when set: how tests check that ingest stays linear in the
    /// names it reads without timing anything. Nil (one task-local read per key) outside those tests.
    @TaskLocal static var keyCounter: KeyCounter?

    /// Letters with no canonical decomposition that still carry a "diacritic" for a reader of Latin script.
    private static let unDecomposable: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i", "ħ": "h",
    ]

    /// The name trimmed, or an error when it is empty, over 400 UTF-8 bytes or 100 characters, contains a control
    /// character, has no letter or digit, or is a URL. The byte count is checked first, so an over-long name costs
    /// no more than its length in bytes to refuse.
    public static func validate(_ raw: String) throws(HeroError) -> String {
        try validated(raw).name
    }

    /// `validate`, also returning the key it computed on the way (callers need both; a key costs a decomposition).
    static func validated(_ raw: String) throws(HeroError) -> (name: String, key: String) {
        guard NameLimit.fitsBytes(raw) else {
            throw .invalidName(raw, reason: "it is longer than \(maxUTF8Bytes) bytes (\(raw.utf8.count) bytes of UTF-8)")
        }
        let name = raw.trimmed()
        guard !name.isEmpty else { throw .invalidName(raw, reason: "it is empty") }
        guard name.count <= maxLength else { throw .invalidName(raw, reason: "it is longer than \(maxLength) characters") }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName(raw, reason: "it contains a control character")
        }
        let key = key(name)
        guard !key.isEmpty else { throw .invalidName(raw, reason: "it has no letter or digit") }
        guard !looksLikeURL(name) else { throw .invalidName(raw, reason: HeroError.urlReason) }
        return (name, key)
    }

    /// `scheme://…` or `mailto:`-style text: what browsers put in the plain text of an image drag.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              scheme.first!.isLetter else { return false }
        let rest = text[text.index(after: colon)...]
        return rest.hasPrefix("//") || ["mailto", "data", "about", "blob"].contains(scheme.lowercased())
    }

    /// Sort key for listings: case- and accent-insensitive, ties broken by the exact name, so the order is total.
    static func sortKey(_ name: String) -> (String, String) {
        var folded = String.UnicodeScalarView()
        for scalar in name.lowercased()._nfd where scalar.properties.generalCategory != .nonspacingMark {
            folded.append(scalar)
        }
        return (String(folded), name)
    }

    /// The first half of `sortKey` (the name with case and accents folded): what the store keeps in `sort_key`
    /// and orders its listing by, then by the exact name.
    public static func listingKey(_ name: String) -> String { sortKey(name).0 }

    /// Whether `a` sorts before `b` in listings (see `sortKey`).
    public static func sortsBefore(_ a: String, _ b: String) -> Bool {
        keyPrecedes(sortKey(a), sortKey(b))
    }

    /// `elements` sorted by the name `name` gives each, in listing order. Each sort key is computed once, not
    /// once per comparison (1000 favorites: about 20,000 decompositions fewer).
    public static func sorted<T>(_ elements: [T], by name: (T) -> String) -> [T] {
        elements.map { (sortKey(name($0)), $0) }.sorted { keyPrecedes($0.0, $1.0) }.map(\.1)
    }

    static func keyPrecedes(_ a: (String, String), _ b: (String, String)) -> Bool {
        if a.0 != b.0 { return a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars) }
        return a.1.unicodeScalars.lexicographicallyPrecedes(b.1.unicodeScalars)
    }
}
