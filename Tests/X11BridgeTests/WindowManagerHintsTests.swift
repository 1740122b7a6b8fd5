import Testing
@testable import X11Bridge

/// What a top-level window tells the window manager, as values (docs/X11.md §14): the properties and their
/// encodings, a launch's properties, and `_NET_WM_ICON`'s pixels.
@Suite struct WindowManagerHintsTests {
    static let icon = WindowIcon(width: 2, height: 1, pixels: [0xff11_2233, 0x0000_0000])

    @Test func aTopLevelWindowSaysItsProcessMachineTypeIconAndHints() {
        let hints = WindowManagerHints(window: 0x40_0001, pid: 4321, host: "box", icons: [Self.icon])
        let properties = Dictionary(uniqueKeysWithValues: hints.properties.map { ($0.name, $0.value) })
        #expect(Set(properties.keys) == ["WM_HINTS", "WM_CLIENT_MACHINE", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE", "_NET_WM_ICON"])
        // Flags: InputHint | StateHint | WindowGroupHint; input true; NormalState; the window leads its own group.
        #expect(properties["WM_HINTS"] == .cardinals([1 | 2 | 64, 1, 1, 0, 0, 0, 0, 0, 0x40_0001], type: "WM_HINTS"))
        #expect(properties["WM_CLIENT_MACHINE"] == .text("box", type: "STRING"))
        #expect(properties["_NET_WM_PID"] == .cardinals([4321]))
        #expect(properties["_NET_WM_WINDOW_TYPE"] == .atoms(["_NET_WM_WINDOW_TYPE_NORMAL"]))
        #expect(properties["_NET_WM_ICON"] == .cardinals([2, 1, 0xff11_2233, 0]))
        #expect(WindowManagerHints.protocols == ["WM_DELETE_WINDOW", "_NET_WM_PING"])
    }

    @Test func noIconLeavesTheIconPropertyOut() {
        let hints = WindowManagerHints(window: 1, pid: 1, host: "h", type: .popupMenu, icons: [])
        #expect(!hints.properties.map(\.name).contains("_NET_WM_ICON"))
        #expect(hints.properties.contains(.init(name: "_NET_WM_WINDOW_TYPE", value: .atoms(["_NET_WM_WINDOW_TYPE_POPUP_MENU"]))))
    }

    @Test func severalIconsFollowOneAnotherEachWithItsSize() {
        let small = WindowIcon(width: 1, height: 1, pixels: [0xff00_ff00])
        let hints = WindowManagerHints(window: 1, pid: 1, host: "h", icons: [small, Self.icon])
        #expect(hints.properties.last == .init(name: "_NET_WM_ICON",
                                               value: .cardinals([1, 1, 0xff00_ff00, 2, 1, 0xff11_2233, 0])))
    }

    @Test func aLaunchSaysItsIDAndTheTimeOfTheClick() throws {
        let startup = try #require(StartupNotification(id: "panel-1_TIME900"))
        #expect(WindowManagerHints.launch(startup) == [
            .init(name: "_NET_STARTUP_ID", value: .text("panel-1_TIME900", type: "UTF8_STRING")),
            .init(name: "_NET_WM_USER_TIME", value: .cardinals([900])),
        ])
        let untimed = try #require(StartupNotification(id: "panel-1"))
        #expect(WindowManagerHints.launch(untimed).map(\.name) == ["_NET_STARTUP_ID"])
        #expect(WindowManagerHints.launch(nil).isEmpty)
    }

    @Test func iconPixelsAreUnpremultiplied() {
        // Opaque stays; transparent is 0 whatever its colour bits; half-alpha channels are doubled back (64 × 255 / 128 rounds to 128).
        #expect(WindowIcon.unpremultiplied(0xff12_3456) == 0xff12_3456)
        #expect(WindowIcon.unpremultiplied(0x0012_3456) == 0)
        #expect(WindowIcon.unpremultiplied(0x8040_0080) == 0x8080_00ff)
        #expect(WindowIcon(width: 1, height: 1, premultiplied: [0x8040_0080]).pixels == [0x8080_00ff])
    }
}
