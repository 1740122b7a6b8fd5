import HeroCore

/// What watches the selections and turns their changes into ingests: `ClipboardAgent` over X11, or
/// `WaylandClipboardAgent` over the compositor's data control. The agent drives either the same way.
protocol SelectionSide: AnyObject {
    /// Called on the loop after every ingest, with the selection it came from.
    var onReport: (IngestReport, IngestSource) -> Void { get set }
    /// Stops reading (the read in flight is abandoned unstored) or starts again with the next change.
    func setPaused(_ paused: Bool)
    /// The worker finished a job: a read held back for its backlog may start now.
    func workerDrained()
    /// Abandons the read in flight (shutdown).
    func stop()
    /// The selections watched, for the ready line: `clipboard and primary`.
    var watching: String { get }
    /// Through what, for the ready line and `status`: `X11`, or `Wayland (wlr-data-control-unstable-v1 version 2)`.
    var path: String { get }
}
