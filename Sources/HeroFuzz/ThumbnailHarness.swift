import FoundationEssentials
import HeroTransfer

/// `DecodedImage.thumbnail` (`ThumbnailDecoder`, `BoxDownsampler`) on any bytes, validated or not: it throws or
/// gives a premultiplied picture no larger than asked. Input: one byte for the side (1…256), then the image.
enum ThumbnailHarness {
    static let harness = Harness(name: "thumbnail", maxLength: 65536,
                                 summary: "PNG/JPEG thumbnails at reduced size, any maxSide", run: run)

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let maxSide = Int(input.byte()) + 1
        let bytes = input.rest()
        guard let thumbnail = try? DecodedImage.thumbnail(of: bytes, maxSide: maxSide, limits: FuzzLimits.images) else { return }
        check(thumbnail, of: nil, nil, maxSide: maxSide)
    }

    /// A thumbnail fits `maxSide`, keeps the source's aspect when the source size is known, holds 4 bytes a pixel,
    /// and is premultiplied (no colour above its alpha).
    static func check(_ thumbnail: DecodedImage, of width: Int?, _ height: Int?, maxSide: Int) {
        Invariant.check(thumbnail.width >= 1 && thumbnail.height >= 1 && thumbnail.width <= maxSide && thumbnail.height <= maxSide,
                        "a \(thumbnail.width)×\(thumbnail.height) thumbnail for maxSide \(maxSide)")
        Invariant.check(thumbnail.pixels.count == thumbnail.width * thumbnail.height * 4,
                        "\(thumbnail.pixels.count) bytes for \(thumbnail.width)×\(thumbnail.height)")
        if let width, let height {
            Invariant.check(thumbnail.width <= width && thumbnail.height <= height,
                            "a \(width)×\(height) image enlarged to \(thumbnail.width)×\(thumbnail.height)")
            if width >= height { Invariant.check(thumbnail.width == min(width, maxSide), "the long side is not kept") }
            if height >= width { Invariant.check(thumbnail.height == min(height, maxSide), "the long side is not kept") }
        }
        for i in stride(from: 0, to: thumbnail.pixels.count, by: 4) {
            let alpha = thumbnail.pixels[i + 3]
            Invariant.check(thumbnail.pixels[i] <= alpha && thumbnail.pixels[i + 1] <= alpha && thumbnail.pixels[i + 2] <= alpha,
                            "pixel \(i / 4) is not premultiplied")
        }
    }
}
