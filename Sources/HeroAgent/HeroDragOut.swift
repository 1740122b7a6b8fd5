import DropWindow
import FoundationEssentials
import HeroCore
import HeroTransfer
import X11Bridge

/// Drags heroes out of our windows: for each drag, owns XdndSelection on the window the drag starts from with
/// the hero's `HeroOffer` (the same targets as `herobridge copy`) and runs an `XdndSource` with those targets.
/// One drag at a time; after it ends the selection is given up and transfers still in flight finish. While the
/// button is held a `DragImageView` (the hero's thumbnail and name) follows the pointer; it goes on the drop, on
/// Escape and when the drag fails.
final class HeroDragOut {
    private let connection: XConnection
    private let loop: EventLoop
    private let log: AgentLog
    private let timing: XdndSourceMachine.Timing
    private var source: XdndSource?
    private var owner: SelectionOwner?
    private var image: DragImageView?

    init(connection: XConnection, loop: EventLoop, log: AgentLog, timing: XdndSourceMachine.Timing = .init()) {
        self.connection = connection
        self.loop = loop
        self.log = log
        self.timing = timing
    }

    /// The payload a drag of `hero` carries: what `herobridge copy` would serve (the favorite's description and
    /// portrait when it is one).
    static func payload(for hero: Hero, in favorites: Favorites) -> HeroPayload {
        payload(name: hero.name, description: hero.description, in: favorites)
    }

    /// The same for a drop window's row (`FavoriteRow`).
    static func payload(for row: FavoriteRow, in favorites: Favorites) -> HeroPayload {
        payload(name: row.name, description: row.description, in: favorites)
    }

    private static func payload(name: String, description: String, in favorites: Favorites) -> HeroPayload {
        (try? HeroCopy.resolve(name, in: favorites)) ?? HeroPayload(name: name, description: description)
    }

    /// Starts dragging `hero` out of `window` from root (x, y) at `time` (the motion that passed the drag
    /// threshold). Our windows in `excluded` are never targets. `thumbnail` is the drag image's picture (a cairo
    /// surface the caller's window already has), nil for the name's initial. `onEnd` gets the outcome once.
    func start(_ hero: HeroPayload, from window: Window, excluded: Set<Window>, x: Int, y: Int, time: Time,
               thumbnail: OpaquePointer? = nil, scale: DisplayScale = .one, palette: Palette = .light,
               onEnd: @escaping (XdndSourceMachine.Outcome) -> Void) {
        if let source, !source.isDone {
            // The button is held in that drag: this cannot be a new press. Otherwise the old drag only waits for
            // a target's Finished; the user should not wait for it (up to 10 s) to drag again.
            guard !source.isHoldingPointer else { return }
            source.abandon()
        }
        owner?.close()
        let offer = HeroOffer.make(hero)
        let owner = SelectionOwner(connection: connection, loop: loop, selection: connection.atom("XdndSelection"),
                                   window: window, offer: offer)
        owner.log = { [log] in log.debug("drag: \($0)") }
        do {
            do {
                try owner.acquire(time: time)
            } catch {
                // Giving up an abandoned drag's selection just now stamped it later than this motion: take it at
                // the server's present time instead; the source stamps its messages no earlier than that.
                try owner.acquire()
            }
        } catch {
            log.warning("drag: \(error)")
            onEnd(.notDropped)
            return
        }
        let image = DragImageView(connection: connection, name: hero.name, thumbnail: thumbnail, scale: scale,
                                  palette: palette)
        self.image = image
        // The image sits beside the pointer and takes no input, but it is ours: never a target.
        let source = XdndSource(connection: connection, loop: loop, window: window, types: offer.targets,
                                excluded: excluded.union([image.window]), timing: timing) { [log, weak owner, weak self] outcome in
            owner?.release()
            self?.image = nil
            log.info("drag: \(hero.name) " + Self.describe(outcome))
            onEnd(outcome)
        }
        source.onMotion = { [weak image] point in image?.follow(pointerX: point.x, y: point.y) }
        source.onRelease = { [weak self, weak image] in if self?.image === image { self?.image = nil } }
        self.owner = owner
        self.source = source
        log.debug("drag: \(hero.name) offering \(offer.targets.joined(separator: ", "))")
        guard source.begin(x: x, y: y, time: time, selectionTime: owner.acquiredAt) else {
            log.warning("drag: could not grab the pointer (another application holds it)")
            owner.release()
            self.source = nil
            self.image = nil
            onEnd(.notDropped)
            return
        }
    }

    /// Feeds an event to the drag and the selection owner; true when one of them took it.
    func handle(_ event: X11Event) -> Bool {
        if let source, source.handle(event) { return true }
        if let image, image.handle(event) { return true }
        return owner?.handle(event) ?? false
    }

    static func describe(_ outcome: XdndSourceMachine.Outcome) -> String {
        switch outcome {
        case .dropped(success: true): return "dropped"
        case .dropped(success: false): return "dropped, but the target reported failure"
        case .notDropped: return "not dropped (no target accepted it)"
        case .cancelled: return "cancelled (Escape)"
        case .timedOut: return "abandoned: the target stopped answering"
        }
    }
}
