import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Image bytes are sniffed, size-checked from the header, then decoded in full once.
@Suite struct ImageValidatorTests {
    private func failure(_ data: Data, target: String = "image/png", limits: TransferLimits = .default) -> (target: String, reason: String)? {
        let error = #expect(throws: TransferError.self) { try ImageValidator.validate(data, target: target, limits: limits) }
        return importFailure(error)
    }

    @Test func validPNGHasItsMimeAndDimensions() throws {
        let png = ImageFixtures.png(width: 12, height: 7)
        let image = try ImageValidator.validate(png, target: "image/png", name: "Thor", limits: .default)
        #expect(image == TransferImage(mime: "image/png", data: png, width: 12, height: 7, name: "Thor"))
    }

    @Test func validJPEGHasItsMimeAndDimensions() throws {
        let jpeg = ImageFixtures.jpeg(width: 10, height: 6)
        let image = try ImageValidator.validate(jpeg, target: "image/jpeg", limits: .default)
        #expect(image == TransferImage(mime: "image/jpeg", data: jpeg, width: 10, height: 6))
    }

    @Test(arguments: ["image/png", "image/jpeg", "image/jpg", "application/octet-stream"])
    func registryImageTargetsGiveOneImage(target: String) throws {
        let png = ImageFixtures.png(width: 3, height: 2)
        let result = try decode(target, png)
        #expect(result.items == [.image(TransferImage(mime: "image/png", data: png, width: 3, height: 2))])
    }

    @Test func jpegOfferedAsPNGIsSniffedAsJPEG() throws {
        let jpeg = ImageFixtures.jpeg(width: 10, height: 6)
        let image = try #require(try decode("image/png", jpeg).items.first?.image)
        #expect(image.mime == "image/jpeg")
        #expect(image.width == 10 && image.height == 6)
    }

    @Test func truncatedPNGIsAnInvalidPNG() {
        let png = ImageFixtures.png(width: 64, height: 64)
        let failed = failure(png.prefix(png.count / 2))
        #expect(failed?.target == "image/png")
        #expect(failed?.reason.hasPrefix("invalid PNG image: ") == true, "\(String(describing: failed))")
    }

    @Test func pngMissingOnlyItsLastBytesIsRefused() {
        let png = ImageFixtures.png(width: 64, height: 64)
        #expect(failure(png.dropLast(20))?.reason.hasPrefix("invalid PNG image") == true)
    }

    @Test func truncatedJPEGIsAnInvalidJPEG() {
        let jpeg = ImageFixtures.jpeg(width: 64, height: 64)
        let failed = failure(jpeg.prefix(jpeg.count / 2), target: "image/jpeg")
        #expect(failed?.target == "image/jpeg")
        #expect(failed?.reason.hasPrefix("invalid JPEG image: ") == true, "\(String(describing: failed))")
    }

    @Test func pngWithCorruptPixelDataIsRefused() {
        var png = ImageFixtures.png(width: 64, height: 64)
        let middle = png.startIndex + png.count / 2
        png.replaceSubrange(middle..<middle + 16, with: Data(repeating: 0xA5, count: 16))
        #expect(failure(png)?.reason.hasPrefix("invalid PNG image") == true)
    }

    @Test func randomBytesAreNotAnImage() {
        #expect(failure(Data("Thor Odinson, God of Thunder".utf8))?.reason == "not an image (no PNG, JPEG, WebP, GIF or BMP signature)")
    }

    @Test func emptyDataIsRefused() {
        #expect(failure(Data())?.reason == "empty image data")
    }

    @Test func tiffIsNamedAndRefusedAsUnsupported() {
        let tiff = Data([0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(failure(tiff, target: "image/tiff")?.reason == "TIFF images are not supported (PNG, JPEG, WebP, GIF and BMP are)")
    }

    @Test func icoIsNamedAndRefusedAsUnsupported() {
        let ico = Data([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10])
        #expect(failure(ico)?.reason.hasPrefix("ICO images are not supported") == true)
    }

    @Test func theMinimalGIFFixtureIsAOnePixelGIF() throws {
        let image = try ImageValidator.validate(ImageFixtures.gif, target: "image/gif", limits: .default)
        #expect(image.mime == "image/gif" && image.width == 1 && image.height == 1)
    }

    /// Decoding the bomb would fail on its missing pixel data, so "over the limit" proves the size came first.
    @Test func pngBombClaiming100000By10IsRefusedAsTooBigBeforeDecoding() {
        let reason = failure(pngBomb(width: 100_000, height: 10))?.reason
        #expect(reason?.hasSuffix("100000×10 pixels is over the limit (16384 px a side, 64 megapixels)") == true,
                "\(String(describing: reason))")
    }

    @Test func pngBombOf81MegapixelsWithinTheSideLimitIsRefusedAsTooBig() {
        let reason = failure(pngBomb(width: 9000, height: 9000))?.reason
        #expect(reason?.hasSuffix("9000×9000 pixels is over the limit (16384 px a side, 64 megapixels)") == true,
                "\(String(describing: reason))")
    }

