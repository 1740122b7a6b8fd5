import CTurboJPEG
import FoundationEssentials

/// libjpeg-turbo's TurboJPEG API at the edge: the only Swift file that calls it. Errors are return codes.
enum JPEGDecoder {
    /// Reads the size from the header, checks it against `limits`, then decodes the whole image to catch
    /// truncation and corruption. Warnings count as errors (`TJFLAG_STOPONWARNING`): a JPEG that libjpeg can
    /// only half-read ("Premature end of JPEG file") is refused rather than stored with a grey bottom.
    static func validate(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw .corrupt("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, colorspace) = try header(handle, data, limits: limits)

        // Grey output is the cheapest full decode; CMYK data cannot be converted to grey, so it keeps 4 channels.
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_GRAY
        let channels = isCMYK ? 4 : 1
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
        let decoded = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                              out.baseAddress, width, 0, height, Int32(pixelFormat.rawValue),
                              Int32(TJFLAG_STOPONWARNING))
            }
        }
        guard decoded == 0 else { throw .corrupt(errorText(handle)) }
        return (Int(width), Int(height))
    }

    /// Reads the size and colour space from the header and checks the size against `limits`.
    private static func header(_ handle: tjhandle, _ data: Data, limits: TransferLimits)
        throws(ImageDecodeError) -> (width: Int32, height: Int32, colorspace: Int32)
    {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            tjDecompressHeader3(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { throw .corrupt(errorText(handle)) }
        try ImageDecodeError.check(width: Int(width), height: Int(height), limits: limits)
        return (width, height, colorspace)
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unreadable JPEG data" }
        return String(cString: text)
    }

    /// Decodes to native-endian xRGB (BGRX bytes), which is opaque ARGB for cairo.
    static func decodeARGB(_ data: Data, limits: TransferLimits) throws(ImageDecodeError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .corrupt("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let (width, height, _) = try header(handle, data, limits: limits)
        var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * 4)
        let decoded = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), out.baseAddress,
                              width, 0, height, Int32(TJPF_BGRA.rawValue), 0)
            }
        }
        guard decoded == 0 else { throw .corrupt(errorText(handle)) }
        return DecodedImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
