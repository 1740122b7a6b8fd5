import HeroBase
import HeroTransfer

/// What every text a registry importer returns must look like, whichever target it came from.
enum ImportChecks {
    /// Text items are normalised (no CR, no trailing NUL) and never empty.
    static func checkTexts(_ result: ImportResult, target: String) {
        for item in result.items {
            guard case let .text(text) = item else { continue }
            Invariant.check(!text.isEmpty, "\(target) gave an empty text")
            Invariant.check(!text.unicodeScalars.contains("\r"), "\(target) gave a text with a CR: \(text.debugDescription)")
            Invariant.check(text.unicodeScalars.last != "\0", "\(target) gave a text ending in NUL")
        }
    }

    /// The text of every item, crashing on a non-text item from a target that only yields text.
    static func texts(_ result: ImportResult, target: String) -> [String] {
        result.items.map { item in
            guard case let .text(text) = item else { fatalError("invariant broken: \(target) gave a non-text item \(item)") }
            return text
        }
    }

    /// `text` has no whitespace or NUL at either end (what `trimmed()` and `HTMLText` promise), by characters or by
    /// scalars: the two disagree only where a blank joins a neighbour in one grapheme (a space before a combining
    /// mark, U+0600 before a space), and either view of such an end is fair.
    static func checkClean(_ text: String, _ what: String) {
        let blank: (Unicode.Scalar?) -> Bool = { $0.map { $0.properties.isWhitespace || $0 == "\0" } ?? false }
        let scalarsClean = !blank(text.unicodeScalars.first) && !blank(text.unicodeScalars.last)
        Invariant.check(scalarsClean || text.trimmed() == text, "\(what) is not trimmed: \(text.debugDescription)")
    }

    /// A validated image is within the limits it was checked against, and its type is what its bytes say.
    static func checkImage(_ image: TransferImage, limits: TransferLimits, what: String) {
        Invariant.check(image.width > 0 && image.height > 0, "\(what): an image of \(image.width)×\(image.height) passed")
        Invariant.check(image.width <= limits.maxImageSide && image.height <= limits.maxImageSide
                            && image.width * image.height <= limits.maxImagePixels,
                        "\(what): a \(image.width)×\(image.height) image passed limits \(limits)")
        Invariant.check(image.mime == ImageFormat.sniff(image.data)?.mime, "\(what): mime \(image.mime) is not what the bytes say")
        Invariant.check(image.data.count <= limits.maxBytes, "\(what): \(image.data.count) bytes passed maxBytes \(limits.maxBytes)")
    }
}
