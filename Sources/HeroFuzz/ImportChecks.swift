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

    /// `text` has no leading or trailing whitespace and no run of two (what `HTMLText` and the link importers promise).
    static func checkClean(_ text: String, _ what: String) {
        Invariant.check(text == text.trimmed(), "\(what) is not trimmed: \(text.debugDescription)")
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
