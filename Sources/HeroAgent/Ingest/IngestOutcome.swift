import HeroCore

/// What an `IngestJob` did, for the loop thread: the report when something was stored or decided, and the line a
/// window's status shows either way.
struct IngestOutcome: Sendable {
    let report: IngestReport?
    let status: String
}
