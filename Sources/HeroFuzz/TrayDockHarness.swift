import FoundationEssentials
import X11Bridge

/// `TrayDockMachine`, the tray icon's docking, driven by a start, MANAGER broadcasts, destroyed windows and a
/// destroyed icon, with window ids from a small set so that they collide: a dock request only ever goes to the
/// window it also watches (or, for a lost icon, to the tray already watched), it leaves the machine docked there,
/// and the icon hides only when the tray it is docked into goes. Input: events of two bytes each.
enum TrayDockHarness {
    static let harness = Harness(name: "tray-dock", maxLength: 1024,
                                 summary: "TrayDockMachine: docks where it watches, hides only when its tray goes", run: run)

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        var machine = TrayDockMachine()
        var started = false
        while !input.isAtEnd {
            let before = machine.state
            let window = UInt(input.int(below: 4)) // 0 is "no owner"
            let actions: [TrayDockMachine.Action]
            switch input.int(below: 4) {
            case 0 where !started:
                started = true
                actions = machine.started(owner: window)
                Invariant.check(window == 0 ? actions.isEmpty : actions == [.watch(manager: window), .dock(manager: window)],
                                "start with owner \(window) gave \(actions)")
            case 1:
                actions = machine.managerAnnounced(owner: window)
                if window != 0 && before != .docked(manager: window) {
                    Invariant.check(actions == [.watch(manager: window), .dock(manager: window)],
                                    "a new tray \(window) gave \(actions)")
                }
            case 2:
                actions = machine.destroyed(window: window)
                let wasOurTray = before == .docked(manager: window)
                Invariant.check(actions == (wasOurTray ? [.hide] : []), "destroying \(window) in \(before) gave \(actions)")
            default:
                actions = machine.iconDestroyed()
                if case let .docked(manager) = before {
                    Invariant.check(actions == [.dock(manager: manager)], "a lost icon in \(before) gave \(actions)")
                } else {
                    Invariant.check(actions.isEmpty, "a lost icon with no tray gave \(actions)")
                }
            }
            for action in actions {
                if case let .dock(manager) = action {
                    Invariant.check(machine.state == .docked(manager: manager), "docked into \(manager) but in \(machine.state)")
                }
                if case .hide = action { Invariant.check(machine.state == .waiting, "hid the icon but in \(machine.state)") }
            }
            Invariant.check(actions.filter { if case .dock = $0 { true } else { false } }.count <= 1, "two dock requests: \(actions)")
        }
    }
}
