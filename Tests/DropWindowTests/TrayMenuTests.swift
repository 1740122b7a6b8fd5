import Testing
@testable import DropWindow

/// The tray menu as a value: its items, keyboard navigation, pointer hits and where it opens.
@Suite("Tray menu (TrayMenu)")
struct TrayMenuTests {
    @Test func theItemsAreShowWindowCatalogPauseOrResumeAndQuit() {
        #expect(TrayMenu(paused: false).items.map(\.label) == ["Show window", "Catalog", "Pause", "Quit"])
        #expect(TrayMenu(paused: true).items.map(\.label) == ["Show window", "Catalog", "Resume", "Quit"])
    }

    @Test func downAndUpStartAtTheEndsAndWrapAround() {
        var menu = TrayMenu(paused: false)
        #expect(menu.selected == nil)
        #expect(menu.press(.down) == .redraw)
        #expect(menu.selected == 0)
        #expect(menu.press(.up) == .redraw)
        #expect(menu.selected == 3, "Up from the first row wraps to Quit")
        #expect(menu.press(.down) == .redraw)
        #expect(menu.selected == 0, "Down from the last row wraps to the first")
        var fresh = TrayMenu(paused: false)
        _ = fresh.press(.up)
        #expect(fresh.selected == 3, "Up with nothing selected picks the last row")
    }

    @Test func homeAndEndSelectTheFirstAndLastRowsAndRepeatingThemChangesNothing() {
        var menu = TrayMenu(paused: false)
        #expect(menu.press(.end) == .redraw)
        #expect(menu.selected == 3)
        #expect(menu.press(.end) == .none)
        #expect(menu.press(.home) == .redraw)
        #expect(menu.selected == 0)
    }

    @Test func returnChoosesTheSelectedItemAndDoesNothingWithoutOne() {
        var menu = TrayMenu(paused: true)
        #expect(menu.press(.enter) == .none)
        _ = menu.press(.end)
        _ = menu.press(.up)
        #expect(menu.press(.enter) == .choose(.pause(paused: true)))
    }

    @Test func escapeCloses() {
        var menu = TrayMenu(paused: false)
        _ = menu.press(.down)
        #expect(menu.press(.escape) == .close)
    }

    @Test func theRowUnderThePointerIsSelectedAndAClickOnItChoosesIt() {
        var menu = TrayMenu(paused: false)
        let catalogMiddle = menu.rowTop(1) + TrayMenu.rowHeight / 2
        #expect(menu.hover(x: 20, y: catalogMiddle) == .redraw)
        #expect(menu.selected == 1)
        #expect(menu.hover(x: 20, y: catalogMiddle + 1) == .none)
        #expect(menu.click(x: 20, y: catalogMiddle) == .choose(.catalog))
        #expect(menu.click(x: 20, y: menu.rowTop(3) + 1) == .choose(.quit))
    }

    @Test func leavingTheRowsKeepsTheSelection() {
        var menu = TrayMenu(paused: false)
        _ = menu.hover(x: 20, y: menu.rowTop(2) + 3)
        #expect(menu.hover(x: -5, y: 500) == .none)
        #expect(menu.selected == 2)
    }

    @Test func aClickOutsideClosesAndOneOnThePaddingDoesNothing() {
        let menu = TrayMenu(paused: false)
        #expect(menu.click(x: -1, y: 10) == .close)
        #expect(menu.click(x: 10, y: -1) == .close)
        #expect(menu.click(x: TrayMenu.width, y: 10) == .close)
        #expect(menu.click(x: 10, y: menu.height) == .close)
        #expect(menu.click(x: 10, y: 1) == .none, "the padding above the first row")
        #expect(menu.click(x: 10, y: menu.height - 1) == .none, "the padding below the last row")
    }

    @Test func itOpensUnderTheIconWhenItFitsElseFlipsAndStaysOnScreen() {
        let menu = TrayMenu(paused: false)
        let screen = (x: 0, y: 0, width: 1280, height: 1024)
        let width = Int(TrayMenu.width), height = Int(menu.height.rounded(.up))
        #expect(menu.origin(icon: (100, 0, 22, 30), area: screen) == (100, 30))
        // A tray icon at the top right: under the icon, ending at its right edge.
        #expect(menu.origin(icon: (1257, 1, 22, 30), area: screen) == (1257 + 22 - width, 31))
        // A tray at the bottom right: above the icon.
        #expect(menu.origin(icon: (1257, 994, 22, 30), area: screen) == (1257 + 22 - width, 994 - height))
        // A screen narrower than the menu: pinned at 0.
        #expect(menu.origin(icon: (50, 0, 22, 22), area: (0, 0, 100, 1024)).x == 0)
    }

    /// Two monitors side by side, 1280 wide each: the menu stays inside the monitor of the icon, flipped at that
    /// monitor's edges, not at the screen's.
    @Test func itOpensInsideTheIconsMonitorFlippedAtItsEdges() {
        let menu = TrayMenu(paused: false)
        let left = (x: 0, y: 0, width: 1280, height: 1024), right = (x: 1280, y: 0, width: 1280, height: 1024)
        let width = Int(TrayMenu.width), height = Int(menu.height.rounded(.up))
        // A tray at the top right of the left monitor: the menu ends at the icon's right edge rather than crossing
        // onto the right monitor (on the whole 2560-pixel screen it would have started at the icon's left edge).
        #expect(menu.origin(icon: (1250, 0, 22, 30), area: left) == (1250 + 22 - width, 30))
        // The same icon on the right monitor's left edge: it fits there, starting at the icon.
        #expect(menu.origin(icon: (1282, 0, 22, 30), area: right) == (1282, 30))
        // A tray at the bottom right of the right monitor: above the icon, ending at its right edge.
        #expect(menu.origin(icon: (2530, 994, 22, 30), area: right) == (2530 + 22 - width, 994 - height))
        // A monitor below another one (y from 1024): a tray at its top opens under the icon, inside it.
        let lower = (x: 0, y: 1024, width: 1280, height: 1024)
        #expect(menu.origin(icon: (10, 1024, 22, 30), area: lower) == (10, 1054))
        // A tray at the bottom of the upper monitor: above the icon, never onto the lower monitor.
        #expect(menu.origin(icon: (10, 994, 22, 30), area: left) == (10, 994 - height))
        // An icon whose menu fits on neither side (a monitor narrower than the menu): pinned to the monitor's left.
        #expect(menu.origin(icon: (1300, 0, 22, 30), area: (1280, 0, 100, 1024)).x == 1280)
    }
}
