/// A whole image being filled row by row from 8-bit RGBA rows with straight alpha (what a `RowDecoder` hands
/// out), into `DecodedImage`'s premultiplied native-endian ARGB. Costs the whole image: only for a
/// full decode, whose size the caller checked against `TransferLimits` before making one.
struct ARGBCanvas {
    let width: Int
    let height: Int
    private var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The pixels of `row`, red, green, blue, alpha each, at their places.
    mutating func set(_ row: ImageRow) {
        let base = row.y * width * 4
        pixels.withUnsafeMutableBufferPointer { out in
            for i in 0..<row.count {
                let p = row.pixels + i * 4, o = base + (row.x0 + i * row.dx) * 4
                let alpha = UInt16(p[3])
                out[o] = UInt8((UInt16(p[2]) * alpha + 127) / 255)
                out[o + 1] = UInt8((UInt16(p[1]) * alpha + 127) / 255)
                out[o + 2] = UInt8((UInt16(p[0]) * alpha + 127) / 255)
                out[o + 3] = p[3]
            }
        }
    }

    func image() -> DecodedImage {
        DecodedImage(width: width, height: height, pixels: pixels)
    }
}
