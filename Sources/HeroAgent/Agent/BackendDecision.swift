import WaylandBridge

/// Which protocol watches, decided from `--backend`, whether a Wayland display is named, and what trying it gave
/// (a pure rule; `SelectionSideChoice` does the trying).
enum BackendDecision: Equatable {
    /// X11's XFixes; `note` says why Wayland was not taken when it was considered (one info line).
    case x11(note: String?)
    case wayland
    /// `--backend wayland` and it cannot be had: the agent does not start.
    case refused(String)

    /// What trying Wayland gave: the protocol, or why not (a sentence).
    enum Probe: Equatable {
        case dataControl(DataControlProtocol)
        case noDataControl
        case failed(String)
    }

    /// Wayland is tried only with a display named (`WAYLAND_DISPLAY`): `auto` on an X11 session costs nothing.
    static func shouldProbe(_ requested: ClipboardBackend, waylandDisplay: String?) -> Bool {
        requested != .x11 && !(waylandDisplay ?? "").isEmpty
    }

    static func decide(_ requested: ClipboardBackend, waylandDisplay: String?, probe: Probe?, wantsPrimary: Bool)
        -> BackendDecision {
        if requested == .x11 { return .x11(note: nil) }
        let why: String
        switch probe {
        case nil:
            why = "WAYLAND_DISPLAY is not set"
        case let .failed(reason):
            why = reason
        case .noDataControl:
            why = "the Wayland compositor offers no data-control protocol (GNOME has none)"
        case let .dataControl(dataControl):
            if wantsPrimary && !dataControl.hasPrimarySelection {
                why = "the compositor's \(dataControl) has no primary selection"
            } else {
                return .wayland
            }
        }
        if requested == .wayland { return .refused("--backend wayland: \(why)") }
        return .x11(note: probe == nil ? nil : "\(why); watching the selections through X11")
    }
}
