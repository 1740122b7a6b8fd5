/// Which protocol watches the selections (`agent --backend`, `backend =` in the config file). The drop window,
/// drags and `herobridge copy`'s X11 side are X11 whatever is chosen: a Wayland session runs them through
/// Xwayland.
public enum ClipboardBackend: String, Sendable, CaseIterable {
    /// Wayland when `WAYLAND_DISPLAY` is set and the compositor offers a data-control manager, else X11.
    case auto
    /// XFixes on the X server (on a Wayland session, Xwayland's: what the compositor mirrors there).
    case x11
    /// The compositor's data-control protocol; the agent refuses to start without one.
    case wayland
}
