import CTurboJPEG
import FoundationEssentials

/// libjpeg-turbo's TurboJPEG API at the edge: validation and the full decode. `ThumbnailDecoder` calls it too,
/// for a decode at reduced size, through this file's `header` and `scaled`. Errors are return codes.
enum JPEGDecoder {
    /// Reads the size from the header, checks it against `limits`, then decompresses the whole image at the smallest
    /// DCT scaling factor (1/8 of each side): every bit of entropy-coded data is still decoded, so truncation and
    /// corruption are caught, for 1/64 of the pixel memory. Warnings count as errors (`TJFLAG_STOPONWARNING`): a
    /// JPEG that libjpeg can only half-read ("Premature end of JPEG file") is refused rather than stored with a
    /// grey bottom.
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw .corrupt("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(handle, data, limits: limits)
        let (scaledWidth, scaledHeight) = scaled(width: width, height: height, atLeast: 1)

        // Grey output is the cheapest decode; CMYK data cannot be converted to grey, so it keeps 4 channels.
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_GRAY
        let channels = isCMYK ? 4 : 1
        guard Int(scaledWidth) * channels <= limits.maxRowBytes else {
            throw .rowTooLong(bytes: Int(scaledWidth) * channels, limit: limits.maxRowBytes)
        }
        var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * channels)
        let decoded = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                              out.baseAddress, scaledWidth, 0, scaledHeight, Int32(pixelFormat.rawValue),
                              Int32(TJFLAG_STOPONWARNING))
            }
        }
        guard decoded == 0 else { throw .corrupt(errorText(handle)) }
        return (Int(width), Int(height))
    }

    /// The size TurboJPEG decompresses to at its smallest scaling factor (never above 1/1) whose larger side is
    /// still at least `atLeast` pixels; the full size when none is.
    static func scaled(width: Int32, height: Int32, atLeast side: Int) -> (width: Int32, height: Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var usable: [(num: Int, denom: Int)] = []
        for index in 0..<Int(count) {
            let factor = factors[index]
            if factor.num > 0 && factor.num <= factor.denom { usable.append((Int(factor.num), Int(factor.denom))) }
        }
        usable.sort { a, b in a.num * b.denom < b.num * a.denom }
        for factor in usable {
            let scaledWidth = (Int(width) * factor.num + factor.denom - 1) / factor.denom
            let scaledHeight = (Int(height) * factor.num + factor.denom - 1) / factor.denom
            if max(scaledWidth, scaledHeight) >= side { return (Int32(scaledWidth), Int32(scaledHeight)) }
        }
        return (width, height)
    }

    /// Counts the scans from the markers (refused past `limits.maxJPEGScans` before TurboJPEG sees a byte), then
    /// reads the size and colour space from the header and checks the size against `limits`. Every decode of a
    /// JPEG starts here.
    static func header(_ handle: tjhandle, _ data: Data, limits: TransferLimits)
        throws(ImageDecodeError) -> (width: Int32, height: Int32, colorspace: Int32)
    {
        guard JPEGScanCounter.scans(in: data, limit: limits.maxJPEGScans) <= limits.maxJPEGScans else {
            throw .tooManyScans(limit: limits.maxJPEGScans)
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            tjDecompressHeader3(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw .corrupt(errorText(handle)) }
        try ImageDecodeError.check(width: Int(width), height: Int(height), limits: limits)
        return (width, height, colorspace)
    }

    static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unreadable JPEG data" }
        return String(cString: text)
    }

    /// Decodes to native-endian xRGB (BGRX bytes), which is opaque ARGB for cairo.
    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .corrupt("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(handle, data, limits: limits)
        var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * 4)
        try decompressBGRX(handle, data, width: width, height: height, colorspace: colorspace, into: &pixels)
        return DecodedImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Decompresses `data` at `width`×`height` (its size or a scaled one) into `pixels`, 4 bytes a pixel: blue,
    /// green, red, 255. TurboJPEG converts YCbCr and grey itself, but not CMYK or YCCK (print JPEGs, which
    /// validation accepts): those come out as CMYK and are converted here the way libjpeg-turbo converts them
    /// (Adobe's inverted CMYK: red = C × K / 255).
    static func decompressBGRX(_ handle: tjhandle, _ data: Data, width: Int32, height: Int32, colorspace: Int32,
                               into pixels: inout [UInt8]) throws(ImageDecodeError) {
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let decoded = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), out.baseAddress,
                              width, 0, height, Int32((isCMYK ? TJPF_CMYK : TJPF_BGRA).rawValue), 0)
            }
        }
        guard decoded == 0 else { throw .corrupt(errorText(handle)) }
        guard isCMYK else { return }
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let k = UInt16(pixels[i + 3])
            let (c, m, y) = (UInt16(pixels[i]), UInt16(pixels[i + 1]), UInt16(pixels[i + 2]))
            pixels[i] = UInt8((y * k + 127) / 255)
            pixels[i + 1] = UInt8((m * k + 127) / 255)
            pixels[i + 2] = UInt8((c * k + 127) / 255)
            pixels[i + 3] = 255
        }
    }
}
