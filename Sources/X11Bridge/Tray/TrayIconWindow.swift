import CX11

/// The icon's window as created for one tray: the visual and depth to draw with, and whether it has an alpha
/// channel (a tray that announced a 32-bit `_NET_SYSTEM_TRAY_VISUAL`) or shows its parent's background instead
/// (ParentRelative, for a tray such as trayer that announces none).
public struct TrayIconWindow {
    public let window: Window
    /// What a cairo surface on the window is made with (`CairoWindowSurface`).
    let visual: UnsafeMutablePointer<Visual>
    public let visualID: UInt
    public let depth: Int32
    public let hasAlpha: Bool
    /// The colormap made for a visual that is not the screen's default (0 otherwise); freed with the window.
    let colormap: Colormap
}
