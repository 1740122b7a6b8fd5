/// Debounces a selection that changes continuously (PRIMARY while a mouse selection is dragged; Chromium
/// announces a new owner dozens of times a second). A change is read only once the selection has stayed
/// unchanged for `quiet` seconds and neither Button1 nor Shift is held. A value with no X11 in it.
public struct SettleMachine<Change: Equatable>: Equatable {
    public enum Action: Equatable {
        /// (Re)arm the single timer to fire in this many seconds.
        case arm(seconds: Double)
        /// Read this change now.
        case read(Change)
        /// Cancel the timer; nothing to read.
        case cancel
        /// Nothing to do.
        case none
    }

    /// Seconds the selection must stay unchanged.
    public let quiet: Double
    /// Seconds between checks while the pointer still holds the selection.
    public let recheck: Double
    public private(set) var pending: Change?

    public init(quiet: Double = 0.4, recheck: Double = 0.1) {
        self.quiet = quiet
        self.recheck = recheck
    }

    /// A new owner: forget the previous pending change and start the quiet period again.
    public mutating func changed(_ change: Change) -> Action {
        pending = change
        return .arm(seconds: quiet)
    }

    /// The owner vanished: nothing is left to read.
    public mutating func ownerGone() -> Action {
        guard pending != nil else { return .none }
        pending = nil
        return .cancel
    }

    /// The timer fired; `pointerHeld` says whether Button1 or Shift is down now.
    public mutating func timerFired(pointerHeld: Bool) -> Action {
        guard let change = pending else { return .none }
        if pointerHeld { return .arm(seconds: recheck) }
        pending = nil
        return .read(change)
    }
}
