import FoundationEssentials
import HeroTransfer

/// `PNGStream`, the check that never unfilters a row (the image data inflated and checked, libpng handed a one-row
/// image for the rest), fed the way an INCR transfer feeds it, against the full validation it stands in for:
/// whenever the stream calls an image valid, `ImageValidator` must too, at the same size (else the agent would store
/// a portrait the validation refuses). The stream may refuse more (it is stricter about data after the last row),
/// never less. Each input is tried as it is and with every chunk's CRC made right (`PNGChunkRepair`), so that
/// mutated image data is judged by more than its CRC. Input: one byte choosing the piece sizes, then the bytes.
enum PNGStreamHarness {
    static let harness = Harness(name: "png-stream", maxLength: 65536,
                                 summary: "PNG validated piece by piece while it arrives, checked against the full validation",
                                 run: run)

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let bytes = Data(data.dropFirst())
        check(bytes, first: first)
        let repaired = PNGChunkRepair.withRightCRCs(bytes)
        if repaired != bytes { check(repaired, first: first) }
    }

    private static func check(_ bytes: Data, first: UInt8) {
        let limits = FuzzLimits.images
        guard let stream = PNGStream(limits: limits) else { fatalError("invariant broken: libpng did not start") }
        // Pieces of 1 to 256 bytes, or whole INCR-like chunks, as the first byte says.
        let piece = first < 128 ? Int(first) + 1 : 4096 * Int(first - 127)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let size = min(piece, raw.count - offset)
                stream.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size]))
                offset += size
            }
        }
        Invariant.check(stream.fed <= bytes.count, "fed \(stream.fed) of \(bytes.count) bytes")
        guard let size = stream.size else { return }
        let image: TransferImage
        do throws(TransferError) {
            image = try ImageValidator.validate(bytes, target: "image/png", limits: limits)
        } catch {
            fatalError("invariant broken: the stream took a \(size.width)×\(size.height) PNG the validation refuses: \(error)")
        }
        Invariant.check(image.width == size.width && image.height == size.height,
                        "stream \(size.width)×\(size.height), validation \(image.width)×\(image.height)")
    }
}
