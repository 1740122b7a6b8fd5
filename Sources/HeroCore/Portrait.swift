import FoundationEssentials
import HeroTransfer

/// A portrait with its bytes, as stored.
public struct Portrait: Sendable, Equatable {
    public var info: PortraitInfo
    public var data: Data

    /// Wraps a validated image, computing its SHA-256 unless it came with it.
    public init(_ image: TransferImage) {
        info = PortraitInfo(mime: image.mime, width: image.width, height: image.height,
                            byteCount: image.data.count, sha256: image.sha256 ?? SHA256.hex(image.data))
        data = image.data
    }

    init(info: PortraitInfo, data: Data) {
        self.info = info
        self.data = data
    }
}
