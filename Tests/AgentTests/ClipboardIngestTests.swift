import Foundation
import HeroCore
import Testing
import TestSupport

/// Real owners on a private Xvfb, read by the built `herobridge agent`. Serialized: each test runs its own X
/// server and agent, and two cores are better spent on one at a time than on timing noise.
@Suite(.serialized) struct ClipboardIngestTests {
    @Test func copyingSpiderManAddsAFavorite() throws {
        let world = try AgentHarness()
        try world.startAgent()
        try world.xclip("spiderman\n")
        let favorite = try #require(world.waitForFavorite("Spider-Man"))
        #expect(favorite.source == .clipboard)
        #expect(world.waitForLog("clipboard: added Spider-Man"))
    }

    @Test func severalHeroesOnLinesAreEachAdded() throws {
        let world = try AgentHarness()
        try world.startAgent()
        try world.xclip("Thor\nHulk\n\nStorm\n")
        #expect(world.waitForFavorite("Storm") != nil)
        #expect(eventually(timeout: 5) { (try? world.names()) == ["Hulk", "Storm", "Thor"] })
    }

    @Test func nonASCIISpellingsAreMatched() throws {
        let world = try AgentHarness()
        try world.startAgent()
        try world.xclip("Spider\u{2011}Man\n  Sílver Súrfer  \n")
        #expect(world.waitForFavorite("Silver Surfer") != nil)
        #expect(world.waitForFavorite("Spider-Man") != nil)
    }

    @Test func plainProseAddsNothing() throws {
        let world = try AgentHarness()
        try world.startAgent()
        try world.xclip("Yesterday Thor and Hulk went shopping for groceries.")
        #expect(world.waitForLog("clipboard: ignored text: no hero named \"Yesterday Thor and Hulk went shopping for groceries.\""))
        #expect(try world.names().isEmpty)
    }

    @Test func aGTKOwnerOfferingAnImageAndANameAddsThatHeroWithThePortrait() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let png = try world.dir.write("portrait.png", ImageFixtures.png(width: 120, height: 90))
        let owner = try world.fixture("gtk_owner.py", ["image", png, "Storm"])
        let storm = try #require(world.waitForFavorite("Storm"))
        #expect(storm.hero.portrait?.sha256 == (try sha256(ofFile: png)))
        #expect(storm.hero.portrait?.width == 120 && storm.hero.portrait?.height == 90)
        #expect(owner.output.contains("served image/png") && owner.output.contains("served UTF8_STRING"))
    }

    @Test func a20MegabytePortraitArrivesIntactOverINCR() throws {
        let world = try AgentHarness()
        try world.startAgent(["--verbose"])
        let data = ImageFixtures.noisyPNG(width: 2300, height: 2200)
        #expect(data.count > 20_000_000)
        let png = try world.dir.write("big.png", data)
        try world.fixture("gtk_owner.py", ["image", png, "Thor"])
        let thor = try #require(world.waitForFavorite("Thor", timeout: 20))
        #expect(thor.hero.portrait?.byteCount == data.count)
        #expect(thor.hero.portrait?.sha256 == (try sha256(ofFile: png)))
        // Kept as a file beside the database, named by its digest, and nothing else there (a staged file was taken).
        let folder = world.db + "-portraits"
        let digest = try sha256(ofFile: png)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [digest])
        #expect(FileManager.default.contents(atPath: folder + "/" + digest) == data)
        // Checked chunk by chunk while it arrived; whether the check kept up (it runs at SCHED_IDLE) depends on the
        // machine's load, and a check left behind means a full validation: either way, exactly one of the two.
        let streamed = world.log.contains("image/png, \(data.count) bytes, validated and hashed while it arrived")
        let inFull = world.log.contains("the image was not found a valid PNG as it arrived; validating it in full")
        #expect(streamed != inFull, "\(world.log)")
    }

    @Test func aPNGCorruptInTheMiddleOfAnINCRTransferIsStillRefused() throws {
        let world = try AgentHarness()
        try world.startAgent(["--verbose"])
        var data = ImageFixtures.noisyPNG(width: 1500, height: 1500)
        data[data.count / 2] ^= 0xFF // inside IDAT: its CRC fails there
        let png = try world.dir.write("broken.png", data)
        try world.fixture("gtk_owner.py", ["image", png, "Thor"])
        #expect(world.waitForLog("invalid PNG image", timeout: 20))
        #expect(world.log.contains("the image was not found a valid PNG as it arrived; validating it in full"))
        #expect(try world.favorites().first { $0.hero.name == "Thor" }?.hero.portrait == nil)
        // Nothing of it on disk: a file staged while it was checked went with the refusal.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: world.db + "-portraits")) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test func xclipsLargeImageWithoutANameIsReadAndIgnoredWithAReason() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let png = try world.dir.write("big.png", ImageFixtures.noisyPNG(width: 1500, height: 1500))
        try world.xclip(file: png, target: "image/png")
        #expect(world.waitForLog("clipboard: ignored image: no hero named for this image", timeout: 20))
        #expect(try world.names().isEmpty)
    }

    @Test func aPasswordIsNeverRead() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let owner = try world.fixture("gtk_owner.py", ["secret", "Thor"])
        #expect(world.waitForLog("clipboard: skipped: a password (x-kde-passwordManagerHint) was not read"))
        try world.settle()
        #expect(!owner.output.contains("served"))
        #expect(try world.names().isEmpty)
    }

    @Test func whatWasCopiedBeforeTheAgentStartedIsNotIngested() throws {
        let world = try AgentHarness()
        try world.xclip("Thor")
        try world.startAgent()
        try world.settle()
        #expect(try world.names().isEmpty)
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(try world.names() == ["Hulk"])
    }

    @Test func anOwnerThatExitsIsNotNewContent() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let owner = try world.fixture("gtk_owner.py", ["text", "Thor"])
        #expect(world.waitForFavorite("Thor") != nil)
        _ = try Favorites(path: world.db).remove(names: ["Thor"])
        owner.stop()
        try world.settle()
        #expect(try world.names().isEmpty)
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
    }

    @Test func unknownNamesBecomeCustomHeroesWithAcceptUnknown() throws {
        let world = try AgentHarness()
        try world.startAgent(["--accept-unknown"])
        try world.xclip("Captain Groceries")
        let custom = try #require(world.waitForFavorite("Captain Groceries"))
        #expect(custom.hero.origin == .custom)
    }

    @Test func primarySpamWhileSelectingAddsOneFavorite() throws {
        let world = try AgentHarness()
        try world.startAgent(["--selections", "clipboard,primary"])
        let name = "Spider-Man"
        for length in 1...name.count { try world.xclip(String(name.prefix(length)), selection: "primary") }
        let favorite = try #require(world.waitForFavorite("Spider-Man"))
        #expect(favorite.source == .primary)
        try world.settle(selection: "primary")
        #expect(try world.names() == ["Spider-Man"])
        // Debounced: fewer reads than the ten owner changes ("S", "Sp", …).
        #expect(world.log.components(separatedBy: "primary: ").count - 1 < name.count, "\(world.log)")
    }
}
