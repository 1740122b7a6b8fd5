import CX11

/// One watched selection and how to speak of it in logs.
public struct WatchedSelection: Sendable, Hashable {
    public let atom: Atom
    /// `clipboard` or `primary`.
    public let name: String
    /// Read only after it settles, text targets only.
    public let isPrimary: Bool

    public init(atom: Atom, name: String, isPrimary: Bool) {
        self.atom = atom
        self.name = name
        self.isPrimary = isPrimary
    }

    /// `primary` is PRIMARY; anything else is CLIPBOARD.
    public init(named name: String, connection: XConnection) {
        isPrimary = name == "primary"
        self.name = isPrimary ? "primary" : "clipboard"
        atom = isPrimary ? XA_PRIMARY : connection.atom("CLIPBOARD")
    }
}

/// A new owner of a watched selection, with the time to convert it at.
public struct SelectionChange: Sendable, Equatable {
    public let selection: WatchedSelection
    public let owner: Window
    public let time: Time

    public init(selection: WatchedSelection, owner: Window, time: Time) {
        self.selection = selection
        self.owner = owner
        self.time = time
    }
}

/// Watches selections with XFixes, the way clipnotify does, plus the rules a clipboard agent needs: changes by
/// our own windows are skipped, an owner that vanishes is not new content, and PRIMARY is debounced.
public final class SelectionWatcher {
    public let selections: [WatchedSelection]
    private let connection: XConnection
    private let loop: EventLoop
    private let isOwnWindow: (Window) -> Bool
    private let onChange: (SelectionChange) -> Void
    private let onOwnerGone: (WatchedSelection) -> Void
    private var settle = SettleMachine<SelectionChange>()
    private var settleTimer: EventLoop.DeadlineID?
    /// One line per event not believed, for the log.
    public var log: (String) -> Void = { _ in }

    /// Subscribes `window` to owner changes of `names` (`clipboard`, `primary`).
    public init(connection: XConnection, loop: EventLoop, window: Window, names: [String], settleSeconds: Double = 0.4,
                isOwnWindow: @escaping (Window) -> Bool,
                onChange: @escaping (SelectionChange) -> Void, onOwnerGone: @escaping (WatchedSelection) -> Void) {
        self.connection = connection
        self.loop = loop
        self.isOwnWindow = isOwnWindow
        self.onChange = onChange
        self.onOwnerGone = onOwnerGone
        settle = SettleMachine(quiet: settleSeconds)
        selections = names.map { WatchedSelection(named: $0, connection: connection) }
        for selection in selections { connection.watch(selection: selection.atom, window: window) }
    }

    /// Feeds an event; true when it was an XFixes selection event.
    public func handle(_ typed: X11Event) -> Bool {
        let event = typed.raw
        guard let notify = connection.selectionOwnerEvent(event) else { return false }
        // A client's copy would make us read a selection nobody changed, or drop a read in flight.
        guard !connection.isForged(event) else {
            log(connection.describeForged(event))
            return true
        }
        guard let selection = selections.first(where: { $0.atom == notify.selection }) else { return true }
        // Subtypes 1 and 2: the owner's window was destroyed or its client closed. The content is gone, not new.
        guard notify.subtype == XFixesSetSelectionOwnerNotify, notify.owner != 0 else {
            if selection.isPrimary { perform(settle.ownerGone()) }
            onOwnerGone(selection)
            return true
        }
        guard !isOwnWindow(notify.owner) else { return true }
        let change = SelectionChange(selection: selection, owner: notify.owner, time: notify.timestamp)
        if selection.isPrimary { perform(settle.changed(change)) } else { onChange(change) }
        return true
    }

    private func perform(_ action: SettleMachine<SelectionChange>.Action) {
        switch action {
        case let .arm(seconds):
            loop.cancel(settleTimer)
            settleTimer = loop.schedule(after: seconds) { [weak self] in
                guard let self else { return }
                self.settleTimer = nil
                self.perform(self.settle.timerFired(pointerHeld: self.connection.isSelectingWithPointer()))
            }
        case let .read(change):
            onChange(change)
        case .cancel:
            loop.cancel(settleTimer)
            settleTimer = nil
        case .none:
            break
        }
    }
}
