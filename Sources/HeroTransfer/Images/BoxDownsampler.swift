/// Area-average downsampling that never holds the source image: pixels are added, in any order, into one
/// accumulator per output pixel, and `image()` divides. Memory is the output's size (plus a column table the
/// source's width long), whatever the source's height. Each output pixel averages at most `maxSamples` source
/// rows and columns, evenly spread (every one while the source is less than 16 times larger): an 8000-pixel
/// portrait drawn at 48 pixels needs 256 samples a pixel, not 27,000.
struct BoxDownsampler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    /// Output column of each source column.
    private let columnBucket: [Int32]
    /// Only every `rowStep`-th source row and `columnStep`-th source column is added.
    private let rowStep: Int
    private let columnStep: Int
    static let maxSamples = 16
    /// Per output pixel: sums of premultiplied blue, green, red (colour × alpha), of alpha, and the pixel count.
    private var sums: [UInt64]

    /// A sampler from `sourceWidth`×`sourceHeight` to at most `maxSide` a side, aspect kept (never enlarged).
    init(sourceWidth: Int, sourceHeight: Int, maxSide: Int) {
        let side = max(1, maxSide)
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        (width, height) = Self.size(sourceWidth: sourceWidth, sourceHeight: sourceHeight, maxSide: side)
        let width = width
        columnBucket = (0..<sourceWidth).map { Int32($0 * width / sourceWidth) }
        rowStep = max(1, sourceHeight / (height * Self.maxSamples))
        columnStep = max(1, sourceWidth / (width * Self.maxSamples))
        sums = [UInt64](repeating: 0, count: width * height * 5)
    }

    /// The size a `sourceWidth`×`sourceHeight` image is drawn at, at most `maxSide` a side, aspect kept, never
    /// enlarged: what the sampler makes, and what a decoder that scales on its own (libwebp) is asked for.
    static func size(sourceWidth: Int, sourceHeight: Int, maxSide: Int) -> (width: Int, height: Int) {
        let side = max(1, maxSide)
        let scale = min(1.0, Double(side) / Double(max(sourceWidth, sourceHeight)))
        return (min(side, max(1, Int((Double(sourceWidth) * scale).rounded()))),
                min(side, max(1, Int((Double(sourceHeight) * scale).rounded()))))
    }

    /// Adds `count` pixels of source row `y`, the i-th at column `x0 + i * dx`, from `pixels`: 4 bytes each,
    /// red, green, blue, alpha (straight alpha) when `rgba`, else blue, green, red and unused (opaque).
    mutating func add(y: Int, x0: Int, dx: Int, count: Int, pixels: UnsafePointer<UInt8>, rgba: Bool) {
        guard y % rowStep == 0 else { return }
        let rowBase = (y * height / sourceHeight) * width
        let (redAt, blueAt) = rgba ? (0, 2) : (2, 0)
        let columnStep = columnStep
        sums.withUnsafeMutableBufferPointer { sums in
            columnBucket.withUnsafeBufferPointer { buckets in
                // Pixel i is at column x0 + i * dx; take those whose column is a multiple of columnStep.
                var i = 0
                let step = dx == 1 ? columnStep : 1
                if dx == 1 { i = (columnStep - x0 % columnStep) % columnStep }
                while i < count {
                    let x = x0 + i * dx
                    if step == 1 && columnStep > 1 && x % columnStep != 0 { i += 1; continue }
                    let p = pixels + i * 4
                    let alpha = rgba ? UInt64(p[3]) : 255
                    let s = (rowBase + Int(buckets[x])) * 5
                    sums[s] += UInt64(p[blueAt]) * alpha
                    sums[s + 1] += UInt64(p[1]) * alpha
                    sums[s + 2] += UInt64(p[redAt]) * alpha
                    sums[s + 3] += alpha
                    sums[s + 4] += 1
                    i += step
                }
            }
        }
    }

    /// The averages as premultiplied native-endian ARGB (BGRA bytes), `width * 4` bytes a row.
    func image() -> DecodedImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let s = i * 5
            let count = max(sums[s + 4], 1)
            for c in 0..<3 { pixels[i * 4 + c] = UInt8(min(255, (sums[s + c] / 255 + count / 2) / count)) }
            pixels[i * 4 + 3] = UInt8(min(255, (sums[s + 3] + count / 2) / count))
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }
}
