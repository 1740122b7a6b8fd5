import FoundationEssentials
import HeroTransfer

/// `PNGStream`, libpng's progressive reader fed the way an INCR transfer feeds it, against the full validation it
/// stands in for: whenever the stream calls an image valid, `ImageValidator` must too, at the same size (else the
/// agent would store a portrait the validation refuses). The agent's own arrangement, a stream that leaves the
/// critical chunks' CRCs to a `PNGChunkCheck` fed the same pieces, must reach the same verdict as the stream that
/// checks them itself. Input: one byte choosing the piece sizes, then the bytes.
enum PNGStreamHarness {
    static let harness = Harness(name: "png-stream", maxLength: 65536,
                                 summary: "PNG validated piece by piece while it arrives, checked against the full validation",
                                 run: run)

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let bytes = data.dropFirst()
        let limits = FuzzLimits.images
        guard let stream = PNGStream(limits: limits),
              let split = PNGStream(limits: limits, checksCriticalCRC: false) else { fatalError("invariant broken: libpng did not start") }
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
                crc.feed(part)
                offset += size
            }
        }
        Invariant.check(stream.fed <= bytes.count, "fed \(stream.fed) of \(bytes.count) bytes")
        let splitSize = crc.isComplete ? split.size : nil
        Invariant.check(splitSize?.width == stream.size?.width && splitSize?.height == stream.size?.height,
                        "the stream says \(stream.size.map { "\($0)" } ?? "invalid"), with the CRCs apart "
                            + "\(splitSize.map { "\($0)" } ?? "invalid") (CRC walker complete: \(crc.isComplete))")
        guard let size = stream.size else { return }
        let image: TransferImage
        do throws(TransferError) {
            image = try ImageValidator.validate(Data(bytes), target: "image/png", limits: limits)
        } catch {
            fatalError("invariant broken: the stream took a \(size.width)×\(size.height) PNG the validation refuses: \(error)")
        }
        Invariant.check(image.width == size.width && image.height == size.height,
                        "stream \(size.width)×\(size.height), validation \(image.width)×\(image.height)")
    }
}
