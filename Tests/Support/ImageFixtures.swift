import CPNG
import CTurboJPEG
import Foundation

/// Real PNG and JPEG bytes made at test time with libpng and libjpeg-turbo, so no binary fixture is checked in.
public enum ImageFixtures {
    /// A `width`×`height` RGBA PNG with a diagonal gradient (so it compresses to a realistic size).
    public static func png(width: Int, height: Int) -> Data {
        encodePNG(gradient(width: width, height: height, channels: 4), width: width, height: height)
    }

    /// A PNG of exactly these straight-alpha RGBA pixels (`width * height * 4` bytes), for checks of pixel values.
    public static func png(width: Int, height: Int, rgba: [UInt8]) -> Data {
        precondition(rgba.count == width * height * 4, "one RGBA quadruple a pixel")
        return encodePNG(rgba, width: width, height: height)
    }

    /// RGBA `pixels` encoded with libpng's simplified writer, in one pass.
    private static func encodePNG(_ pixels: [UInt8], width: Int, height: Int) -> Data {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // Room for the worst case (stored deflate blocks plus a filter byte per row), so one pass suffices.
        var size = png_alloc_size_t(pixels.count + height + pixels.count / 100 + (1 << 16))
        var out = Data(count: Int(size))
        let ok = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { raw in png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, 0, nil) }
        }
        precondition(ok != 0, "png_image_write_to_memory failed")
        return out.prefix(Int(size))
    }

    /// A `width`×`height` baseline JPEG (quality 85, 4:2:0).
    public static func jpeg(width: Int, height: Int) -> Data {
        encodeJPEG(gradient(width: width, height: height, channels: 3), width: width, height: height, format: TJPF_RGB,
                   subsampling: TJSAMP_420, quality: 85)
    }

    /// A `width`×`height` JPEG of one CMYK colour, as print workflows write them (stored as YCCK with an Adobe
    /// marker); `cmyk` as libjpeg-turbo stores it (Adobe's inverted values), where (255, 0, 0, 255) is red.
    public static func cmykJPEG(width: Int, height: Int, cmyk: [UInt8]) -> Data {
        encodeJPEG([UInt8]((0..<width * height).flatMap { _ in cmyk }), width: width, height: height, format: TJPF_CMYK,
                   subsampling: TJSAMP_444, quality: 95)
    }

    /// `pixels` (`width`×`height` in `format`) as TurboJPEG compresses them.
    private static func encodeJPEG(_ pixels: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP,
                                   quality: Int32, flags: Int32 = 0) -> Data {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = pixels.withUnsafeBufferPointer { raw in
            tjCompress2(handle, raw.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
                        &buffer, &size, Int32(subsampling.rawValue), quality, flags)
        }
        precondition(rc == 0, "tjCompress2 failed")
        defer { tjFree(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    /// A PNG that is only a signature and an IHDR chunk claiming `width`×`height` (a decompression bomb's header).
    public static func pngHeaderOnly(width: UInt32, height: UInt32) -> Data {
        var ihdr = Data()
        ihdr.append(bigEndian: width)
        ihdr.append(bigEndian: height)
        ihdr.append(contentsOf: [8, 6, 0, 0, 0]) // 8-bit RGBA, deflate, no filter, no interlace
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + PNGChunk.make("IHDR", ihdr)
    }

    /// A minimal valid GIF (1×1).
    public static let gif = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    private static func gradient(width: Int, height: Int, channels: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let base = (y * width + x) * channels
                pixels[base] = UInt8(truncatingIfNeeded: x)
                pixels[base + 1] = UInt8(truncatingIfNeeded: y)
                pixels[base + 2] = UInt8(truncatingIfNeeded: x &+ y)
            }
        }
        return pixels
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

extension ImageFixtures {
    /// A PNG of random pixels (incompressible, so about 4 bytes a pixel): the way to get a 20 MB image quickly.
    public static func noisyPNG(width: Int, height: Int) -> Data {
        let random = FileHandle(forReadingAtPath: "/dev/urandom")!
        return encodePNG([UInt8](random.readData(ofLength: width * height * 4)), width: width, height: height)
    }
}

extension ImageFixtures {
    /// A valid grey progressive JPEG of `width`×`height` with `extraScans` more scans than TurboJPEG's own
    /// (6 for grey), as a scan-flooding file would have: each extra one is a first AC scan (bands 1–63, no
    /// successive approximation) that codes every block as end-of-band, so libjpeg decodes it without a warning
    /// and the picture is unchanged, but every block of the image is visited once more per scan.
    public static func manyScanJPEG(width: Int, height: Int, extraScans: Int) -> Data {
        var jpeg = encodeJPEG(gradient(width: width, height: height, channels: 3), width: width, height: height,
                              format: TJPF_RGB, subsampling: TJSAMP_GRAY, quality: 85, flags: TJFLAG_PROGRESSIVE)
        precondition(jpeg.suffix(2) == Data([0xFF, 0xD9]), "TurboJPEG's JPEG does not end with EOI")
        jpeg.removeLast(2)

        // An AC Huffman table (class 1, slot 0) with one code, `0`, for symbol 0x00: end of band.
        jpeg.append(contentsOf: [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00])
        // One bit per block (a grey component's blocks, without MCU padding), the last byte padded with 1 bits.
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var entropy = [UInt8](repeating: 0, count: (blocks + 7) / 8)
        if blocks % 8 != 0 { entropy[entropy.count - 1] = UInt8(0xFF >> (blocks % 8)) }
        // SOS: one component (id 1, DC table 0, AC table 0), Ss 1, Se 63, Ah 0, Al 0.
        let scan = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3F, 0x00] + entropy
        jpeg.reserveCapacity(jpeg.count + extraScans * scan.count + 2)
        for _ in 0..<extraScans { jpeg.append(contentsOf: scan) }
        jpeg.append(contentsOf: [0xFF, 0xD9])
        return jpeg
    }
}
