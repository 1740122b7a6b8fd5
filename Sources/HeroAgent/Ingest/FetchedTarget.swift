import FoundationEssentials

/// What reading one target brought, whichever protocol read it (an X11 conversion, INCR included, or a Wayland
/// offer's pipe): the bytes, or the failure as the sentence the log shows. `SelectionContent.fetched` holds these,
/// so decoding and ingesting know no protocol.
public struct FetchedTarget: Sendable, Equatable {
    public let target: String
    public let result: Result<Data, Failure>
    /// Seconds from the request to the last byte (or the failure).
    public var seconds: Double
    /// Times the owner was asked again after staying silent while still owning the selection (X11 only).
    public var retries: Int

    /// A failed read, described for a log line (`owner 0x1a00003 refused image/png`).
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public init(target: String, result: Result<Data, Failure>, seconds: Double = 0, retries: Int = 0) {
        self.target = target
        self.result = result
        self.seconds = seconds
        self.retries = retries
    }

    /// The bytes, when the read succeeded.
    public var bytes: Data? {
        if case let .success(bytes) = result { return bytes }
        return nil
    }
}
