import Foundation

/// A window's pixels, captured with `xwd` (x11-apps) from the test's own Xvfb and decoded here, so tests can
/// check colours and regions of what a person would see. No golden images.
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    /// The raw XWD file, to save next to a failing test's output.
    public let xwd: Data
    private let bytes: [UInt8]
    private let start: Int
    private let bytesPerLine: Int
    private let littleEndian: Bool

    /// Captures window `id` on `display`.
    public static func capture(window id: String, display: String) throws -> Screenshot {
        let result = try HeroBridgeProcess.run(["-silent", "-id", id], environment: ["DISPLAY": display],
                                               executable: "/usr/bin/xwd")
        guard result.status == 0 else { throw HarnessError("xwd failed: \(result.stderr)") }
        return try Screenshot(xwd: result.stdoutData)
    }

    /// Reads the header of a ZPixmap XWD of 32-bit TrueColor (what Xvfb at depth 24 gives); pixels are read on
    /// demand, so a capture costs no per-pixel work up front.
    public init(xwd data: Data) throws {
        let bytes = data.withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) }
        func field(_ index: Int) -> Int {
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count > 100 else { throw HarnessError("xwd output too short") }
        let headerSize = field(0), format = field(2), width = field(4), height = field(5)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        guard format == 2, bitsPerPixel == 32 else { throw HarnessError("unexpected XWD format \(format)/\(bitsPerPixel) bpp") }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw HarnessError("XWD data truncated") }
        self.width = width
        self.height = height
        self.bytes = bytes
        self.start = start
        self.bytesPerLine = bytesPerLine
        littleEndian = field(7) == 0
        xwd = data
    }

    /// The colour at (x, y) as 0–255 red, green, blue.
    public func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = start + y * bytesPerLine + x * 4
        return littleEndian ? (Int(bytes[o + 2]), Int(bytes[o + 1]), Int(bytes[o]))
            : (Int(bytes[o + 1]), Int(bytes[o + 2]), Int(bytes[o + 3]))
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
