import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// A progressive JPEG's scans are counted from its markers before TurboJPEG sees it: each scan makes the decoder
/// visit every block again, so thousands of them cost seconds for a small file.
@Suite struct JPEGScanLimitTests {
    static let refusal = "JPEG image of more than 100 scans is over the limit (100 scans; a progressive JPEG has about 10)"
    /// TurboJPEG's own progression for a grey image has 6 scans; `manyScanJPEG` adds its extra ones after them.
    static let ownScans = 6

    @Test func aJPEGOfThousandsOfScansIsRefusedWithOneClearReason() {
        let jpeg = ImageFixtures.manyScanJPEG(width: 64, height: 64, extraScans: 5000)
        let error = #expect(throws: TransferError.self) {
            try ImageValidator.validate(jpeg, target: "image/jpeg", limits: .default)
        }
        #expect(importFailure(error)?.reason == Self.refusal, "\(String(describing: error))")
    }

    @Test func thumbnailsAndFullDecodesRefuseItToo() {
        let jpeg = ImageFixtures.manyScanJPEG(width: 64, height: 64, extraScans: 5000)
        #expect(throws: ImageDecodeError.tooManyScans(limit: 100)) { try DecodedImage.thumbnail(of: jpeg, maxSide: 48) }
        #expect(throws: ImageDecodeError.tooManyScans(limit: 100)) { try DecodedImage.decode(jpeg) }
        #expect("\(ImageDecodeError.tooManyScans(limit: 100))"
            == "more than 100 scans is over the limit (100 scans; a progressive JPEG has about 10)")
    }

    /// The refusal is the count, not damage: the same file decodes (warnings being errors) under a higher cap.
    @Test func theManyScanFixtureIsAValidJPEGUnderAHigherCap() throws {
        let jpeg = ImageFixtures.manyScanJPEG(width: 64, height: 64, extraScans: 5000)
        let image = try ImageValidator.validate(jpeg, target: "image/jpeg", limits: TransferLimits(maxJPEGScans: 10_000))
        #expect(image.width == 64 && image.height == 64)
        #expect(try DecodedImage.thumbnail(of: jpeg, maxSide: 48, limits: TransferLimits(maxJPEGScans: 10_000)).width == 48)
    }

    @Test func exactlyTheCapIsAcceptedAndOneMoreIsNot() throws {
        let cap = TransferLimits.default.maxJPEGScans
        let atCap = ImageFixtures.manyScanJPEG(width: 40, height: 24, extraScans: cap - Self.ownScans)
        #expect(JPEGScanCounter.scans(in: atCap, limit: cap) == cap)
        #expect(try ImageValidator.validate(atCap, target: "image/jpeg", limits: .default).width == 40)
        let overCap = ImageFixtures.manyScanJPEG(width: 40, height: 24, extraScans: cap - Self.ownScans + 1)
        #expect(importFailure(#expect(throws: TransferError.self) {
            try ImageValidator.validate(overCap, target: "image/jpeg", limits: .default)
        })?.reason == Self.refusal)
    }

    @Test func ordinaryJPEGsCountTheirRealScans() {
        #expect(JPEGScanCounter.scans(in: ImageFixtures.jpeg(width: 300, height: 200), limit: 100) == 1)
        #expect(JPEGScanCounter.scans(in: ImageFixtures.manyScanJPEG(width: 300, height: 200, extraScans: 0), limit: 100)
            == Self.ownScans)
    }

    @Test func theCountStopsJustPastTheLimit() {
        let jpeg = ImageFixtures.manyScanJPEG(width: 16, height: 16, extraScans: 500)
        #expect(JPEGScanCounter.scans(in: jpeg, limit: 1000) == 500 + Self.ownScans)
        #expect(JPEGScanCounter.scans(in: jpeg, limit: 20) == 21)
    }

    /// An SOS's bytes inside another segment, or after EOI, are not scans; stuffed bytes and restart markers in the
    /// entropy-coded data do not end it.
    @Test func onlyRealSOSMarkersCount() {
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3F, 0x00]
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, UInt8(2 + sos.count)] + sos
        let entropy: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xFF, 0x00, 0x78]
        let file = [0xFF, 0xD8] + comment + sos + entropy + sos + entropy + [0xFF, 0xD9] + sos + sos
        #expect(JPEGScanCounter.scans(in: Data(file), limit: 100) == 2)
    }

    @Test func damagedBytesEndTheWalkWithoutATrap() {
        let jpeg = ImageFixtures.manyScanJPEG(width: 16, height: 16, extraScans: 10)
        for cut in [0, 1, 2, 3, 5, jpeg.count / 2, jpeg.count - 1] {
            #expect(JPEGScanCounter.scans(in: jpeg.prefix(cut), limit: 100) <= 16)
        }
        // A segment length running past the end, and one too short to hold itself.
        #expect(JPEGScanCounter.scans(in: Data([0xFF, 0xD8, 0xFF, 0xDA, 0xFF, 0xF0]), limit: 100) == 0)
        #expect(JPEGScanCounter.scans(in: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x01, 0xFF, 0xDA]), limit: 100) == 0)
        #expect(JPEGScanCounter.scans(in: ImageFixtures.png(width: 4, height: 4), limit: 100) == 0)
    }
}
