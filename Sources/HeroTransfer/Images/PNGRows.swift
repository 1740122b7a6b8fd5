import CPNG
import FoundationEssentials

/// libpng's row-by-row reader (through the C shim's setjmp wrappers): a PNG is decoded one row at a time into one
/// reusable row buffer, so what it costs in memory is one row, whatever its height. Interlaced images are read
/// pass by pass, each pixel handed over once at its place in the image.
enum PNGRows {
    /// Reads every row of `data`: `header` sees the size first (and may refuse it), then `row` gets each row as
    /// `(y, x0, dx, count, pixels)`: `count` pixels, the i-th at column `x0 + i * dx` of image row `y`. With `rgba8`
    /// the pixels are 8-bit RGBA, else as stored (only worth it to validate). Refuses an image over `limits` (from
    /// the header, before libpng reads on) and a row over `limits.maxRowBytes`; reads up to IEND.
    static func read(_ data: Data, limits: TransferLimits, rgba8: Bool,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void = { _, _ throws(ImageDecodeError) in },
                     row: (_ y: Int, _ x0: Int, _ dx: Int, _ count: Int, _ pixels: UnsafePointer<UInt8>) -> Void)
        throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        try checkIHDR(data, limits: limits)
        try checkChunkLengths(data)
        let result: Result<(width: Int, height: Int), ImageDecodeError> = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress,
                  let reader = hb_png_open(base, raw.count, png_uint_32(min(limits.maxImageSide, Int(UInt32.max))), 8 << 20)
            else { return .failure(.corrupt("cannot start the PNG decoder")) }
            defer { hb_png_close(reader) }
            do throws(ImageDecodeError) {
                return .success(try read(reader, limits: limits, rgba8: rgba8, header: header, row: row))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func read(_ reader: UnsafeMutablePointer<hb_png_reader>, limits: TransferLimits, rgba8: Bool,
                             header: (Int, Int) throws(ImageDecodeError) -> Void,
                             row: (Int, Int, Int, Int, UnsafePointer<UInt8>) -> Void) throws(ImageDecodeError)
        -> (width: Int, height: Int)
    {
        func fail() -> ImageDecodeError {
            let message = withUnsafeBytes(of: &reader.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .corrupt(message.isEmpty ? "unreadable PNG data" : message)
        }
        guard hb_png_read_info(reader) == 1 else { throw fail() }
        let png = reader.pointee.png, info = reader.pointee.info
        let width = Int(png_get_image_width(png, info)), height = Int(png_get_image_height(png, info))
        try ImageDecodeError.check(width: width, height: height, limits: limits)
        try header(width, height)
        let interlaced = Int32(png_get_interlace_type(png, info)) == PNG_INTERLACE_ADAM7
        guard hb_png_start(reader, rgba8 ? 1 : 0) == 1 else { throw fail() }
        let rowBytes = Int(png_get_rowbytes(png, info))
        guard rowBytes <= limits.maxRowBytes else { throw .rowTooLong(bytes: rowBytes, limit: limits.maxRowBytes) }

        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        defer { buffer.deallocate() }
        for pass in interlaced ? PNGHeader.adam7 : [(x0: 0, dx: 1, y0: 0, dy: 1)] {
            guard width > pass.x0, height > pass.y0 else { continue }
            let count = (width - pass.x0 + pass.dx - 1) / pass.dx
            var y = pass.y0
            while y < height {
                guard hb_png_read_row(reader, buffer) == 1 else { throw fail() }
                row(y, pass.x0, pass.dx, count, buffer)
                y += pass.dy
            }
        }
        guard hb_png_read_end(reader) == 1 else { throw fail() }
        return (width, height)
    }

    /// Every chunk up to IEND must fit in the data, checked from the chunk headers alone before libpng starts:
    /// libpng allocates (and zeroes) a chunk's claimed length before reading it, and for a chunk over
    /// `png_set_chunk_malloc_max` it only warns (a benign error), so 61 bytes claiming a 1.3 GB `sPLT` would cost
    /// 1.3 GB. With this check a chunk never costs more than the bytes that arrived.
    static func checkChunkLengths(_ data: Data) throws(ImageDecodeError) {
        guard ImageFormat.sniff(data) == .png else { return }
        var offset = 8
        while offset + 8 <= data.count {
            let chunk = PNGChunkHeader(data, at: offset)
            let left = data.count - offset - 12
            guard chunk.length <= left else {
                let name = chunk.type.hasLetters ? chunk.type.name : "a"
                throw .corrupt("the PNG data ends early (truncated): \(name) chunk claims \(chunk.length) bytes, \(max(0, left)) left")
            }
            if chunk.type == .end { return }
            offset += 12 + chunk.length
        }
    }

    /// IHDR always comes first: its size is checked before libpng reads further (a bomb may be only a header).
    private static func checkIHDR(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) {
        guard data.count >= 24, PNGChunkHeader(data, at: 8).type == .imageHeader else { return }
        let fields = ByteReader(data, .bigEndian)
        try ImageDecodeError.check(width: Int(fields.uint32(at: 16)), height: Int(fields.uint32(at: 20)), limits: limits)
    }
}
