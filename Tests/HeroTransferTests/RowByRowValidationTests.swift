import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Validation decodes every row (every pass of an interlaced PNG) through one row buffer.
@Suite struct RowByRowValidationTests {
    @Test(arguments: [false, true])
    func aPNGIsValidatedRowByRowInterlacedOrNot(interlaced: Bool) throws {
        let png = StreamedPNG.rgba(width: 33, height: 17, interlaced: interlaced)
        let image = try ImageValidator.validate(png, target: "image/png", limits: .default)
        #expect(image.width == 33 && image.height == 17)
    }

    @Test func aPNGCutInItsImageDataIsRefused() {
        let png = StreamedPNG.rgba(width: 300, height: 300) { y, pixels in pixels[0] = UInt8(truncatingIfNeeded: y * 7) }
        #expect(throws: TransferError.self) {
            try ImageValidator.validate(png.prefix(png.count - 30), target: "image/png", limits: .default)
        }
    }

    @Test func aJPEGIsValidatedAtItsSmallestScaleWithItsFullSizeReported() throws {
        let jpeg = ImageFixtures.jpeg(width: 300, height: 200)
        let image = try ImageValidator.validate(jpeg, target: "image/jpeg", limits: .default)
        #expect(image.width == 300 && image.height == 200)
        #expect(JPEGDecoder.scaled(width: 300, height: 200, atLeast: 1) == (38, 25))
        #expect(throws: TransferError.self) {
            try ImageValidator.validate(jpeg.prefix(jpeg.count - 200), target: "image/jpeg", limits: .default)
        }
    }
}
