import CPNG

/// A PNG's chunks split, piece by piece as they arrive, between the two checks of a validation that never
/// unfilters a row: the image data (the IDAT chunks' bytes) goes to a `PNGImageDataCheck`, and libpng is handed the
/// same PNG with IHDR's height made 1 and, in the first IDAT's place, one IDAT of a single row of zeros (correct
/// CRCs on both). libpng thus still judges the signature, IHDR's fields, every other chunk and the chunk order, at
/// the cost of one row, while the real rows cost an inflate.
///
/// Checked here, since libpng no longer sees them: every chunk type is four letters and every length in PNG's range
/// (libpng's progressive reader did not check the letters of a chunk after the image data: a fuzz finding); the
/// real height (with the width, against the limits, before any row costs anything); the IDAT chunks come one after
/// another, with no IDAT after another chunk; and the CRCs of the real IHDR and IDATs (libpng checks those of the
/// chunks it is handed as they came). Nothing after IEND is read, as libpng's own reader reads nothing after it.
struct PNGImageDataSplit {
    private enum Phase {
        case signature(remaining: Int)
        /// Collecting the 8 bytes of a chunk's length and type.
        case header
        /// Collecting IHDR's 13 bytes and its CRC, after its length and type (25 bytes in all).
        case imageHeader
        /// A chunk other than IHDR and IDAT: its data and CRC, for libpng as they are.
        case passed(remaining: Int)
        case imageData(remaining: Int)
        /// Collecting an IDAT's CRC.
        case imageCRC
        case end
    }

    private let limits: TransferLimits
    private var phase = Phase.signature(remaining: 8)
    private var collected: [UInt8] = []
    private var chunksSeen = 0
    private var isEnd = false
    private var running: UInt32 = 0
    /// IHDR's fields as stored (the real height); nil until read, or when the first chunk is no IHDR of 13 bytes.
    private(set) var header: PNGHeader?
    private var imageData: PNGImageDataCheck?
    private enum ImageDataPhase { case before, inside, after }
    private var imageDataPhase = ImageDataPhase.before
    /// Why the data cannot be a valid PNG, once found; later bytes are ignored.
    private(set) var failure: ImageDecodeError?

    init(limits: TransferLimits) {
        self.limits = limits
    }

    /// Whether IEND was reached after image data that is complete and right.
    var isComplete: Bool {
        guard failure == nil, case .end = phase else { return false }
        return imageData?.isComplete == true
    }

    /// Whether IEND was reached (nothing more is taken).
    var reachedEnd: Bool {
        if case .end = phase { return true }
        return false
    }

