import FoundationEssentials

/// A decoder that reads an image one row at a time into 8-bit RGBA (PNG, BMP, GIF's first frame): validation, the
/// thumbnail and the full decode are all made from its `read`, so each costs what its output holds plus one row.
protocol RowDecoder {
    /// The format's name in messages: `BMP`.
    static var formatName: String { get }

    /// `header` gets the size once the headers passed `limits`; `row` then gets every pixel of the image once, a row
    /// (or an interlace pass's part of one) at a time, in the order the format stores them.
    static func read(_ data: Data, limits: TransferLimits,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                     row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)

    /// Every check `read` makes, keeping nothing: the size, once every row was read. A decoder may read its rows
    /// here as stored rather than as RGBA, when the conversion cannot fail.
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int)
}

extension RowDecoder {
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        try read(data, limits: limits, header: { _, _ throws(ImageDecodeError) in }, row: { _ in })
    }

    /// Memory: one 8-bit RGBA row and a column table, then the thumbnail's accumulators.
    static func thumbnail(_ data: Data, maxSide: Int, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        var sampler: BoxDownsampler?
        _ = try read(data, limits: limits, header: { width, height throws(ImageDecodeError) in
            sampler = BoxDownsampler(sourceWidth: width, sourceHeight: height, maxSide: maxSide)
        }, row: { row in
            sampler?.add(y: row.y, x0: row.x0, dx: row.dx, count: row.count, pixels: row.pixels, rgba: true)
        })
        guard let sampler else { throw .corrupt("unreadable \(formatName) data") }
        return sampler.image()
    }

    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        var canvas: ARGBCanvas?
        _ = try read(data, limits: limits, header: { width, height throws(ImageDecodeError) in
            canvas = ARGBCanvas(width: width, height: height)
        }, row: { row in canvas?.set(row) })
        guard let canvas else { throw .corrupt("unreadable \(formatName) data") }
        return canvas.image()
    }
}
