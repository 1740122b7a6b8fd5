import Testing
@testable import X11Bridge

/// The tray icon's docking rules, without a server: dock into the tray running at start, else wait for its
/// MANAGER broadcast; the tray's window gone means waiting again; a new tray gets the icon docked again.
@Suite("Tray docking (TrayDockMachine)")
struct TrayDockMachineTests {
    @Test func withATrayRunningAtStartTheIconWatchesItAndDocks() {
        var machine = TrayDockMachine()
        #expect(machine.started(owner: 0x20) == [.watch(manager: 0x20), .dock(manager: 0x20)])
        #expect(machine.state == .docked(manager: 0x20))
    }

    @Test func withNoTrayNothingHappensUntilAManagerAnnouncesItself() {
        var machine = TrayDockMachine()
        #expect(machine.started(owner: 0) == [])
        #expect(machine.state == .waiting)
        #expect(machine.destroyed(window: 0x20) == [])
        #expect(machine.managerAnnounced(owner: 0x30) == [.watch(manager: 0x30), .dock(manager: 0x30)])
        #expect(machine.state == .docked(manager: 0x30))
    }

    @Test func theTraysWindowGoingHidesTheIconAndTheNextTrayDocksItAgain() {
        var machine = TrayDockMachine()
        _ = machine.started(owner: 0x20)
        #expect(machine.destroyed(window: 0x99) == [], "another window's destruction is nothing to the icon")
        #expect(machine.destroyed(window: 0x20) == [.hide])
        #expect(machine.state == .waiting)
        #expect(machine.destroyed(window: 0x20) == [], "a second DestroyNotify for it changes nothing")
        #expect(machine.managerAnnounced(owner: 0x40) == [.watch(manager: 0x40), .dock(manager: 0x40)])
    }

    @Test func theSameTrayAnnouncingItselfAgainGetsNoSecondDockRequest() {
        var machine = TrayDockMachine()
        _ = machine.started(owner: 0x20)
        #expect(machine.managerAnnounced(owner: 0x20) == [])
    }

    @Test func aTrayReplacedWithoutItsWindowGoingFirstGetsTheIconDockedIntoTheNewOne() {
        var machine = TrayDockMachine()
        _ = machine.started(owner: 0x20)
        #expect(machine.managerAnnounced(owner: 0x50) == [.watch(manager: 0x50), .dock(manager: 0x50)])
        #expect(machine.destroyed(window: 0x20) == [], "the old tray's late destruction does not undock from the new one")
        #expect(machine.state == .docked(manager: 0x50))
    }

    @Test func aManagerMessageWhileNobodyOwnsTheSelectionIsIgnoredWithALine() {
        var machine = TrayDockMachine()
        let actions = machine.managerAnnounced(owner: 0)
        #expect(actions.count == 1)
        guard case .ignored = actions.first else { Issue.record("expected a log line, got \(actions)"); return }
        #expect(machine.state == .waiting)
    }

    @Test func anIconDestroyedWithItsTrayIsDockedAgainOnlyWhileATrayIsThere() {
        var machine = TrayDockMachine()
        #expect(machine.iconDestroyed() == [])
        _ = machine.started(owner: 0x20)
        #expect(machine.iconDestroyed() == [.dock(manager: 0x20)])
        _ = machine.destroyed(window: 0x20)
        #expect(machine.iconDestroyed() == [])
    }
}
