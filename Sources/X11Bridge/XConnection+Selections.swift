import CX11

extension XConnection {
    /// The window owning `selection`, or 0 when none does.
    public func owner(of selection: Atom) -> Window {
        XGetSelectionOwner(display, selection)
    }

    /// Asks the owner of `selection` to convert it to `target` into `property` on `requestor`.
    public func convert(selection: Atom, target: Atom, property: Atom, requestor: Window, time: Time) {
        XConvertSelection(display, selection, target, property, requestor, time)
    }

    /// Takes ownership of `selection` for `window` at `time` (a real server time, never CurrentTime);
    /// true when the server confirms it.
    public func acquire(selection: Atom, window: Window, time: Time) -> Bool {
        acquireWithSerial(selection: selection, window: window, time: time) != nil
    }

    /// As `acquire`, giving the request serial of the SetSelectionOwner when the server confirms it: an event
    /// whose `serial` is lower was generated before the ownership began (a SelectionClear caused by our own
    /// earlier release of the same window, say), which a timestamp alone cannot tell when both fall in one
    /// millisecond.
    public func acquireWithSerial(selection: Atom, window: Window, time: Time) -> UInt? {
        let serial = XNextRequest(display)
        XSetSelectionOwner(display, selection, window, time)
        return XGetSelectionOwner(display, selection) == window ? serial : nil
    }

    /// Gives up `selection` if `window` still owns it.
    public func release(selection: Atom, window: Window, time: Time) {
        guard XGetSelectionOwner(display, selection) == window else { return }
        XSetSelectionOwner(display, selection, 0, time)
    }

    /// Answers a SelectionRequest: `property` 0 refuses it (ICCCM).
    public func replyToSelectionRequest(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XSelectionEvent()
        reply.type = SelectionNotify
        reply.display = display
        reply.requestor = request.requestor
        reply.selection = request.selection
        reply.target = request.target
        reply.property = property
        reply.time = request.time
        var event = XEvent(xselection: reply)
        XSendEvent(display, request.requestor, 0, 0, &event)
    }

    /// Subscribes `window` to XFixes notifications for `selection`: new owner, owner window destroyed, owner
    /// client closed.
    public func watch(selection: Atom, window: Window) {
        let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                        | XFixesSelectionClientCloseNotifyMask)
        XFixesSelectSelectionInput(display, window, selection, mask)
    }

    /// The XFixes selection event in `event`, if it is one.
    func selectionOwnerEvent(_ event: XEvent) -> XFixesSelectionNotifyEvent? {
        guard xfixesEventBase != 0, event.type == xfixesEventBase + XFixesSelectionNotify else { return nil }
        return withUnsafeBytes(of: event) { $0.load(as: XFixesSelectionNotifyEvent.self) }
    }

    /// Whether Button1 or Shift is held right now (a mouse selection still in progress).
    public func isSelectingWithPointer() -> Bool {
        guard let pointer = pointer() else { return false }
        return pointer.mask & UInt32(Button1Mask | ShiftMask) != 0
    }
}
