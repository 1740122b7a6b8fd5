import CPNG
import FoundationEssentials

/// libpng's sequential reader at the edge (through the C shim's setjmp wrappers), the one way a whole PNG is
/// decoded: validation, thumbnails and full decodes all read it one row at a time into one reusable row buffer,
/// so what a read costs is one row, whatever the height. An interlaced image is read pass by pass, each pixel
/// handed over once at its place. (`PNGStream` checks a PNG while it arrives without decoding it.)
///
/// Before libpng reads a byte, the header's size is checked against `limits` (a bomb may be only a header) and
/// every chunk's length against the data; then libpng refuses an image wider or taller than `limits` allow, an
/// ancillary chunk over 8 MiB, and here a row over `limits.maxRowBytes`. Reads up to IEND.
enum PNGDecoder: RowDecoder {
    static let formatName = "PNG"

    /// `header` gets the size once it passed `limits`; `row` then gets every pixel as 8-bit RGBA (palette, grey,
    /// 16 bits and tRNS expanded), an interlaced image's pass by pass.
    static func read(_ data: Data, limits: TransferLimits,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                     row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        try read(data, limits: limits, rgba8: true, header: header, row: row)
    }

    /// Every row decoded as stored (no expansion to RGBA, which cannot fail): truncated or corrupt data is caught
    /// with the memory of one row, never of the whole image.
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        try read(data, limits: limits, rgba8: false, header: { _, _ throws(ImageDecodeError) in }, row: { _ in })
    }

    /// With `rgba8`, rows come as 8-bit RGBA; without, as stored (only worth it to validate).
    private static func read(_ data: Data, limits: TransferLimits, rgba8: Bool,
                             header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                             row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        try checkHeaderSize(data, limits: limits)
        try checkChunkLengths(data)
        let result: Result<(width: Int, height: Int), ImageDecodeError> = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress,
                  let reader = hb_png_open(base, raw.count, png_uint_32(min(limits.maxImageSide, Int(UInt32.max))), 8 << 20)
            else { return .failure(.corrupt("cannot start the PNG decoder")) }
            defer { hb_png_close(reader) }
            do throws(ImageDecodeError) {
                return .success(try rows(reader, limits: limits, rgba8: rgba8, header: header, row: row))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func rows(_ reader: UnsafeMutablePointer<hb_png_reader>, limits: TransferLimits, rgba8: Bool,
                             header: (Int, Int) throws(ImageDecodeError) -> Void,
                             row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
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
                row(ImageRow(y: y, x0: pass.x0, dx: pass.dx, count: count, pixels: buffer))
                y += pass.dy
            }
        }
        guard hb_png_read_end(reader) == 1 else { throw fail() }
        return (width, height)
    }

    /// IHDR always comes first: its size is checked before libpng reads further (a bomb may be only a header).
    private static func checkHeaderSize(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) {
        guard data.count >= 24, PNGChunkHeader(data, at: 8).type == .imageHeader else { return }
        let fields = ByteReader(data, .bigEndian)
        try ImageDecodeError.check(width: Int(fields.uint32(at: 16)), height: Int(fields.uint32(at: 20)), limits: limits)
    }

    /// Every chunk up to IEND must fit in the data, checked from the chunk headers alone before libpng starts:
    /// libpng allocates (and zeroes) a chunk's claimed length before reading it, and for a chunk over
    /// `png_set_chunk_malloc_max` it only warns (a benign error), so 61 bytes claiming a 1.3 GB `sPLT` would cost
    /// 1.3 GB. With this check a chunk never costs more than the bytes that arrived.
    private static func checkChunkLengths(_ data: Data) throws(ImageDecodeError) {
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
}
