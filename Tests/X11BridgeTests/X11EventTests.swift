import CX11
import Testing
@testable import X11Bridge

/// Xlib's events typed into `X11Event`, with no server: each kind the views and the agent act on carries the fields
/// of its union member, a key press carries what the keyboard lookup gave, a window manager's close request is told
/// from other ClientMessages by its atoms, and everything else is `.other` with the raw event kept.
@Suite struct X11EventTests {
    /// The atoms a connection would have interned for WM_PROTOCOLS and WM_DELETE_WINDOW.
    static let atoms: X11Event.ProtocolAtoms = (protocols: 301, deleteWindow: 302, ping: 304)

    /// Types `raw` with a lookup that must not be called unless it is a key press.
    static func typed(_ raw: XEvent, atoms: X11Event.ProtocolAtoms? = X11EventTests.atoms) -> X11Event {
        X11Event(raw, lookUpKey: { _ in
            Issue.record("the keyboard was looked up for an event that is no key press")
            return (0, 0, [])
        }, protocolAtoms: { atoms })
    }

    @Test func anExposeCarriesItsWindowAndHowManyFollow() {
        var expose = XExposeEvent()
        expose.type = Expose
        expose.window = 0x40_0001
        expose.count = 2
        let event = Self.typed(XEvent(xexpose: expose))
        #expect(event.kind == .expose(window: 0x40_0001, count: 2))
        #expect(!event.isSent)
        #expect(event.inputWindow == nil)
    }

