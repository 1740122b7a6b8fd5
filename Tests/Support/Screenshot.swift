import Foundation

/// A window's pixels, captured with `xwd` (x11-apps) from the test's own Xvfb and decoded here, so tests can
/// check colours and regions of what a person would see. No golden images.
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    private let pixels: [UInt32]
    /// The raw XWD file, to save next to a failing test's output.
    public let xwd: Data

    /// Captures window `id` on `display`.
    public static func capture(window id: String, display: String) throws -> Screenshot {
        let result = try HeroBridgeProcess.run(["-silent", "-id", id], environment: ["DISPLAY": display],
                                               executable: "/usr/bin/xwd")
        guard result.status == 0 else { throw HarnessError("xwd failed: \(result.stderr)") }
        return try Screenshot(xwd: result.stdoutData)
    }

    /// Decodes a ZPixmap XWD of 24/32-bit TrueColor (what Xvfb at depth 24 gives).
    public init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count > 100 else { throw HarnessError("xwd output too short") }
        let headerSize = field(0), format = field(2), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        guard format == 2, bitsPerPixel == 32 else { throw HarnessError("unexpected XWD format \(format)/\(bitsPerPixel) bpp") }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw HarnessError("XWD data truncated") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                let (b0, b1, b2, b3) = (UInt32(bytes[o]), UInt32(bytes[o + 1]), UInt32(bytes[o + 2]), UInt32(bytes[o + 3]))
                pixels[y * width + x] = byteOrder == 0 ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        xwd = data
    }

    /// The colour at (x, y) as 0–255 red, green, blue.
    public func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let value = pixels[y * width + x]
        return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
    }

    /// Whether the colour at (x, y) is within `tolerance` of (r, g, b) on every channel.
    public func isColor(_ x: Int, _ y: Int, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Bool {
        let c = rgb(x, y)
        return abs(c.r - r) <= tolerance && abs(c.g - g) <= tolerance && abs(c.b - b) <= tolerance
    }

    /// How many pixels of the rectangle are within `tolerance` of (r, g, b).
    public func count(x: Int, y: Int, width w: Int, height h: Int, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Int {
        var total = 0
        for py in y..<min(height, y + h) {
            for px in x..<min(width, x + w) where isColor(px, py, r, g, b, tolerance: tolerance) { total += 1 }
        }
        return total
    }
}
