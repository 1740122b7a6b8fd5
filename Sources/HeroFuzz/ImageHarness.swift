import FoundationEssentials
import HeroTransfer

/// Image validation (`ImageValidator`: `PNGDecoder`, `JPEGDecoder`, `WebPDecoder`, `GIFDecoder`, `BMPDecoder`) and
/// what a validated image promises afterwards: it draws, as a thumbnail and in full, at the size validation read,
/// and converts to PNG (how it is served as `image/png`). Input: the image bytes. The harnesses differ only in
/// their corpus and dictionary: validation sniffs the format whatever the target says.
enum ImageHarness {
    static let png = Harness(name: "png", maxLength: 65536,
                             summary: "PNG validation (row by row), then its thumbnail and full decode", run: run)
    static let jpeg = Harness(name: "jpeg", maxLength: 65536,
                              summary: "JPEG validation (1/8 scale decode), then its thumbnail and full decode", run: run)
    static let webp = Harness(name: "webp", maxLength: 65536,
                              summary: "WebP validation (libwebp, scaled decode), then its thumbnail, full decode and PNG", run: run)
    static let gif = Harness(name: "gif", maxLength: 65536,
                             summary: "GIF validation (giflib, first frame line by line), then its thumbnail, full decode and PNG",
                             run: run)
    static let bmp = Harness(name: "bmp", maxLength: 65536,
                             summary: "BMP validation (headers, then row by row), then its thumbnail, full decode and PNG", run: run)

    static func run(_ data: Data) {
        let limits = FuzzLimits.images
        let image: TransferImage
        do throws(TransferError) {
            image = try ImageValidator.validate(data, target: "image/png", limits: limits)
        } catch {
            guard case .importFailed = error else { fatalError("invariant broken: validation failed with \(error)") }
            return
        }
        ImportChecks.checkImage(image, limits: limits, what: "validation")
        Invariant.check(image.data == data, "validation changed the bytes")
        // The agent stores validated images and draws them later: each must decode, at the size validation read.
        let thumbnail: DecodedImage
        do {
            thumbnail = try DecodedImage.thumbnail(of: data, maxSide: 48, limits: limits)
        } catch {
            fatalError("invariant broken: a validated \(image.mime) of \(image.width)×\(image.height) has no thumbnail: \(error)")
        }
        ThumbnailHarness.check(thumbnail, of: image.width, image.height, maxSide: 48)
        do {
            let full = try DecodedImage.decode(data, limits: limits)
            Invariant.check(full.width == image.width && full.height == image.height,
                            "decoded \(full.width)×\(full.height), validated \(image.width)×\(image.height)")
            Invariant.check(full.pixels.count == full.width * full.height * 4, "decode gave \(full.pixels.count) bytes")
            // Served as image/png to apps that ask for it (HeroOffer): the conversion must give a PNG of that size,
            // read from its IHDR. Only up to 64K pixels: libpng's two deflate passes over a megapixel are slow under
            // ASan, enough to pass the 1 s timeout on a loaded machine (the first 60 s run found such a 243×996 WebP
            // of 189 bytes, now regress-timeout-431e4ffb99c2), and the size check is the same code.
            if image.mime != "image/png", image.width * image.height <= 1 << 16 {
                let png = try PNGEncoder.encode(full)
                func word(_ offset: Int) -> Int { png.count >= offset + 4 ? Int(ByteReader(png, .bigEndian).uint32(at: offset)) : -1 }
                Invariant.check(ImageFormat.sniff(png) == .png && png.count > 24 && word(16) == image.width && word(20) == image.height,
                                "the PNG of a \(image.width)×\(image.height) \(image.mime) says \(word(16))×\(word(20))")
            }
        } catch {
            fatalError("invariant broken: a validated \(image.mime) of \(image.width)×\(image.height) does not decode: \(error)")
        }
    }
}
