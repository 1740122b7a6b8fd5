import FoundationEssentials
import HeroBase

/// One value that arrived through a clipboard or a drop, whatever MIME type carried it.
///
/// A single enum instead of one destination per type: a drop that offers text and an image yields both,
/// and the favorites core decides what they mean together.
public enum MultiTypeTransferable: Sendable, Equatable {
    /// Text, already decoded to Swift and normalised (LF line ends, no trailing NULs).
    case text(String)
    /// An image whose bytes were sniffed and fully decoded once, so they are known to be valid.
    case image(TransferImage)
    /// A hero serialised by HeroBridge itself (`application/x-herobridge-hero+json`).
    case hero(HeroPayload)
}

/// A validated image: the MIME type comes from the bytes' magic, not from the offered target name.
public struct TransferImage: Sendable, Equatable {
    /// `image/png`, `image/jpeg`, `image/webp`, `image/gif` or `image/bmp`, as sniffed from the bytes.
    public let mime: String
    /// The encoded image exactly as received.
    public let data: Data
    /// Pixel size read from the header and confirmed by decoding.
    public let width: Int
    public let height: Int
    /// A hero name that travelled with the image itself, such as `Thor` for a dropped `Thor.png`; nil when none did.
    public var name: String?
    /// The lower-case hex SHA-256 of `data` when it was already computed, while the bytes arrived; nil otherwise.
    public var sha256: String?
    /// A synced file that holds exactly `data`, written while the image was checked; nil when none was.
    public var staged: StagedFile?

    public init(mime: String, data: Data, width: Int, height: Int, name: String? = nil, sha256: String? = nil,
                staged: StagedFile? = nil) {
        self.mime = mime
        self.data = data
        self.width = width
        self.height = height
        self.name = name
        self.sha256 = sha256
        self.staged = staged
    }
}

/// A hero as HeroBridge writes it to the clipboard or a drag: `{"name","description","image":{"mime","base64"}?}`.
public struct HeroPayload: Sendable, Equatable {
    public var name: String
    public var description: String
    /// The portrait, validated like any other image on import.
    public var image: TransferImage?

    public init(name: String, description: String = "", image: TransferImage? = nil) {
        self.name = name
        self.description = description
        self.image = image
    }
}
