import CPNG
import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `PNGChunkCheck` beside a `PNGStream` that leaves the critical chunks' CRCs to it: together they must reach the
/// verdict the stream reaches alone, and the full validation's. The split runs both ways: rows unfiltered by libpng,
/// and the image data only inflated and checked (`unfiltersRows: false`, as the agent streams).
@Suite struct PNGChunkCheckTests {
    private func noisy(width: Int, height: Int) -> Data {
        StreamedPNG.rgba(width: width, height: height, interlaced: false) { y, pixels in
            for x in 0..<pixels.count { pixels[x] = UInt8(truncatingIfNeeded: x &* 29 &+ y &* 13) }
        }
    }

    /// The offset of each chunk's length field, by type.
    private func chunks(_ png: Data) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            result.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), offset, length))
            offset += 12 + length
        }
        return result
    }

    /// The split check's verdict: the stream without critical CRCs and the walker, fed the same pieces.
    private func split(_ png: Data, piece: Int, unfilters: Bool) throws -> (stream: PNGStream, crc: PNGChunkCheck) {
        let stream = try #require(PNGStream(limits: .default, checksCriticalCRC: false, unfiltersRows: unfilters))
        var crc = PNGChunkCheck()
        png.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let size = min(piece, raw.count - offset)
                let part = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size])
                stream.feed(part)
                crc.feed(part)
                offset += size
            }
        }
        return (stream, crc)
    }

    private func validates(_ png: Data) -> Bool {
        (try? ImageValidator.validate(png, target: "image/png", limits: .default)) != nil
    }

    @Test(arguments: [true, false])
    func aValidPNGInAnyPiecesPassesBoth(unfilters: Bool) throws {
        let png = noisy(width: 190, height: 70)
        for piece in [1, 3, 8, 13, 4096, png.count] {
            let (stream, crc) = try split(png, piece: piece, unfilters: unfilters)
            #expect(crc.isComplete && stream.size?.width == 190, "piece \(piece)")
        }
    }

    @Test(arguments: [true, false])
    func aWrongStoredCRCOfImageDataIsFoundByTheWalkerAlone(unfilters: Bool) throws {
        var png = noisy(width: 60, height: 20)
        let idat = try #require(chunks(png).first { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length] ^= 0x01 // the CRC, not the data
        #expect(!validates(png))
        let (stream, crc) = try split(png, piece: 100, unfilters: unfilters)
        #expect(stream.size != nil) // the data itself decodes: libpng was told to trust it
        #expect(crc.failed && !crc.isComplete)
        #expect(try #require(PNGStream(limits: .default)).feeding(png).hasFailed) // alone, libpng finds it
    }

    @Test(arguments: [true, false])
    func aCorruptImageDataByteIsFoundByTheWalker(unfilters: Bool) throws {
        var png = noisy(width: 60, height: 20)
        let idat = try #require(chunks(png).first { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length / 2] ^= 0x40
        let (_, crc) = try split(png, piece: 7, unfilters: unfilters)
        #expect(crc.failed)
        #expect(!validates(png))
    }

    @Test(arguments: [true, false])
    func anAncillaryChunksCRCIsLibpngsToJudge(unfilters: Bool) throws {
        // A tEXt chunk with a wrong CRC: libpng warns and drops it, the full validation accepts the image.
        let png = noisy(width: 12, height: 12)
        let iend = try #require(chunks(png).last { $0.type == "IEND" })
        let text = Data([0, 0, 0, 5]) + Data("tEXt".utf8) + Data("k\0abc".utf8) + Data([1, 2, 3, 4])
        let withText = png.prefix(iend.offset) + text + png.suffix(from: iend.offset)
        #expect(validates(withText))
        let (stream, crc) = try split(withText, piece: 5, unfilters: unfilters)
        #expect(crc.isComplete && stream.size?.width == 12)
    }

    @Test(arguments: [true, false])
    func aChunkTypeThatIsNoFourLettersFailsTheCheckWithOrWithoutCRCs(unfilters: Bool) throws {
        let png = noisy(width: 5, height: 5)
        let iend = try #require(chunks(png).last { $0.type == "IEND" })
        let odd = Data([0, 0, 0, 0, 0x72, 0xD4, 0x99, 0x30, 0, 0, 0, 0])
        let bad = png.prefix(iend.offset) + odd + png.suffix(from: iend.offset)
        #expect(!validates(bad))
        #expect(try split(bad, piece: 3, unfilters: unfilters).crc.failed)
        var names = PNGChunkCheck(checksCRC: false)
        bad.withUnsafeBytes { names.feed($0) }
        #expect(names.failed)
    }

    /// zlib's Adler-32 of the image data stays the decode's: the full validation refuses a mismatch ("IDAT:
    /// incorrect data check"), so the split stream, whose chunk CRCs are elsewhere, must still compute it.
    @Test(arguments: [true, false])
    func aWrongAdler32IsRefusedByTheSplitCheckToo(unfilters: Bool) throws {
        var png = noisy(width: 40, height: 30)
        let idat = try #require(chunks(png).last { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length - 1] ^= 0x5A // the zlib stream's last byte: Adler-32's
        // That chunk's CRC made right again, so only the Adler-32 is wrong.
        let crc = png.withUnsafeBytes { crc32(0, $0.bindMemory(to: Bytef.self).baseAddress! + idat.offset + 4, uInt(idat.length + 4)) }
        for i in 0..<4 { png[idat.offset + 8 + idat.length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt(i))) }
        #expect(!validates(png))
        let (stream, check) = try split(png, piece: 333, unfilters: unfilters)
        #expect(check.isComplete && stream.size == nil)
        #expect(try #require(PNGStream(limits: .default)).feeding(png).size == nil)
    }

    @Test(arguments: [true, false])
    func aCutBeforeTheEndOrAnAbsurdLengthIsNeverComplete(unfilters: Bool) throws {
        let png = noisy(width: 30, height: 10)
        #expect(try !split(png.prefix(png.count - 1), piece: 64, unfilters: unfilters).crc.isComplete)
        var absurd = png
        absurd[8] = 0x80 // IHDR's length: 2^31 and more
        let (_, crc) = try split(absurd, piece: 64, unfilters: unfilters)
        #expect(crc.failed)
    }
}

private extension PNGStream {
    func feeding(_ data: Data) -> PNGStream {
        data.withUnsafeBytes { feed($0) }
        return self
    }
}
