import HeroBase
/// Why a transfer could not be turned into transferables; every message is written for the person at the terminal.
public enum TransferError: Error, Equatable, CustomStringConvertible {
    /// The bytes offered under `target` are not what that target promises.
    case importFailed(target: String, reason: String)
    /// The data is larger than the limit the caller passed in.
    case tooLarge(target: String, bytes: Int, limit: Int)
    /// No importer exists for this target name.
    case unsupportedTarget(String)

    public var description: String {
        switch self {
        case let .importFailed(target, reason):
            return "\(target): \(reason)"
        case let .tooLarge(target, bytes, limit):
            return "\(target): \(ByteCount.format(bytes)) is over the limit of \(ByteCount.format(limit))"
        case let .unsupportedTarget(target):
            return "\(target): no importer for this target"
        }
    }
}
