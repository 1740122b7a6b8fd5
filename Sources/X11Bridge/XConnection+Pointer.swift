import CX11

extension XConnection {
    /// Where the pointer is now, in root coordinates, with the buttons and modifiers held; nil when it is on
    /// another screen. One round trip.
    public func pointer() -> (x: Int, y: Int, mask: UInt32)? {
        var rootReturn: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display, root, &rootReturn, &child, &rootX, &rootY, &x, &y, &mask) != 0 else { return nil }
        return (Int(rootX), Int(rootY), mask)
    }

    /// Root (x, y) in `window`'s coordinates, with the mapped child of `window` that contains the point (0 when
    /// none does); nil when the window is gone (the error is trapped and consumed) or on another screen. One
    /// round trip.
    public func translate(rootX: Int, rootY: Int, to window: Window) -> (x: Int, y: Int, child: Window)? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, root, window, Int32(rootX), Int32(rootY), &x, &y, &child) != 0 else {
            _ = takeError()
            return nil
        }
        return (Int(x), Int(y), child)
    }

    /// A cursor of the standard cursor font (`shape` from cursorfont.h); free it with `freeCursor`.
    public func createFontCursor(_ shape: UInt32) -> Cursor {
        XCreateFontCursor(display, shape)
    }

    public func freeCursor(_ cursor: Cursor) {
        XFreeCursor(display, cursor)
    }

    /// Grabs the pointer for `window` (asynchronously, not confined, owner events off) with `eventMask` and
    /// `cursor` (0, the default: the window's own), at `time`; false when the server refused (another client holds
    /// a grab, or the time is stale).
    public func grabPointer(window: Window, eventMask: EventMask, cursor: Cursor = 0, time: Time) -> Bool {
        XGrabPointer(display, window, 0, UInt32(eventMask.rawValue), GrabModeAsync, GrabModeAsync, 0, cursor, time) == GrabSuccess
    }

    /// Changes the events and the cursor of the pointer grab this client holds now (nothing when it holds none).
    public func changePointerGrab(eventMask: EventMask, cursor: Cursor) {
        XChangeActivePointerGrab(display, UInt32(eventMask.rawValue), cursor, Time(CurrentTime))
    }

    /// Grabs the keyboard for `window` (asynchronously, owner events off) at `time`; false when the server refused.
    @discardableResult
    public func grabKeyboard(window: Window, time: Time) -> Bool {
        XGrabKeyboard(display, window, 0, GrabModeAsync, GrabModeAsync, time) == GrabSuccess
    }

    /// Releases the pointer and keyboard grabs this client holds, if their grab time is not later than `time`.
    public func ungrabPointerAndKeyboard(time: Time) {
        XUngrabPointer(display, time)
        XUngrabKeyboard(display, time)
    }
}
