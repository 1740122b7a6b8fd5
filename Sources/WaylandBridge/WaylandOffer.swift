/// One offer of selection data, as announced by a `DataControlDevice`: an opaque handle, unique for the device's
/// life (never reused, unlike the protocol's object ids), to read it with `DataControlReader`.
public struct WaylandOffer: Sendable, Hashable, CustomStringConvertible {
    /// The device's serial for the offer, counting from 1.
    public let serial: UInt64

    public init(serial: UInt64) {
        self.serial = serial
    }

    public var description: String { "offer \(serial)" }
}