    @Test func aConfigureNotifyCarriesThePlaceAndTheSize() {
        var configure = XConfigureEvent()
        configure.type = ConfigureNotify
        configure.window = 0x40_0001
        configure.x = -20
        configure.y = 30
        configure.width = 480
        configure.height = 720
        #expect(Self.typed(XEvent(xconfigure: configure)).kind
            == .configure(.init(window: 0x40_0001, x: -20, y: 30, width: 480, height: 720)))
    }

    /// Xlib lays out a button event and a motion event alike up to `state` (the union's members share it), so one
    /// raw event written through `xbutton` serves all three types; a motion's button byte is its `is_hint`, and the
    /// typed motion has no button whatever that byte holds.
    @Test(arguments: [ButtonPress, ButtonRelease, MotionNotify])
    func aPointerEventCarriesBothPointsItsTimeAndStateAndAButtonOnlyWhenPressedOrReleased(_ type: Int32) {
        var button = XButtonEvent()
        button.type = type
        button.window = 0x40_0001
        button.button = 3
        button.x = 10
        button.y = 12
        button.x_root = 1910
        button.y_root = 1012
        button.time = 4_000_000_000 // past 2³¹: a time is unsigned
        button.state = UInt32(ShiftMask)
        button.send_event = 1
        let event = Self.typed(XEvent(xbutton: button))
        let pointer = X11Event.Pointer(window: 0x40_0001, button: type == MotionNotify ? 0 : 3, x: 10, y: 12,
                                       rootX: 1910, rootY: 1012, time: 4_000_000_000, state: UInt32(ShiftMask))
        let expected: X11Event.Kind = switch type {
        case ButtonPress: .buttonPress(pointer)
        case ButtonRelease: .buttonRelease(pointer)
        default: .motion(pointer)
        }
        #expect(event.kind == expected)
        #expect(event.isSent, "a client sent it")
        #expect(event.inputWindow == 0x40_0001)
    }

    @Test func aKeyPressCarriesTheKeysymsAndTheTextTheLookupGaveAsLatin1() {
        var key = XKeyEvent()
        key.type = KeyPress
        key.window = 0x40_0001
        key.keycode = 26
        key.state = UInt32(ShiftMask)
        key.time = 99
        var looked: [UInt32] = []
        let event = X11Event(XEvent(xkey: key), lookUpKey: { key in
            looked.append(key.keycode)
            return (keysym: 0xc9, unmodified: 0xe9, bytes: [0xc9]) // É with Shift, é without
        }, protocolAtoms: { Self.atoms })
        #expect(looked == [26], "the key event itself was looked up, once")
        #expect(event.kind == .keyPress(.init(window: 0x40_0001, keysym: 0xc9, unmodifiedKeysym: 0xe9, text: "É",
                                              state: UInt32(ShiftMask), time: 99)))
        #expect(event.inputWindow == 0x40_0001)
    }

    @Test func aKeyThatTypesNothingHasNoText() {
        var key = XKeyEvent()
        key.type = KeyPress
        key.window = 0x40_0001
        let event = X11Event(XEvent(xkey: key), lookUpKey: { _ in (0xff1b, 0xff1b, []) }, protocolAtoms: { nil })
        #expect(event.kind == .keyPress(.init(window: 0x40_0001, keysym: 0xff1b, unmodifiedKeysym: 0xff1b, text: "",
                                              state: 0, time: 0)))
    }

    @Test func controlAndAltAreReadFromTheKeysState() {
        func key(_ state: Int32) -> X11Event.Key {
            X11Event.Key(window: 1, keysym: 0x63, unmodifiedKeysym: 0x63, text: "", state: UInt32(state), time: 0)
        }
        #expect(key(ControlMask).isControlHeld && !key(ControlMask).isAltHeld)
        #expect(key(Mod1Mask).isAltHeld && !key(Mod1Mask).isControlHeld)
        #expect(key(ControlMask | ShiftMask | LockMask).isControlHeld, "Shift and Caps Lock change nothing")
        #expect(!key(ShiftMask).isControlHeld && !key(ShiftMask).isAltHeld)
    }

    @Test func focusMapUnmapAndDestroyCarryTheirWindow() {
        var focusIn = XFocusChangeEvent()
        focusIn.type = FocusIn
        focusIn.window = 1
        var focusOut = focusIn
        focusOut.type = FocusOut
        var map = XMapEvent()
        map.type = MapNotify
        map.event = 0x99 // the window the event was selected on, not the one mapped
        map.window = 2
        var unmap = XUnmapEvent()
        unmap.type = UnmapNotify
        unmap.event = 0x99
        unmap.window = 3
        var destroy = XDestroyWindowEvent()
        destroy.type = DestroyNotify
        destroy.event = 0x99
        destroy.window = 4
        #expect(Self.typed(XEvent(xfocus: focusIn)).kind == .focusIn(window: 1))
        #expect(Self.typed(XEvent(xfocus: focusOut)).kind == .focusOut(window: 1))
        #expect(Self.typed(XEvent(xmap: map)).kind == .map(window: 2))
        #expect(Self.typed(XEvent(xunmap: unmap)).kind == .unmap(window: 3))
        #expect(Self.typed(XEvent(xdestroywindow: destroy)).kind == .destroy(window: 4))
    }

    static func clientMessage(window: Window, type: Atom, first: Int) -> XEvent {
        var message = XClientMessageEvent()
        message.type = ClientMessage
        message.window = window
        message.message_type = type
        message.format = 32
        message.data.l = (first, 0, 0, 0, 0)
        message.send_event = 1
        return XEvent(xclient: message)
    }

    @Test func wmDeleteWindowIsACloseRequestForItsWindow() {
        let event = Self.typed(Self.clientMessage(window: 0x40_0001, type: 301, first: 302))
        #expect(event.kind == .deleteRequest(window: 0x40_0001))
        #expect(event.isSent, "window managers send it: it is believed")
    }

    @Test func theAtomIsReadAsTheThirtyTwoBitsThatCrossedTheWire() {
        // An atom above 2³¹ arrives sign-extended in a C long.
        let atoms: X11Event.ProtocolAtoms = (protocols: 301, deleteWindow: 0x8000_0002, ping: 304)
        let raw = Self.clientMessage(window: 7, type: 301, first: Int(Int32(bitPattern: 0x8000_0002)))
        #expect(Self.typed(raw, atoms: atoms).kind == .deleteRequest(window: 7))
    }

    @Test func netWMPingIsAPingWithItsItemsAsTheyCrossedTheWire() {
        var raw = Self.clientMessage(window: 0x40_0001, type: 301, first: 304)
        // The time above 2³¹ arrives sign-extended in a C long; the answer must carry the 32 bits that were sent.
        raw.xclient.data.l = (304, Int(Int32(bitPattern: 0x8000_1234)), 0x40_0001, 0, 0)
        let event = Self.typed(raw)
        #expect(event.kind == .ping(WindowManagerPing(window: 0x40_0001, data: [304, 0x8000_1234, 0x40_0001, 0, 0])))
        guard case let .ping(ping) = event.kind else { return }
        let reply = ping.reply(root: 0x100)
        #expect(reply.destination == 0x100 && reply.window == 0x100, "EWMH: back to the root, about the root")
        #expect(reply.data == [304, 0x8000_1234, 0x40_0001, 0, 0], "the items go back unchanged")
    }

    @Test func aWindowManagerMessageNotInFormat32IsOther() {
        var raw = Self.clientMessage(window: 7, type: 301, first: 302)
        raw.xclient.format = 8
        #expect(Self.typed(raw).kind == .other)
    }

    @Test func otherClientMessagesAreOther() {
        // Another protocol of WM_PROTOCOLS (WM_TAKE_FOCUS), another message type, and no atoms interned yet.
        #expect(Self.typed(Self.clientMessage(window: 7, type: 301, first: 303)).kind == .other)
        #expect(Self.typed(Self.clientMessage(window: 7, type: 400, first: 302)).kind == .other)
        #expect(Self.typed(Self.clientMessage(window: 7, type: 301, first: 302), atoms: nil).kind == .other)
    }

    @Test(arguments: [PropertyNotify, SelectionNotify, SelectionRequest, SelectionClear, ReparentNotify, 87])
    func everythingElseIsOtherAndKeepsTheRawEvent(_ type: Int32) {
        var raw = XEvent()
        raw.type = type
        raw.xany.window = 0x40_0001
        let event = Self.typed(raw)
        #expect(event.kind == .other)
        #expect(event.raw.type == type && event.raw.xany.window == 0x40_0001)
        #expect(event.inputWindow == nil)
    }

    /// RandR's events from its first event code on this server (89 on Xvfb 21.1): a screen change (code 0) and the
    /// RRNotify of a CRTC, output or property (code 1) are a screen change; the next code is not RandR's, and before
    /// RandR was asked for (no event base) nothing is.
    @Test func randrChangesAreScreenChangesOnceRandRWasAskedFor() {
        func typed(_ type: Int32, base: Int32?) -> X11Event.Kind {
            var raw = XEvent()
            raw.type = type
            return X11Event(raw, lookUpKey: { _ in (0, 0, []) }, protocolAtoms: { nil }, randrEventBase: base).kind
        }
        #expect(typed(89 + RRScreenChangeNotify, base: 89) == .screenChange)
        #expect(typed(89 + RRNotify, base: 89) == .screenChange)
        #expect(typed(91, base: 89) == .other)
        #expect(typed(89, base: nil) == .other)
        // A core event keeps its kind with RandR asked for: the root's ConfigureNotify is a configure.
        #expect(typed(ConfigureNotify, base: 89) == .configure(.init(window: 0, x: 0, y: 0, width: 0, height: 0)))
    }
}
