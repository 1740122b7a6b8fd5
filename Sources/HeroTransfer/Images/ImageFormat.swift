import FoundationEssentials

/// Image formats recognised by their leading magic bytes. PNG, JPEG, WebP, GIF and BMP are decoded; TIFF and ICO
/// are named so that the error can say what arrived instead of calling it garbage.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, bmp, webp, tiff, ico

    /// The canonical MIME type of the format.
    public var mime: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .bmp: return "image/bmp"
        case .webp: return "image/webp"
        case .tiff: return "image/tiff"
        case .ico: return "image/vnd.microsoft.icon"
        }
    }

    /// Whether HeroBridge can decode (and therefore accept) this format.
    public var isSupported: Bool { self != .tiff && self != .ico }

    /// The format whose magic the bytes start with, or nil when they start like no known image.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x42, 0x4D]) && head.count >= 6 { return .bmp }
        if starts([0x00, 0x00, 0x01, 0x00]) { return .ico }
        return nil
    }
}
