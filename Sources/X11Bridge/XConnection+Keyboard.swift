import CX11

extension XConnection {
    /// What a KeyPress reads as in the user's keyboard layout, for its `X11Event.Key`: its keysym with the modifiers
    /// applied and what it types, as XLookupString gives them (Latin-1 in the C locale; at most 31 bytes), and its
    /// keysym without modifiers (index 0: Escape is Escape whatever is held).
    func keyLookup(_ event: XKeyEvent) -> X11Event.KeyLookup {
        var copy = event
        var buffer = [CChar](repeating: 0, count: 32)
        var keysym: KeySym = 0
        let count = XLookupString(&copy, &buffer, Int32(buffer.count - 1), &keysym, nil)
        var unmodified = event
        return (keysym, XLookupKeysym(&unmodified, 0), buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) })
    }

    /// Gives `window` the keyboard focus at `time`; when it is unmapped the focus goes back to its parent.
    public func focus(_ window: Window, time: Time) {
        XSetInputFocus(display, window, RevertToParent, time)
    }
}
