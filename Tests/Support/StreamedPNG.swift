import CPNG
import Foundation

/// Big PNGs made one row at a time with libpng's writer, so a test can make a 64-megapixel image without holding
/// its 256 MB of pixels: only one row exists at a time.
public enum StreamedPNG {
    /// A `width`×`height` 8-bit RGBA PNG (Adam7 when `interlaced`); `row(y, &pixels)` fills image row `y` (RGBA,
    /// `width * 4` bytes) and may leave it as the previous row left it (all zero at first: a transparent image,
    /// which deflate shrinks about 1000 times).
    public static func rgba(width: Int, height: Int, interlaced: Bool = false,
                            row: (Int, inout [UInt8]) -> Void = { _, _ in }) -> Data {
        let sink = Sink()
        var png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        defer { png_destroy_write_struct(&png, &info) }
        png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), { png, bytes, count in
            let sink = Unmanaged<Sink>.fromOpaque(png_get_io_ptr(png)!).takeUnretainedValue()
            sink.data.append(bytes!, count: count)
        }, { _ in })
        png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, 6 /* RGBA */,
                     interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, 0, 0)
        png_write_info(png, info)
        let passes = interlaced ? Int(png_set_interlace_handling(png)) : 1
        var pixels = [UInt8](repeating: 0, count: width * 4)
        for _ in 0..<passes {
            for y in 0..<height {
                row(y, &pixels)
                pixels.withUnsafeMutableBufferPointer { png_write_row(png, $0.baseAddress) }
            }
        }
        png_write_end(png, nil)
        return sink.data
    }

    private final class Sink {
        var data = Data()
    }
}
