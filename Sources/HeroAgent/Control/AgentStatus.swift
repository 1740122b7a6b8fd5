import FoundationEssentials

/// What the running agent answers to `herobridge pause | resume | status` (`ControlDesk`), as JSON in
/// `_HEROBRIDGE_REPLY`: who it is, whether it is paused, and what its database holds. Times are seconds since 1970.
public struct AgentStatus: Codable, Equatable, Sendable {
    public struct LastAdded: Codable, Equatable, Sendable {
        public var name: String
        public var at: Double
    }

    /// The request's token, repeated (`ControlRequest.token`).
    public var token: UInt32
    public var pid: Int32
    public var display: String
    public var paused: Bool
    /// When a timed pause ends; nil when not paused or paused until resumed.
    public var pausedUntil: Double?
    public var database: String
    /// Nil when the database could not be read; `problem` says why.
    public var favorites: Int?
    public var lastAdded: LastAdded?
    public var problem: String?
    /// The longest turn of the agent's event loop since it started, in milliseconds (`StallMeter`): how long the
    /// X thread was at worst unable to answer. Optional: an agent from before it answers without.
    public var longestStallMs: Double?
    /// What watches the selections: `X11`, or `Wayland (wlr-data-control-unstable-v1 version 2)`. Optional: an
    /// agent from before it answers without.
    public var watching: String?

    /// The bytes of the answer.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// An answer read back; nil when it is not one.
    public static func decode(_ bytes: Data) -> AgentStatus? {
        try? JSONDecoder().decode(AgentStatus.self, from: bytes)
    }

    /// The status line's and `service status`'s words for the pause: "paused until 14:05", "paused", "not paused".
    public var pauseText: String {
        guard paused else { return "not paused" }
        return pausedUntil.map { "paused until \(LocalClock.describe($0))" } ?? "paused (until herobridge resume)"
    }
}