    /// Splits the next piece: what libpng must read goes to `libpng`, in order, in one or more parts.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, libpng: (UnsafeRawBufferPointer) -> Void) {
        guard var p = bytes.baseAddress, failure == nil else { return }
        var left = bytes.count
        while left > 0, failure == nil {
            switch phase {
            case let .signature(remaining):
                let n = min(remaining, left)
                libpng(UnsafeRawBufferPointer(start: p, count: n))
                p += n; left -= n
                phase = remaining == n ? .header : .signature(remaining: remaining - n)
            case .header:
                guard collect(8, from: &p, &left) else { return }
                chunkHeader(libpng: libpng)
            case .imageHeader:
                guard collect(25, from: &p, &left) else { return }
                imageHeader(libpng: libpng)
            case let .passed(remaining):
                let n = min(remaining, left)
                libpng(UnsafeRawBufferPointer(start: p, count: n))
                p += n; left -= n
                phase = remaining > n ? .passed(remaining: remaining - n) : isEnd ? .end : .header
            case let .imageData(remaining):
                let n = min(remaining, left)
                let piece = UnsafeRawBufferPointer(start: p, count: n)
                running = Checksum.crc32(piece, running: running)
                imageData?.feed(piece)
                if let message = imageData?.failure { failure = .corrupt(message) }
                p += n; left -= n
                phase = remaining > n ? .imageData(remaining: remaining - n) : .imageCRC
            case .imageCRC:
                guard collect(4, from: &p, &left) else { return }
                if running != word(0) { failure = .corrupt("IDAT: CRC error") }
                collected.removeAll(keepingCapacity: true)
                phase = .header
            case .end:
                return
            }
        }
    }

    private mutating func chunkHeader(libpng: (UnsafeRawBufferPointer) -> Void) {
        let chunk = PNGChunkHeader(collected, at: 0), length = chunk.length
        guard chunk.isValid else {
            failure = .corrupt("invalid chunk type or length")
            return
        }
        chunksSeen += 1
        if chunk.type == .imageData {
            startImageData(libpng: libpng)
            running = collected[4..<8].withUnsafeBytes { Checksum.crc32($0) }
            collected.removeAll(keepingCapacity: true)
            phase = length == 0 ? .imageCRC : .imageData(remaining: length)
            return
        }
        if imageDataPhase == .inside { imageDataPhase = .after }
        if chunk.type == .imageHeader, chunksSeen == 1, length == 13 {
            phase = .imageHeader // collects on, from these 8 bytes
            return
        }
        collected.withUnsafeBytes { libpng($0) }
        collected.removeAll(keepingCapacity: true)
        isEnd = chunk.type == .end
        phase = .passed(remaining: length + 4)
    }

    /// The first IDAT is where libpng gets its one row of zeros; the real data goes to the image data check.
    private mutating func startImageData(libpng: (UnsafeRawBufferPointer) -> Void) {
        switch imageDataPhase {
        case .inside:
            return
        case .after:
            failure = .corrupt("IDAT after another chunk that followed the image data")
        case .before:
            imageDataPhase = .inside
            // One row of at most maxRowBytes (libpng refuses a longer one when it reads the header), a filter byte
            // per Adam7 pass, and a byte of rounding each.
            guard let header, let passes = header.passes else {
                failure = .corrupt("image data with no valid IHDR before it")
                return
            }
            guard let zeros = Self.zeroImageData(header.withHeight(1), limit: limits.maxRowBytes + 14) else {
                failure = .rowTooLong(bytes: 0, limit: limits.maxRowBytes)
                return
            }
            guard let check = PNGImageDataCheck(passes: passes) else {
                failure = .corrupt("zlib cannot start")
                return
            }
            imageData = check
            zeros.withUnsafeBytes { libpng($0) }
        }
    }

    private mutating func imageHeader(libpng: (UnsafeRawBufferPointer) -> Void) {
        defer { collected.removeAll(keepingCapacity: true) }
        if collected[4..<21].withUnsafeBytes({ Checksum.crc32($0) }) != word(21) {
            failure = .corrupt("IHDR: CRC error")
            return
        }
        guard let header = PNGHeader(collected[8..<21]) else { return }
        do throws(ImageDecodeError) {
            try ImageDecodeError.check(width: header.width, height: header.height, limits: limits)
        } catch {
            failure = error
            return
        }
        self.header = header
        Self.chunk("IHDR", header.withHeight(1).bytes).withUnsafeBytes { libpng($0) }
        phase = .header
    }

    /// A whole chunk (length, type, data, CRC) of `type`, four ASCII letters, holding `data`.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var chunk = withUnsafeBytes(of: UInt32(data.count).bigEndian) { Array($0) }
        chunk += Array(type.utf8) + data
        let crc = chunk[4...].withUnsafeBytes { Checksum.crc32($0) }
        return chunk + withUnsafeBytes(of: crc.bigEndian) { Array($0) }
    }

    /// An IDAT chunk whose zlib stream inflates to the image data of `header`, every byte zero (filter None, every
    /// sample 0): libpng's stand-in for the real image data. Nil when there is no layout, or it is over `limit`
    /// bytes inflated.
    private static func zeroImageData(_ header: PNGHeader, limit: Int) -> [UInt8]? {
        guard let count = header.imageDataCount, count <= limit else { return nil }
        let zeros = [UInt8](repeating: 0, count: count)
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(count))))
        var length = uLongf(compressed.count)
        let status = compressed.withUnsafeMutableBufferPointer { out in
            zeros.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong(count), Z_BEST_SPEED) }
        }
        guard status == Z_OK else { return nil }
        return chunk("IDAT", Array(compressed.prefix(Int(length))))
    }

    /// The big-endian 32-bit word at `offset` of `collected`.
    private func word(_ offset: Int) -> UInt32 {
        ByteReader(collected, .bigEndian).uint32(at: offset)
    }

    /// Gathers bytes into `collected` until it holds `count`; false when the piece ran out first.
    private mutating func collect(_ count: Int, from p: inout UnsafeRawPointer, _ left: inout Int) -> Bool {
        let n = min(count - collected.count, left)
        collected.append(contentsOf: UnsafeRawBufferPointer(start: p, count: n))
        p += n; left -= n
        return collected.count == count
    }
}
