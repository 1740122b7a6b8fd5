/// A window manager's `_NET_WM_PING` (EWMH): a WM_PROTOCOLS ClientMessage to one of our windows whose first item
/// is `_NET_WM_PING`, the second a time and the third the window. A client whose event loop runs answers it at once
/// by sending the same message back to the root window, about the root window; one that does not answer is hung,
/// and the window manager may offer to end it (with `_NET_WM_PID` and WM_CLIENT_MACHINE). The rule as a value;
/// `XConnection.answer(_:)` sends it.
public struct WindowManagerPing: Equatable, Sendable {
    /// The window the message came to.
    public var window: Window
    /// Its five items as they crossed the wire.
    public var data: [UInt32]

    public init(window: Window, data: [UInt32]) {
        self.window = window
        self.data = data
    }

    /// The answer: where it goes (the root window, with SubstructureNotify and SubstructureRedirect, where the
    /// window manager listens), the window it names (the root), and the items, unchanged.
    public func reply(root: Window) -> (destination: Window, window: Window, data: [UInt32]) {
        (root, root, data)
    }
}
