import FoundationEssentials

/// Byte-to-String decoders for the encodings X11 apps really use, plus the normalisation every text import gets.
enum TextDecoding {
    /// Strict UTF-8: invalid sequences are an error, never replacement characters.
    static func utf8(_ data: Data, target: String) throws(TransferError) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .importFailed(target: target, reason: "invalid UTF-8 at byte \(firstInvalidUTF8Offset(data))")
        }
        return normalise(text)
    }

    /// ISO-8859-1: every byte is the code point of the same value, so this cannot fail.
    static func latin1(_ data: Data) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: data.map { Unicode.Scalar($0) })
        return normalise(String(scalars))
    }

    /// UTF-8 when the bytes are valid UTF-8, else Latin-1: `text/plain`, and `STRING`, into which Chromium puts UTF-8.
    static func utf8OrLatin1(_ data: Data) -> String {
        if let text = String(validating: data, as: UTF8.self) { return normalise(text) }
        return latin1(data)
    }

    /// UTF-16 with a byte-order mark, or little-endian without one (what Firefox and Chromium write on x86).
    static func utf16(_ data: Data, target: String) throws(TransferError) -> String {
        var bytes = [UInt8](data)
        var littleEndian = true
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            bytes.removeFirst(2)
        } else if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            bytes.removeFirst(2)
            littleEndian = false
        }
        if bytes.count % 2 == 1 {
            guard bytes.last == 0 else {
                throw .importFailed(target: target, reason: "UTF-16 data has an odd number of bytes (\(data.count))")
            }
            bytes.removeLast()
        }
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): scalars.append(scalar)
            case .emptyInput: break decoding
            case .error: throw .importFailed(target: target, reason: "invalid UTF-16 (unpaired surrogate)")
            }
        }
        return normalise(String(scalars))
    }

    /// Guesses the encoding of HTML as browsers put it on X11: UTF-16 with a BOM (Chromium), UTF-16LE without one
    /// (Firefox; recognised by NUL high bytes), else UTF-8, else Latin-1.
    static func html(_ data: Data, target: String) throws(TransferError) -> String {
        let bytes = data.prefix(64)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return try utf16(data, target: target) }
        let oddNULs = bytes.enumerated().filter { $0.offset % 2 == 1 && $0.element == 0 }.count
        if bytes.count >= 4 && oddNULs * 2 >= bytes.count / 2 { return try utf16(data, target: target) }
        return utf8OrLatin1(data)
    }

    /// CRLF and lone CR become LF; trailing NULs (libfm, some toolkits) are dropped.
    static func normalise(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR { afterCR = false; continue }
            afterCR = scalar == "\r"
            scalars.append(afterCR ? "\n" : scalar)
        }
        while scalars.last == "\0" { scalars.removeLast() }
        return String(scalars)
    }

    private static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}
