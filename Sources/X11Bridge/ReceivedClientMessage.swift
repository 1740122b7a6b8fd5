/// A ClientMessage as received, decoded once (`XConnection.clientMessage(_:)`): the window it names, its type,
/// and its five format-32 data items as the 32-bit values that crossed the wire. Any client can send one and
/// the server never flags it otherwise, so what it says is checked against what we expect before it is acted on.
public struct ReceivedClientMessage: Equatable {
    /// `xclient.window`: the window the message is about (ours, for XDND and WM_PROTOCOLS messages).
    public var window: Window
    /// `message_type`.
    public var type: Atom
    /// The five items of `data.l`, each cut to the 32 bits that the message carries (an XID, an atom, a time,
    /// flags); always five.
    public var data: [UInt32]

    public init(window: Window, type: Atom, data: [UInt32]) {
        self.window = window
        self.type = type
        self.data = data
    }
}
