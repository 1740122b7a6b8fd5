import FoundationEssentials
import HeroTransfer

/// `PNGStream`, libpng's progressive reader fed the way an INCR transfer feeds it, against the full validation it
/// stands in for: whenever the stream calls an image valid, `ImageValidator` must too, at the same size (else the
/// agent would store a portrait the validation refuses). The agent's own arrangement, a stream that leaves the
/// critical chunks' CRCs to a `PNGChunkCheck` fed the same pieces, must reach the same verdict as the stream that
/// checks them itself. The stream that never unfilters (`unfiltersRows: false`, the agent's since the image data is
/// only inflated and checked) is held to the full validation the same way, alone and with the CRCs apart; it may
/// refuse more than the others (it is stricter about data after the last row), never less.
/// Input: one byte choosing the piece sizes, then the bytes.
enum PNGStreamHarness {
    static let harness = Harness(name: "png-stream", maxLength: 65536,
                                 summary: "PNG validated piece by piece while it arrives, checked against the full validation",
                                 run: run)

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let bytes = data.dropFirst()
        let limits = FuzzLimits.images
        guard let stream = PNGStream(limits: limits),
              let split = PNGStream(limits: limits, checksCriticalCRC: false),
              let inflated = PNGStream(limits: limits, unfiltersRows: false),
              let inflatedSplit = PNGStream(limits: limits, checksCriticalCRC: false, unfiltersRows: false)
        else { fatalError("invariant broken: libpng did not start") }
        var crc = PNGChunkCheck()
        // Pieces of 1 to 256 bytes, or whole INCR-like chunks, as the first byte says.
        let piece = first < 128 ? Int(first) + 1 : 4096 * Int(first - 127)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let size = min(piece, raw.count - offset)
                let part = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size])
                stream.feed(part)
                split.feed(part)
                inflated.feed(part)
                inflatedSplit.feed(part)
                crc.feed(part)
                offset += size
            }
        }
        Invariant.check(stream.fed <= bytes.count, "fed \(stream.fed) of \(bytes.count) bytes")
        let splitSize = crc.isComplete ? split.size : nil
        Invariant.check(splitSize?.width == stream.size?.width && splitSize?.height == stream.size?.height,
                        "the stream says \(stream.size.map { "\($0)" } ?? "invalid"), with the CRCs apart "
                            + "\(splitSize.map { "\($0)" } ?? "invalid") (CRC walker complete: \(crc.isComplete))")
        let inflatedSplitSize = crc.isComplete ? inflatedSplit.size : nil
        Invariant.check(inflatedSplitSize?.width == inflated.size?.width && inflatedSplitSize?.height == inflated.size?.height,
                        "the inflating stream says \(inflated.size.map { "\($0)" } ?? "invalid"), with the CRCs apart "
                            + "\(inflatedSplitSize.map { "\($0)" } ?? "invalid") (CRC walker complete: \(crc.isComplete))")
        for (name, size) in [("stream", stream.size), ("inflating stream", inflated.size)] {
            guard let size else { continue }
            let image: TransferImage
            do throws(TransferError) {
                image = try ImageValidator.validate(Data(bytes), target: "image/png", limits: limits)
            } catch {
                fatalError("invariant broken: the \(name) took a \(size.width)×\(size.height) PNG the validation refuses: \(error)")
            }
            Invariant.check(image.width == size.width && image.height == size.height,
                            "\(name) \(size.width)×\(size.height), validation \(image.width)×\(image.height)")
        }
    }
}
