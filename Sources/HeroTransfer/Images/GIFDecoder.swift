import CGif
import FoundationEssentials

/// giflib at the edge: the only Swift file that calls it, through the C shim's memory reader. Errors are return
/// codes. Only the first frame is read (a portrait is a still picture): the records before it, its descriptor, its
/// rows; whatever follows it (the animation's other frames) is never looked at.
///
/// The first frame is placed on the logical screen (widened when the frame reaches past it), transparent where the
/// frame does not cover it and at the graphics control extension's transparent index, as browsers draw frame one.
/// Sizes are checked against `TransferLimits` from the screen and image descriptors before any row is allocated,
/// and the frame is read one line at a time (`DGifGetLine`, never `DGifSlurp`, which would hold every frame): what
/// a read costs is one canvas row and one line of indices.
enum GIFDecoder: RowDecoder {
    /// GIF's interlace: where each of the four passes starts and how far it steps down.
    private static let passes: [(y0: Int, dy: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]

    static let formatName = "GIF"

    /// Reads the first frame: `header` gets the canvas size once it passed `limits`, then `row` gets every canvas
    /// row once, whole, in no particular order (an interlaced frame comes pass by pass).
    static func read(_ data: Data, limits: TransferLimits,
                     header: (_ width: Int, _ height: Int) throws(ImageDecodeError) -> Void,
                     row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        let result: Result<(width: Int, height: Int), ImageDecodeError> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return .failure(.corrupt("empty GIF data")) }
            var source = hb_gif_source(data: base, size: raw.count, offset: 0)
            return withUnsafeMutablePointer(to: &source) { source in
                var error: Int32 = 0
                guard let gif = hb_gif_open(source, &error) else { return .failure(.corrupt(message(error))) }
                defer { var ignored: Int32 = 0; DGifCloseFile(gif, &ignored) }
                do throws(ImageDecodeError) {
                    return .success(try firstFrame(gif, limits: limits, header: header, row: row))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Skips the extensions before the first image descriptor (keeping the transparent index of the last graphics
    /// control extension), then reads that image.
    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, limits: TransferLimits,
                                   header: (Int, Int) throws(ImageDecodeError) -> Void,
                                   row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        var transparent: Int?
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { throw failure(gif) }
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif) }
                // Bytes: length (4), flags (bit 0: a transparent index follows), delay (2), transparent index.
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    transparent = block[1] & 1 != 0 ? Int(block[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif) }
                return try frame(gif, transparent: transparent, limits: limits, header: header, row: row)
            case TERMINATE_RECORD_TYPE:
                throw .corrupt("the GIF holds no image")
            default:
                throw .corrupt("unreadable GIF record")
            }
        }
    }

    private static func frame(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int?, limits: TransferLimits,
                              header: (Int, Int) throws(ImageDecodeError) -> Void,
                              row: (ImageRow) -> Void) throws(ImageDecodeError) -> (width: Int, height: Int)
    {
        let image = gif.pointee.Image
        let left = Int(image.Left), top = Int(image.Top), frameWidth = Int(image.Width), frameHeight = Int(image.Height)
        try ImageDecodeError.check(width: frameWidth, height: frameHeight, limits: limits)
        // GIF's sizes are 16-bit, so these sums cannot overflow.
        let width = max(Int(gif.pointee.SWidth), left + frameWidth), height = max(Int(gif.pointee.SHeight), top + frameHeight)
        try ImageDecodeError.check(width: width, height: height, limits: limits)
        guard width * 4 <= limits.maxRowBytes else { throw .rowTooLong(bytes: width * 4, limit: limits.maxRowBytes) }
        guard let map = image.ColorMap ?? gif.pointee.SColorMap else { throw .corrupt("the GIF has no colour table") }
        let colours = Int(map.pointee.ColorCount)
        guard colours > 0, colours <= 256, let entries = map.pointee.Colors else {
            throw .corrupt("the GIF's colour table has \(map.pointee.ColorCount) entries")
        }
        var palette = [UInt8](repeating: 0, count: colours * 4)
        for i in 0..<colours {
            palette[i * 4] = entries[i].Red
            palette[i * 4 + 1] = entries[i].Green
            palette[i * 4 + 2] = entries[i].Blue
            palette[i * 4 + 3] = i == transparent ? 0 : 255
        }
        try header(width, height)

        let canvasRow = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        defer { canvasRow.deallocate() }
        canvasRow.initialize(repeating: 0, count: width * 4)
        for y in Array(0..<top) + Array((top + frameHeight)..<height) { row(ImageRow(y: y, count: width, pixels: canvasRow)) }

        let line = UnsafeMutablePointer<GifPixelType>.allocate(capacity: frameWidth)
        defer { line.deallocate() }
        for pass in image.Interlace ? passes : [(y0: 0, dy: 1)] {
            var y = pass.y0
            while y < frameHeight {
                guard DGifGetLine(gif, line, Int32(frameWidth)) == GIF_OK else { throw failure(gif) }
                for x in 0..<frameWidth {
                    let index = Int(line[x])
                    guard index < colours else {
                        throw .corrupt("a pixel uses colour \(index) of a GIF colour table of \(colours)")
                    }
                    let out = canvasRow + (left + x) * 4
                    for c in 0..<4 { out[c] = palette[index * 4 + c] }
                }
                row(ImageRow(y: top + y, count: width, pixels: canvasRow))
                y += pass.dy
            }
        }
        return (width, height)
    }

    private static func failure(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageDecodeError {
        .corrupt(message(gif.pointee.Error))
    }

    private static func message(_ code: Int32) -> String {
        if code == D_GIF_ERR_READ_FAILED { return "the GIF data ends early (truncated)" }
        guard let text = GifErrorString(code) else { return "unreadable GIF data (giflib error \(code))" }
        return "unreadable GIF data: " + String(cString: text).lowercased()
    }
}
