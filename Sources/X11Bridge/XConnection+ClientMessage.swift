import CX11

extension XConnection {
    /// The ClientMessage in `event`, decoded; nil for any other event. The one place a message's data is read.
    func clientMessage(_ event: XEvent) -> ReceivedClientMessage? {
        guard event.type == ClientMessage else { return nil }
        let message = event.xclient
        let longs = withUnsafeBytes(of: message.data.l) { Array($0.bindMemory(to: Int.self)) }
        return ReceivedClientMessage(window: message.window, type: message.message_type,
                                     data: longs.map { UInt32(truncatingIfNeeded: $0) })
    }

    /// Sends a 32-bit ClientMessage to `window`.
    public func sendClientMessage(to window: Window, type: Atom, data: [Int], mask: Int = 0, about: Window? = nil) {
        var message = XClientMessageEvent()
        message.type = ClientMessage
        message.display = display
        message.window = about ?? window
        message.message_type = type
        message.format = 32
        let d = data + Array(repeating: 0, count: max(0, 5 - data.count))
        message.data.l = (d[0], d[1], d[2], d[3], d[4])
        var event = XEvent(xclient: message)
        XSendEvent(display, window, 0, mask, &event)
    }
}
