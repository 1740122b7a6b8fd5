import CX11

extension XConnection {
    /// The keysym of `event`'s key without modifiers (keysym index 0: Escape is Escape whatever is held).
    public func unmodifiedKeysym(of event: XKeyEvent) -> KeySym {
        var key = event
        return XLookupKeysym(&key, 0)
    }

    /// What `event`'s key types, as XLookupString gives it (Latin-1 in the C locale; at most `maxBytes`), and its
    /// keysym with the modifiers applied.
    public func typed(by event: XKeyEvent, maxBytes: Int = 31) -> (bytes: [UInt8], keysym: KeySym) {
        var copy = event
        var buffer = [CChar](repeating: 0, count: maxBytes + 1)
        var keysym: KeySym = 0
        let count = XLookupString(&copy, &buffer, Int32(maxBytes), &keysym, nil)
        return (buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, keysym)
    }

    /// Gives `window` the keyboard focus at `time`; when it is unmapped the focus goes back to its parent.
    public func focus(_ window: Window, time: Time) {
        XSetInputFocus(display, window, RevertToParent, time)
    }
}
