import FoundationEssentials
import HeroBase

/// An image validated, and hashed, while its bytes arrived (the agent's idle lanes fed each INCR chunk to a
/// `PNGStream` and a SHA-256), for the very bytes it was fed: it stands for a full decode of a value only when that value's
/// storage is the one fed (same address, same length), which holds for the `Data` an INCR transfer hands on
/// without a copy. Anything else is validated as usual.
public struct StreamedImage: Sendable, Equatable {
    /// The address of the first byte fed, as a number (the memory is the transfer's, kept by its `Data`).
    public let address: UInt
    public let count: Int
    public let mime: String
    public let width: Int
    public let height: Int
    public let sha256: String
    /// The bytes fed, already in a synced file, when the check had time to write one (`StagedFile`).
    public let staged: StagedFile?

    public init(address: UInt, count: Int, mime: String, width: Int, height: Int, sha256: String, staged: StagedFile? = nil) {
        self.address = address
        self.count = count
        self.mime = mime
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.staged = staged
    }

    /// The validated image when `data` is the bytes that were fed (and within `limits`); nil otherwise.
    public func image(for data: Data, limits: TransferLimits) -> TransferImage? {
        guard data.count == count, count <= limits.maxBytes,
              data.withUnsafeBytes({ $0.baseAddress.map { UInt(bitPattern: $0) } }) == address else { return nil }
        return TransferImage(mime: mime, data: data, width: width, height: height, sha256: sha256, staged: staged)
    }
}
