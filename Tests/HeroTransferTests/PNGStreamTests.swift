import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// A PNG validated piece by piece as an INCR transfer brings it must reach the same verdict as the full
/// validation: valid (same size) only when every row decodes up to IEND, and never valid for what the full
/// validation refuses.
@Suite struct PNGStreamTests {
    /// Feeds `data` in pieces of the sizes given, over and over.
    private func stream(_ data: Data, pieces: [Int], limits: TransferLimits = .default) throws -> PNGStream {
        let stream = try #require(PNGStream(limits: limits))
        var offset = 0, index = 0
        data.withUnsafeBytes { raw in
            while offset < raw.count {
                let size = min(pieces[index % pieces.count], raw.count - offset)
                stream.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size]))
                offset += size
                index += 1
            }
        }
        return stream
    }

    private func noisy(width: Int, height: Int, interlaced: Bool = false) -> Data {
        StreamedPNG.rgba(width: width, height: height, interlaced: interlaced) { y, pixels in
            for x in 0..<pixels.count { pixels[x] = UInt8(truncatingIfNeeded: x &* 31 &+ y &* 17) }
        }
    }

    @Test(arguments: [false, true])
    func aValidPNGInAnyPiecesGivesItsSize(interlaced: Bool) throws {
        let png = noisy(width: 301, height: 77, interlaced: interlaced)
        for pieces in [[1], [7, 1, 4096], [png.count]] {
            let result = try stream(png, pieces: pieces)
            #expect(result.size?.width == 301 && result.size?.height == 77, "pieces \(pieces)")
            #expect(result.fed == png.count && !result.hasFailed)
        }
    }

    @Test func aPNGCutAnywhereIsNeverValid() throws {
        let png = noisy(width: 120, height: 40)
        for cut in [9, 33, png.count / 2, png.count - 12, png.count - 1] {
            let result = try stream(png.prefix(cut), pieces: [1000])
            #expect(result.size == nil, "cut at \(cut)")
            #expect(throws: TransferError.self) { try ImageValidator.validate(png.prefix(cut), target: "image/png", limits: .default) }
        }
    }

    @Test func aCorruptImageDataByteIsFound() throws {
        var png = noisy(width: 200, height: 60)
        png[png.count / 2] ^= 0xFF // inside IDAT: its CRC no longer matches
        let result = try stream(png, pieces: [4096])
        #expect(result.hasFailed && result.size == nil, "\(result.failureText ?? "no failure")")
    }

    @Test func otherFormatsAndHeaderBombsAreRefused() throws {
        #expect(try stream(ImageFixtures.jpeg(width: 20, height: 20), pieces: [64]).hasFailed)
        let bomb = ImageFixtures.pngHeaderOnly(width: 100_000, height: 100_000)
        #expect(try stream(bomb, pieces: [5]).hasFailed)
        let tight = TransferLimits(maxImageSide: 100)
        #expect(try stream(noisy(width: 101, height: 3), pieces: [50], limits: tight).hasFailed)
    }

    /// An ancillary chunk with a wrong CRC: libpng warns and drops it, and the full validation takes the image.
    @Test func anAncillaryChunksCRCIsLibpngsToJudge() throws {
        let png = noisy(width: 12, height: 12)
        let text = Data([0, 0, 0, 5]) + Data("tEXt".utf8) + Data("k\0abc".utf8) + Data([1, 2, 3, 4])
        let withText = png.prefix(png.count - 12) + text + png.suffix(12)
        #expect((try? ImageValidator.validate(withText, target: "image/png", limits: .default)) != nil)
        #expect(try stream(withText, pieces: [5]).size?.width == 12)
    }

    @Test func aChunkLengthPastPNGsRangeIsRefused() throws {
        var png = noisy(width: 30, height: 10)
        png[8] = 0x80 // IHDR's length: 2^31 and more
        #expect(throws: TransferError.self) { try ImageValidator.validate(png, target: "image/png", limits: .default) }
        #expect(try stream(png, pieces: [64]).hasFailed)
    }

    @Test func bytesAfterTheEndAreNotTaken() throws {
        let png = noisy(width: 10, height: 10)
        let result = try stream(png + Data(repeating: 0, count: 100), pieces: [png.count, 100])
        #expect(result.size != nil && result.fed == png.count)
    }

    /// Found by the png-stream fuzz harness in 12 s: a 2×2 PNG whose image data holds one row, then IEND. The
    /// progressive reader calls its end callback anyway ("Not enough image data" is an error only for the other
    /// reader), so the stream took an image the validation refuses.
    @Test func imageDataShortOfTheRowsIsNeverValid() throws {
        let png = Data([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xb6, 0x0d,
            0x24, 0x00, 0x00, 0x00, 0x0a, 0x74, 0x45, 0x58, 0x74, 0x54, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00,
            0x00, 0x00, 0x00, 0x96, 0x54, 0x0a, 0x62, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41, 0x54, 0x78,
            0xda, 0x63, 0x08, 0x0d, 0x65, 0x60, 0x58, 0xb5, 0xaa, 0x01, 0x00, 0x08, 0x2b, 0x02, 0x7f, 0xb9,
            0x1a, 0xc2, 0x39, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
        ])
        #expect(throws: TransferError.self) { try ImageValidator.validate(png, target: "image/png", limits: .default) }
        for pieces in [[1], [png.count]] {
            #expect(try stream(png, pieces: pieces).size == nil, "pieces \(pieces)")
        }
    }

    /// Found by the png-stream fuzz harness in 59 s (1,081,463 execs): after the image data, a chunk whose type is
    /// no four letters ("r\u{D4}\u{99}0"), then IEND. The full validation refuses it ("invalid chunk type"); the
    /// progressive reader, done with the rows, let it pass, so the stream took an image the validation refuses.
    @Test func aChunkTypeThatIsNoFourLettersIsNeverValid() throws {
        let png = noisy(width: 4, height: 3)
        let iend = png.count - 12
        let type = Data([0x72, 0xD4, 0x99, 0x30]), body = Data("hello".utf8)
        let odd = PNGChunk.make(type: type, body: body)
        let bad = png.prefix(iend) + odd + png.suffix(12)
        #expect(throws: TransferError.self) { try ImageValidator.validate(bad, target: "image/png", limits: .default) }
        for pieces in [[1], [8], [bad.count]] {
            #expect(try stream(bad, pieces: pieces).size == nil, "pieces \(pieces)")
        }
    }
}
