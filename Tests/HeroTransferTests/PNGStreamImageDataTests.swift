import Foundation
import Testing
@testable import HeroTransfer

/// `PNGStream`'s checks of what libpng never sees (the image data, checked without unfiltering by
/// `PNGImageDataCheck`; the real IHDR, the IDATs' order and CRCs, by `PNGImageDataSplit`) against the full
/// validation, on PNGs built by hand (`HandBuiltPNG`): every colour type, bit depth and interlace, random filter
/// types, image data cut into IDATs of any size. The stream must take every image the full validation takes that a
/// real encoder writes, at the same size, and never one it refuses.
@Suite struct PNGStreamImageDataTests {
    private typealias Layout = HandBuiltPNG.Layout

    /// The full validation's size, or nil when it refuses.
    private func validated(_ png: Data) -> (width: Int, height: Int)? {
        (try? ImageValidator.validate(png, target: "image/png", limits: .default)).map { ($0.width, $0.height) }
    }

    /// The unfiltering-free stream's size after `png` in pieces of `piece` bytes, or nil when it refuses.
    private func streamed(_ png: Data, piece: Int) throws -> (width: Int, height: Int)? {
        let stream = try #require(PNGStream(limits: .default))
        png.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let size = min(piece, raw.count - offset)
                stream.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size]))
                offset += size
            }
        }
        return stream.size
    }

    @Test(arguments: [false, true])
    func everyColourTypeAndBitDepthWithRandomFiltersIsTakenAtItsSize(interlaced: Bool) throws {
        var seed: UInt64 = 1
        for (colorType, bitDepths) in HandBuiltPNG.depths {
            for bitDepth in bitDepths {
                for (width, height) in [(1, 1), (3, 2), (13, 9), (37, 17)] {
                    let layout = Layout(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced)
                    let zlib = HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: seed))
                    seed += 1
                    for idat in [7, Int.max] {
                        let image = HandBuiltPNG.png(layout, zlib: zlib, idat: idat)
                        let name = "type \(colorType), \(bitDepth) bits, \(width)×\(height), IDATs of \(idat)"
                        #expect(validated(image)?.height == height, "\(name): the full validation")
                        for piece in [5, image.count] {
                            let size = try streamed(image, piece: piece)
                            #expect(size?.width == width && size?.height == height, "\(name), pieces of \(piece)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func aFilterTypeOverFourIsRefusedWhereverItIs(interlaced: Bool) throws {
        let layout = Layout(width: 21, height: 11, bitDepth: 8, colorType: 2, interlaced: interlaced)
        var raw = HandBuiltPNG.rows(layout, seed: 7)
        let lastRow = raw.count - layout.header.passes!.last!.rowBytes
        for offset in [0, lastRow] {
            var bad = raw
            bad[offset] = 5
            let image = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate(bad))
            #expect(validated(image) == nil)
            #expect(try streamed(image, piece: 9) == nil, "a filter byte of 5 at \(offset)")
        }
        raw[lastRow] = 4
        #expect(try streamed(HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate(raw)), piece: 9) != nil)
    }

    /// The Adler-32 is compared with the stream's last four bytes, which may fall in any IDAT and any piece; one
    /// wrong bit of it is always refused. (The full validation refuses it only when zlib meets it while reading the
    /// last row; met after that, libpng only warns, so whether it takes the image depends on how the stream was cut
    /// into IDATs.)
    @Test(arguments: [0, 1, 9] as [Int32])
    func theAdler32IsCheckedWhereverItsBytesFall(level: Int32) throws {
        let layout = Layout(width: 33, height: 19, bitDepth: 8, colorType: 6)
        let zlib = HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: 11), level: level)
        for idat in [1, 2, 3, 5, zlib.count - 2, Int.max] {
            for bit in [nil, 0, 9, 31] as [Int?] {
                var stream = zlib
                if let bit { stream[stream.count - 1 - bit / 8] ^= UInt8(1 << (bit % 8)) }
                let image = HandBuiltPNG.png(layout, zlib: stream, idat: idat)
                let name = "level \(level), IDATs of \(idat), bit \(bit.map(String.init) ?? "none") of the Adler-32 flipped"
                if bit == nil { #expect(validated(image) != nil, "\(name): the full validation") }
                for piece in [1, 3, 64, image.count] {
                    #expect((try streamed(image, piece: piece) != nil) == (bit == nil), "\(name), pieces of \(piece)")
                }
            }
        }
    }

    @Test func tooLittleImageDataIsRefused() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 6)
        let raw = HandBuiltPNG.rows(layout, seed: 3)
        for missing in [1, 65] {
            let image = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate(Array(raw.dropLast(missing))))
            #expect(validated(image) == nil)
            #expect(try streamed(image, piece: 100) == nil, "\(missing) bytes short")
        }
    }

    /// libpng only warns about image data past the last row ("Too much image data") and about bytes after the
    /// zlib stream ("Extra compressed data"), so the full validation takes both; no encoder writes either, and the
    /// stream refuses them (the agent then validates in full, which takes them).
    @Test func dataPastTheLastRowOrTheStreamsEndIsRefusedThoughLibpngOnlyWarns() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 0)
        let raw = HandBuiltPNG.rows(layout, seed: 5)
        let longer = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate(raw + [0, 1, 2]))
        #expect(validated(longer) != nil)
        #expect(try streamed(longer, piece: 100) == nil)
        let zlib = HandBuiltPNG.deflate(raw)
        let trailing = HandBuiltPNG.png(layout, zlib: zlib, after: HandBuiltPNG.chunk("IDAT", [1, 2, 3]))
        #expect(validated(trailing) != nil)
        #expect(try streamed(trailing, piece: 100) == nil)
        let empty = HandBuiltPNG.png(layout, zlib: zlib, after: HandBuiltPNG.chunk("IDAT", []))
        #expect(try streamed(empty, piece: 100) != nil) // an empty IDAT right after the others is no data
    }

    @Test func anIDATAfterAnotherChunkIsRefused() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 0)
        let raw = HandBuiltPNG.rows(layout, seed: 6)
        let zlib = HandBuiltPNG.deflate(raw)
        let text = HandBuiltPNG.chunk("tEXt", Array("k\0v".utf8))
        let split = HandBuiltPNG.png(layout, zlib: Array(zlib.prefix(20)), after: text + HandBuiltPNG.chunk("IDAT", Array(zlib.dropFirst(20))))
        #expect(validated(split) == nil) // the sequential reader needs the rows before it meets tEXt
        #expect(try streamed(split, piece: 50) == nil)
        let late = HandBuiltPNG.png(layout, zlib: zlib, after: text + HandBuiltPNG.chunk("IDAT", []))
        #expect(try streamed(late, piece: 50) == nil)
        #expect(try streamed(HandBuiltPNG.png(layout, zlib: zlib, after: text), piece: 50) != nil)
    }

    @Test func aWindowOverThirtyTwoKiBOrAPresetDictionaryIsRefused() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 0)
        var zlib = HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: 8))
        zlib[0] = 0x88 // CINFO 8: a 64 KiB window
        zlib[1] = UInt8((31 - (UInt16(zlib[0]) << 8 | UInt16(zlib[1] & 0xE0)) % 31) % 31) | zlib[1] & 0xE0
        let wide = HandBuiltPNG.png(layout, zlib: zlib)
        #expect(validated(wide) == nil)
        #expect(try streamed(wide, piece: 100) == nil)
        var dictionary = HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: 8))
        dictionary[1] |= 0x20 // FDICT
        dictionary[1] = UInt8((31 - (UInt16(dictionary[0]) << 8 | UInt16(dictionary[1] & 0xE0)) % 31) % 31) | dictionary[1] & 0xE0
        let preset = HandBuiltPNG.png(layout, zlib: dictionary)
        #expect(validated(preset) == nil)
        #expect(try streamed(preset, piece: 100) == nil)
    }

    /// libpng is handed a height of 1, so the real one is checked here: zero, or over the limits, is refused
    /// before any image data is read.
    @Test func theRealHeightIsChecked() throws {
        let layout = Layout(width: 16, height: 0, bitDepth: 8, colorType: 0)
        let zero = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate([0] + [UInt8](repeating: 0, count: 16)))
        #expect(validated(zero) == nil)
        #expect(try streamed(zero, piece: 100) == nil)
        let tall = HandBuiltPNG.png(Layout(width: 16, height: TransferLimits.default.maxImageSide + 1, bitDepth: 8, colorType: 0), zlib: [0x78, 0x9C])
        #expect(validated(tall) == nil)
        #expect(try streamed(tall, piece: 100) == nil)
    }

    /// libpng never sees the real IHDR and IDATs: their CRCs are the split's to check.
    @Test func theRealHeaderAndImageDataCRCsAreChecked() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 0)
        let good = HandBuiltPNG.png(layout, zlib: HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: 9)))
        for offset in [29, good.count - 16] { // IHDR's CRC; the last IDAT's
            var bad = good
            bad[offset] ^= 1
            #expect(validated(bad) == nil)
            #expect(try streamed(bad, piece: 10) == nil, "CRC at \(offset)")
        }
    }

    /// An ancillary chunk straight after the rewritten IHDR reaches libpng as it came, CRC and all: taken when right,
    /// dropped with a warning when wrong, as by the full validation. (libpng's progressive reader, when told to
    /// trust critical chunks' CRCs, leaves such a chunk's type out of its CRC; here libpng checks every CRC it is
    /// handed, since the chunks it gets rewritten carry right ones.)
    @Test func anAncillaryChunkAfterTheHeaderIsJudgedByItsOwnCRC() throws {
        let layout = Layout(width: 16, height: 8, bitDepth: 8, colorType: 2)
        let zlib = HandBuiltPNG.deflate(HandBuiltPNG.rows(layout, seed: 10))
        let sBIT = HandBuiltPNG.chunk("sBIT", [8, 8, 8])
        var broken = sBIT
        broken[broken.count - 1] ^= 1
        for chunk in [sBIT, broken] {
            let image = HandBuiltPNG.png(layout, zlib: zlib, before: chunk)
            #expect(validated(image) != nil)
            #expect(try streamed(image, piece: 3) != nil)
        }
    }
}
