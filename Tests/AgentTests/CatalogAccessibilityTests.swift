import Foundation
import Testing
import TestSupport

/// `herobridge catalog --window` on a real accessibility bus, as `AccessibilityAgentTests` has the agent: a private
/// session bus with at-spi-bus-launcher, its accessibility bus and registry, and pyatspi as the screen reader.
@Suite(.serialized) struct CatalogAccessibilityTests {
    static let app = ["--app", "HeroBridge Catalog"]
    /// Away from the root's corner, so that extents in screen coordinates differ from the window's own.
    static let origin = (x: 40, y: 30)

    /// The Xvfb, the buses, and the catalog window registered on the accessibility bus.
    func world() throws -> (AgentHarness, SessionBus, Child) {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        try bus.startAccessibilityBus(display: world.xvfb.display)
        let catalog = try world.startCatalog(["--geometry", "360x520+\(Self.origin.x)+\(Self.origin.y)", "--verbose"],
                                             extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(catalog.waitFor("accessibility: registered as", inErrors: true), "\(catalog.errors)")
        return (world, bus, catalog)
    }

    /// The heroes `herobridge catalog QUERY --json` lists, in its order.
    func listed(_ world: AgentHarness, _ query: String) throws -> [(name: String, description: String)] {
        let result = try HeroBridgeProcess.run(["--db", world.db, "catalog"] + (query.isEmpty ? [] : [query]) + ["--json"],
                                               environment: world.environment())
        let heroes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return heroes.map { ($0["name"] as? String ?? "", $0["description"] as? String ?? "") }
    }

    @Test func aScreenReaderFindsTheCatalogItsSearchEntryAndOneItemPerHero() throws {
        let (world, bus, catalog) = try world()
        defer { bus.stop() }
        let tree = try world.atspi(bus, Self.app + ["tree"])
        #expect(tree["appRole"] as? String == "application" && tree["frameRole"] as? String == "frame", "\(tree)")
        let children = try #require(tree["children"] as? [[String]])
        #expect(children == [["entry", "Search"], ["list", "Heroes"]], "\(children)")
        let entry = try #require(tree["entry"] as? [String: Any])
        #expect(entry["text"] as? String == "" && entry["characterCount"] as? Int == 0, "\(entry)")
        let items = try #require(tree["items"] as? [[String: Any]])
        let heroes = try listed(world, "")
        #expect(items.map { $0["name"] as? String ?? "" } == heroes.map(\.name), "one item per hero, in the window's order")
        #expect(items.map { $0["description"] as? String ?? "" } == heroes.map(\.description))
        #expect(items.allSatisfy { $0["role"] as? String == "list item" && $0["actions"] as? [String] == ["add", "copy"] })
        withExtendedLifetime(catalog) {}
    }

    /// Typing into the window: the screen reader hears each character inserted into the entry and the caret move,
    /// the entry's text is the typed text, and the list holds only the heroes that search finds; then Down moves
    /// the focus to the first of them.
    @Test func typingIntoTheWindowIsHeardAndFiltersTheList() throws {
        let (world, bus, catalog) = try world()
        defer { bus.stop() }
        let listener = try world.atspiListener(bus, ["listen-text", "th"])
        defer { _ = listener.stop() }
        let search = AgentHarness.catalogSearchPoint
        try world.click((Self.origin.x + search.0, Self.origin.y + search.1))
        let window = try world.catalogWindow()
        #expect(eventually(timeout: 10) { (try? world.focusedWindow()) == window }, "\(catalog.errors)")
        try world.keys(["t", "h"])
        #expect(eventually(timeout: 60) { !listener.isRunning }, "\(listener.output) \(listener.errors)")
        let heard = try AgentHarness.heard(listener)
        #expect(heard.contains("object:text-changed:insert Search 0") && heard.contains("object:text-changed:insert Search 1"),
                "\(heard)")
        #expect(heard.last == "object:text-caret-moved Search 2", "\(heard)")
        let tree = try world.atspi(bus, Self.app + ["tree"])
        let entry = try #require(tree["entry"] as? [String: Any])
        #expect(entry["text"] as? String == "th" && entry["characterCount"] as? Int == 2 && entry["caretOffset"] as? Int == 2,
                "\(entry)")
        #expect(entry["focused"] as? Bool == true, "typing puts the focus in the entry: \(entry)")
        let items = try #require(tree["items"] as? [[String: Any]])
        let matching = try listed(world, "th").map(\.name)
        #expect(items.map { $0["name"] as? String ?? "" } == matching, "\(items.count) items for \(matching.count) heroes")
        #expect(matching.count < (try listed(world, "")).count, "the search leaves some heroes out")
        // Down selects the first row: the focus leaves the entry for that hero's item, as Orca speaks it.
        let first = try #require(matching.first)
        let moved = try world.atspiListener(bus, Self.app + ["listen", first])
        defer { _ = moved.stop() }
        try world.keys(["Down"])
        #expect(eventually(timeout: 60) { !moved.isRunning }, "\(moved.output) \(moved.errors)")
        let focus = try AgentHarness.heard(moved)
        #expect(focus.contains("object:state-changed:focused Search 0") && focus.last == "focus: \(first) 0", "\(focus)")
    }

    @Test func anItemsAddActionAddsTheHeroAndItsCopyActionCopiesIt() throws {
        let (world, bus, catalog) = try world()
        defer { bus.stop() }
        let added = try world.atspi(bus, Self.app + ["action", "Thor", "add"])
        #expect(added["done"] as? Bool == true, "\(added)")
        let favorites = { (try? HeroBridgeProcess.run(["--db", world.db, "list"], environment: world.environment()))?.stdout ?? "" }
        #expect(eventually(timeout: 60) { favorites().contains("Thor") }, "\(catalog.errors)")
        let copied = try world.atspi(bus, Self.app + ["action", "Storm", "copy"])
        #expect(copied["done"] as? Bool == true, "\(copied)")
        #expect(eventually(timeout: 60) { (try? world.paste())?.stdout == "Storm" }, "\(catalog.errors)")
        #expect(!favorites().contains("Storm"), "copying adds nothing")
    }

    /// The frame's extents on the screen are the window's place and size (xwininfo's), and the object at the middle
    /// of the window, of the entry and of the first item is the list, the entry, the list.
    @Test func theFramesExtentsAreTheWindowsGeometry() throws {
        let (world, bus, catalog) = try world()
        defer { bus.stop() }
        let geometry = try world.geometry(of: try world.catalogWindow())
        #expect(geometry == [Self.origin.x, Self.origin.y, 360, 520], "\(geometry)")
        let found = try world.atspi(bus, Self.app + ["extents"])
        let objects = try #require(found["objects"] as? [[String: Any]], "\(found)")
        #expect(objects.first?["extents"] as? [Int] == geometry, "\(objects)")
        let layout = AgentHarness.catalogLayout
        let search = layout.searchField
        #expect(objects.dropFirst().first?["extents"] as? [Int]
            == [Self.origin.x + Int(search.x), Self.origin.y + Int(search.y), Int(search.width), Int(search.height)], "\(objects)")
        // The window's middle lies on the list; the first row's middle too, and the frame's child there is the list.
        #expect(objects.map { $0["atMiddle"] as? String } == ["Heroes", "Search", "Heroes", "Heroes"], "\(objects)")
        withExtendedLifetime(catalog) {}
    }

    /// A session bus with no accessibility bus on it: the catalog asks whether org.a11y.Bus has an owner, starts
    /// nothing (no at-spi-bus-launcher gets activated) and makes nothing.
    @Test func withNoAccessibilityBusNothingIsMade() throws {
        let world = try AgentHarness()
        let bus = try SessionBus(dir: world.dir, socket: world.dir.file("bus"))
        defer { bus.stop() }
        let catalog = try world.startCatalog(["--verbose"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(catalog.errors.contains("accessibility: no accessibility bus"), "\(catalog.errors)")
        #expect(!catalog.errors.contains("registered as"))
        #expect(!bus.hasOwner("org.a11y.Bus"))
    }
}
