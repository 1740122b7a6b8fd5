import HeroTransfer
import X11Bridge

/// Puts a hero on CLIPBOARD from one of our windows (Enter or Ctrl+C on a row), as `herobridge copy` does: the
/// same `HeroOffer`, served by a `SelectionOwner` that takes CLIPBOARD at a server time, until another client
/// takes it. Unlike `herobridge copy` it runs in the window's own process and loop, and owns the selection on the
/// window itself: the agent's clipboard side then knows the owner for one of its own windows and reads nothing.
/// One hero at a time: a new copy closes the owner of the last (its transfers in flight are dropped).
final class HeroClipboard {
    private let connection: XConnection
    private let loop: EventLoop
    private let log: AgentLog
    private var owner: SelectionOwner?

    init(connection: XConnection, loop: EventLoop, log: AgentLog) {
        self.connection = connection
        self.loop = loop
        self.log = log
    }

    /// Owns CLIPBOARD on `window` with `hero`'s offer; false, with a log line, when the server refused it.
    func copy(_ hero: HeroPayload, from window: Window) -> Bool {
        // Before the new owner: both would answer for the same window and selection, and no SelectionClear tells
        // the old one (the server sends none when the owner window stays the same).
        owner?.close()
        let owner = SelectionOwner(connection: connection, loop: loop, selection: connection.atom("CLIPBOARD"),
                                   window: window, offer: HeroOffer.make(hero))
        owner.log = { [log] in log.debug("copy: \($0)") }
        do {
            try owner.acquire()
        } catch {
            log.warning("copy: \(hero.name): \(error)")
            self.owner = nil
            return false
        }
        self.owner = owner
        return true
    }

    /// Feeds an event to the owner; true when it was the owner's (a request for CLIPBOARD, its loss, an INCR
    /// step).
    func handle(_ event: X11Event) -> Bool {
        owner?.handle(event) ?? false
    }
}