    @Test func pngBombWithinTheLimitsFailsOnlyWhenDecoded() {
        let reason = failure(pngBomb(width: 100, height: 100))?.reason
        #expect(reason?.hasPrefix("invalid PNG image") == true)
        #expect(reason?.contains("over the limit") == false, "\(String(describing: reason))")
    }

    @Test(arguments: [(UInt32(100_000), UInt32(10)), (9000, 9000)])
    func headerOnlyPNGClaimingAHugeSizeIsRefusedAsTooBig(width: UInt32, height: UInt32) {
        let failed = failure(ImageFixtures.pngHeaderOnly(width: width, height: height))
        #expect(failed?.reason == "PNG image of \(width)×\(height) pixels is over the limit (16384 px a side, 64 megapixels)",
                "\(String(describing: failed))")
    }

    // Found by the png fuzz harness: 61 bytes whose sPLT chunk claims 1.29 GB. libpng only warns that the chunk
    // is over png_set_chunk_malloc_max (a benign error), then allocates and zeroes the claimed length before
    // finding the data truncated: 1.3 GB of RSS and 1.5 s for one small clipboard image.
    @Test func aChunkClaimingMoreBytesThanTheDataHoldsIsRefusedBeforeLibpngAllocatesIt() throws {
        var png = ImageFixtures.pngHeaderOnly(width: 2, height: 2)
        png += Data([0x4D, 0x41, 0x00, 0x00]) + Data("sPLT".utf8) + Data("a\0\0\0\0\u{1A}IHDR".utf8)
        let before = Self.peakRSS()
        for decode in [{ _ = try ImageValidator.validate(png, target: "image/png", limits: .default) },
                       { _ = try DecodedImage.thumbnail(of: png, maxSide: 48) },
                       { _ = try DecodedImage.decode(png) }] as [() throws -> Void] {
            #expect { try decode() } throws: { "\($0)".contains("sPLT chunk claims 1296105472 bytes") }
        }
        #expect(Self.peakRSS() - before < 256 << 20, "peak RSS grew by \((Self.peakRSS() - before) >> 20) MB")
    }

    /// The most memory this process has held, in bytes.
    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    @Test func headerOnlyPNGWithinTheLimitsIsInvalid() {
        let failed = failure(ImageFixtures.pngHeaderOnly(width: 10, height: 10))
        #expect(failed?.reason.hasPrefix("invalid PNG image") == true, "\(String(describing: failed))")
    }

    @Test func limitsPassedInAreTheOnesChecked() {
        let png = ImageFixtures.png(width: 12, height: 7)
        let jpeg = ImageFixtures.jpeg(width: 10, height: 6)
        #expect(failure(png, limits: TransferLimits(maxImageSide: 11))?.reason.contains("12×7 pixels is over the limit") == true)
        #expect(failure(jpeg, target: "image/jpeg", limits: TransferLimits(maxImagePixels: 59))?.reason
            .contains("10×6 pixels is over the limit") == true)
        #expect((try? ImageValidator.validate(jpeg, target: "image/jpeg", limits: TransferLimits(maxImagePixels: 60))) != nil)
    }

    @Test func dataOverMaxBytesIsTooLarge() {
        let png = ImageFixtures.png(width: 12, height: 7)
        let limits = TransferLimits(maxBytes: png.count - 1)
        #expect(throws: TransferError.tooLarge(target: "image/png", bytes: png.count, limit: png.count - 1)) {
            try ImageValidator.validate(png, target: "image/png", limits: limits)
        }
    }

    @Test(arguments: [
        (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), ImageFormat.png),
        (Data([0xFF, 0xD8, 0xFF, 0xE0]), .jpeg),
        (Data("GIF87a".utf8), .gif),
        (Data("GIF89a".utf8), .gif),
        (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), .webp),
        (Data([0x49, 0x49, 0x2A, 0x00]), .tiff),
        (Data([0x4D, 0x4D, 0x00, 0x2A]), .tiff),
        (Data([0x42, 0x4D, 0, 0, 0, 0]), .bmp),
        (Data([0x00, 0x00, 0x01, 0x00]), .ico),
    ])
    func sniffRecognisesMagicBytes(bytes: Data, format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
    }

    @Test(arguments: [Data(), Data([0x89, 0x50, 0x4E]), Data("BM".utf8), Data("RIFF0000WAVE".utf8), Data("<html>".utf8)])
    func sniffRecognisesNothingInTruncatedOrForeignBytes(bytes: Data) {
        #expect(ImageFormat.sniff(bytes) == nil)
    }

    @Test func tiffAndICOAreTheUnsupportedFormats() {
        #expect(ImageFormat.allCases.filter(\.isSupported) == [.png, .jpeg, .gif, .bmp, .webp])
        #expect(ImageFormat.jpeg.mime == "image/jpeg")
    }
}
