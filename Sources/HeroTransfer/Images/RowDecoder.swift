import FoundationEssentials

/// A decoder that reads an image one row at a time into 8-bit RGBA (BMP, GIF's first frame): validation, the
/// thumbnail and the full decode are all made from its `read`, so each costs what its output holds plus one row.
protocol RowDecoder {
    /// The format's name in messages: `BMP`.
    static var formatName: String { get }

    /// `header` gets the size once the headers passed `limits`; `row` then gets every image row, `(y, pixels)`,
    /// the width of 8-bit RGBA (straight alpha), once each, in the order the format stores them.
    static func read(_ data: Data, limits: TransferLimits,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                     row: (_ y: Int, _ pixels: UnsafePointer<UInt8>) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
}

extension RowDecoder {
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        try read(data, limits: limits, header: { _, _ throws(ImageDecodeError) in }, row: { _, _ in })
    }

    /// Memory: one 8-bit RGBA row and a column table, then the thumbnail's accumulators.
    static func thumbnail(_ data: Data, maxSide: Int, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        var sampler: BoxDownsampler?
        var rowLength = 0
        _ = try read(data, limits: limits, header: { width, height throws(ImageDecodeError) in
            sampler = BoxDownsampler(sourceWidth: width, sourceHeight: height, maxSide: maxSide)
            rowLength = width
        }, row: { y, pixels in
            sampler?.add(y: y, x0: 0, dx: 1, count: rowLength, pixels: pixels, rgba: true)
        })
        guard let sampler else { throw .corrupt("unreadable \(formatName) data") }
        return sampler.image()
    }

    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        var canvas: ARGBCanvas?
        _ = try read(data, limits: limits, header: { width, height throws(ImageDecodeError) in
            canvas = ARGBCanvas(width: width, height: height)
        }, row: { y, pixels in canvas?.set(row: y, rgba: pixels) })
        guard let canvas else { throw .corrupt("unreadable \(formatName) data") }
        return canvas.image()
    }
}
