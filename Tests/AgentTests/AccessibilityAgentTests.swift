import Foundation
import Testing
import TestSupport

/// The agent on a real accessibility bus: a private session bus (`SessionBus`), at-spi-bus-launcher on it with the
/// accessibility bus it starts and the registry that bus activates (at-spi2-core), and pyatspi (libatspi, what Orca
/// reads applications with) as the client (`Tests/Fixtures/atspi_client.py`).
@Suite(.serialized) struct AccessibilityAgentTests {
    /// The Xvfb, the buses, favorites added before the agent starts, and the agent registered on the bus.
    func world(favorites: [String]) throws -> (AgentHarness, SessionBus) {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        try bus.startAccessibilityBus(display: world.xvfb.display)
        for name in favorites {
            let added = try HeroBridgeProcess.run(["--db", world.db, "add", name], environment: world.environment())
            #expect(added.status == 0, "\(added.stderr)")
        }
        // At the harness's place, where its points (the circle's) are.
        try world.startAgent(AgentHarness.windowArguments + ["--verbose"],
                             extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(world.waitForLog("accessibility: registered as"), "\(world.log)")
        return (world, bus)
    }

    /// Runs the screen reader's side with `arguments` and returns its JSON line.
    func client(_ world: AgentHarness, _ bus: SessionBus, _ arguments: [String]) throws -> [String: Any] {
        try world.atspi(bus, arguments)
    }

    /// The item names of the favorites list, as the screen reader sees them.
    func itemNames(_ world: AgentHarness, _ bus: SessionBus) -> [String]? {
        guard let tree = try? client(world, bus, ["tree"]), let items = tree["items"] as? [[String: Any]] else { return nil }
        return items.compactMap { $0["name"] as? String }
    }

    @Test func aScreenReaderFindsTheApplicationItsFrameAndOneItemPerFavorite() throws {
        let (world, bus) = try world(favorites: ["Thor", "Storm"])
        defer { bus.stop() }
        // The rows come from the worker after the start: wait until the list has them.
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.sorted() == ["Storm", "Thor"] }, "\(world.log)")
        let tree = try client(world, bus, ["tree"])
        #expect(tree["app"] as? String == "HeroBridge")
        #expect(tree["appRole"] as? String == "application")
        #expect(tree["frameRole"] as? String == "frame")
        let children = try #require(tree["children"] as? [[String]])
        #expect(children.contains(["push button", "Drop here!"]), "\(children)")
        #expect(children.contains { $0.first == "label" }, "the status line: \(children)")
        #expect(children.contains(["list", "Favorites"]), "\(children)")
        let items = try #require(tree["items"] as? [[String: Any]])
        for item in items {
            #expect(item["role"] as? String == "list item")
            #expect(item["actions"] as? [String] == ["copy", "remove"])
            #expect(item["description"] as? String == "no portrait", "added by name: no portrait")
        }
        // A favorite added while the agent runs becomes an item too (the window reloads through inotify).
        let added = try HeroBridgeProcess.run(["--db", world.db, "add", "Hulk"], environment: world.environment())
        #expect(added.status == 0)
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.contains("Hulk") == true }, "\(world.log)")
    }

    @Test func anItemsRemoveActionRemovesTheFavorite() throws {
        let (world, bus) = try world(favorites: ["Thor", "Storm"])
        defer { bus.stop() }
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.contains("Thor") == true }, "\(world.log)")
        let done = try client(world, bus, ["action", "Thor", "remove"])
        #expect(done["done"] as? Bool == true, "\(done)")
        let listed = {
            (try? HeroBridgeProcess.run(["--db", world.db, "list"], environment: world.environment()))?.stdout ?? "Thor"
        }
        #expect(eventually(timeout: 60) { !listed().contains("Thor") }, "\(world.log)")
        #expect(listed().contains("Storm"))
        #expect(world.waitForLog("window: removed Thor"))
        // The list follows: Thor's item is gone for the screen reader too.
        #expect(eventually(timeout: 60) { itemNames(world, bus) == ["Storm"] }, "\(world.log)")
    }

    @Test func anItemsCopyActionPutsTheHeroOnTheClipboard() throws {
        let (world, bus) = try world(favorites: ["Thor", "Storm"])
        defer { bus.stop() }
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.contains("Storm") == true }, "\(world.log)")
        let done = try client(world, bus, ["action", "Storm", "copy"])
        #expect(done["done"] as? Bool == true, "\(done)")
        // The row's Enter: CLIPBOARD owned on the window with what `herobridge copy Storm` serves.
        #expect(world.waitForLog("window: copied Storm to the clipboard"), "\(world.log)")
        #expect(eventually(timeout: 60) { (try? world.paste())?.stdout == "Storm" }, "\(world.log)")
    }

    @Test func movingTheSelectionSendsTheFocusEventsAScreenReaderSpeaks() throws {
        let (world, bus) = try world(favorites: ["Thor", "Storm"])
        defer { bus.stop() }
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.count == 2 }, "\(world.log)")
        let heard = try client(world, bus, ["select", "Storm"])
        #expect(heard["selected"] as? Bool == true, "\(heard)")
        let events = try #require(heard["events"] as? [[String: Any]])
        let described = events.map { "\($0["type"] ?? "") \($0["source"] ?? "") \($0["detail1"] ?? "")" }
        #expect(described.contains("object:state-changed:focused Storm 1"), "\(described)")
        #expect(described.contains("object:active-descendant-changed Favorites 0"), "\(described)")
        #expect(described.last == "focus: Storm 0", "\(described)")
    }

    /// The window's own keyboard: a click gives it the focus, Down selects the first row, and a screen reader
    /// listening meanwhile hears that row focused, as Orca would speak it.
    @Test func aKeyThatMovesTheSelectionSendsTheFocusEventsAScreenReaderSpeaks() throws {
        let (world, bus) = try world(favorites: ["Thor", "Storm"])
        defer { bus.stop() }
        #expect(eventually(timeout: 60) { itemNames(world, bus)?.count == 2 }, "\(world.log)")
        let listener = try world.atspiListener(bus, ["listen", "Storm"])
        defer { _ = listener.stop() }
        let window = try world.dropWindow()
        try world.click(AgentHarness.circlePoint)
        #expect(eventually(timeout: 10) { (try? world.focusedWindow()) == window }, "\(world.log)")
        // The rows are sorted: Down selects Storm, the first.
        try world.keys(["Down"])
        #expect(eventually(timeout: 60) { !listener.isRunning }, "\(listener.output) \(listener.errors)")
        let described = try AgentHarness.heard(listener)
        #expect(described.contains("object:state-changed:focused Storm 1"), "\(described)")
        #expect(described.last == "focus: Storm 0", "\(described)")
    }

    /// Orca's flat review and mouse review: the frame's extents on the screen are the window's place and size,
    /// and the object at the middle of each child's extents is that child.
    @Test func theFramesExtentsAreTheWindowsGeometry() throws {
        let (world, bus) = try world(favorites: ["Thor"])
        defer { bus.stop() }
        #expect(eventually(timeout: 60) { itemNames(world, bus) == ["Thor"] }, "\(world.log)")
        let geometry = try world.geometry(of: try world.dropWindow())
        let found = try client(world, bus, ["extents"])
        let objects = try #require(found["objects"] as? [[String: Any]], "\(found)")
        #expect(objects.first?["extents"] as? [Int] == geometry, "\(objects) \(geometry)")
        for object in objects.dropFirst() where object["role"] as? String != "list item" {
            #expect(object["atMiddle"] as? String == object["name"] as? String, "\(object)")
        }
        // Thor's row: the frame's child at its middle is the list.
        #expect(objects.last?["name"] as? String == "Thor" && objects.last?["atMiddle"] as? String == "Favorites", "\(objects)")
    }
}
