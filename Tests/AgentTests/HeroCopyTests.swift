import Foundation
import HeroCore
import Testing
import TestSupport

extension AgentHarness {
    /// `herobridge --db DB copy arguments…` on this display, waited for (it returns once the background copy owns
    /// the selection).
    func copy(_ arguments: [String]) throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(["--db", db, "copy"] + arguments, environment: environment())
    }

    /// `herobridge copy NAME --foreground --verbose` as a tracked child, once it owns the selection.
    func copyInForeground(_ name: String, _ arguments: [String] = []) throws -> Child {
        let child = try Child(HeroBridgeProcess.binary, ["--db", db, "copy", name, "--foreground", "--verbose"] + arguments,
                              environment: environment(), directory: dir.path, label: "copy")
        guard child.waitFor("owned: ", inErrors: true) else { throw HarnessError("copy did not own: \(child.errors)") }
        return child
    }

    /// `xclip -o -selection SELECTION -t TARGET`: what a paste of that target gets.
    func paste(_ target: String? = nil, selection: String = "clipboard") throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(["-o", "-selection", selection] + (target.map { ["-t", $0] } ?? []),
                                  environment: environment(), executable: "/usr/bin/xclip")
    }

    /// Runs `herobridge` on the test database and expects success.
    func cli(_ arguments: [String]) throws {
        let result = try HeroBridgeProcess.run(["--db", db] + arguments, environment: environment())
        guard result.status == 0 else { throw HarnessError("herobridge \(arguments): \(result.stderr)") }
    }

    /// Adds the favorite `name` with `portrait` (written to a file `file` for `portrait --set`).
    func addFavorite(_ name: String, portrait: Data, file: String) throws {
        try cli(["add", name])
        try cli(["portrait", name, "--set", dir.write(file, portrait)])
    }
}

/// `herobridge copy` as a selection owner, read by real peers (xclip, GTK3, a raw python3-xlib requestor) on a
/// private Xvfb. Serialized like the other X suites: each test has its own server.
@Suite(.serialized) struct HeroCopyTests {
    @Test func copyThorThenPastingPrintsThor() throws {
        let world = try AgentHarness()
        let copy = try world.copy(["Thor"])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.isEmpty)
        let paste = try world.paste()
        #expect(paste.status == 0)
        #expect(paste.stdout == "Thor")
    }

    @Test func targetsListTheTextFormsTheJSONAndTheMarker() throws {
        let world = try AgentHarness()
        try world.addFavorite("Storm", portrait: ImageFixtures.png(width: 40, height: 30), file: "storm.png")
        #expect(try world.copy(["Storm"]).status == 0)
        #expect(try world.paste("TARGETS").lines == [
            "TARGETS", "TIMESTAMP", "MULTIPLE", "application/x-herobridge-hero+json", "image/png", "UTF8_STRING",
            "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT", "application/x-herobridge-owner",
        ])
    }

    @Test func aHeroWithoutPortraitOffersNoImage() throws {
        let world = try AgentHarness()
        #expect(try world.copy(["hulk"]).status == 0)
        let targets = try world.paste("TARGETS").lines
        #expect(targets.contains("UTF8_STRING"))
        #expect(!targets.contains { $0.hasPrefix("image/") })
        #expect(try world.paste("image/png").status != 0)
        #expect(try world.paste("UTF8_STRING").stdout == "Hulk")
    }

    @Test func stringIsLatin1WithUnrepresentableCharactersReplaced() throws {
        let world = try AgentHarness()
        try world.cli(["add", "--new", "Zoë Łaska"])
        #expect(try world.copy(["Zoë Łaska"]).status == 0)
        #expect(try world.paste("UTF8_STRING").stdoutData == Data("Zoë Łaska".utf8))
        let latin1 = Data([0x5A, 0x6F, 0xEB, 0x20, 0x3F, 0x61, 0x73, 0x6B, 0x61])
        #expect(try world.paste("STRING").stdoutData == latin1)
        #expect(try world.paste("TEXT").stdoutData == latin1)
    }

    @Test func theOwnerRulesHoldForARawRequestor() throws {
        let world = try AgentHarness()
        #expect(try world.copy(["Thor"]).status == 0)
        let requestor = try world.fixture("selection_requestor.py", ["rules"])
        #expect(requestor.waitFor("unknown "))
        let lines = requestor.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("timestamp ") && $0 != "timestamp 0" })
        #expect(lines.contains("old refused"))
        #expect(lines.contains("obsolete UTF8_STRING Thor"))
        #expect(lines.contains("multiple Thor none Thor"))
        #expect(lines.contains("multiple-without-property refused"))
        #expect(lines.contains("unknown refused"))
    }

    @Test func a20MegabytePNGPortraitIsServedByteForByteOverINCR() throws {
        let world = try AgentHarness()
        let data = ImageFixtures.noisyPNG(width: 2300, height: 2200)
        #expect(data.count > 20_000_000)
        let file = try world.dir.write("thor.png", data)
        try world.cli(["add", "Thor"])
        try world.cli(["portrait", "Thor", "--set", file])
        let owner = try world.copyInForeground("Thor")
        let start = Date()
        let paste = try world.paste("image/png")
        let seconds = Date().timeIntervalSince(start)
        #expect(paste.status == 0)
        #expect(paste.stdoutData == data)
        let chunks = (data.count + 262_143) / 262_144
        #expect(owner.waitFor("by INCR: \(data.count) bytes in \(chunks) chunks", inErrors: true))
        print("xclip -o -t image/png of \(data.count) bytes: \(Int(seconds * 1000)) ms")
    }

    @Test func aJPEGPortraitIsAlsoOfferedAsAPNGOfTheSameSize() throws {
        let world = try AgentHarness()
        let jpeg = ImageFixtures.jpeg(width: 320, height: 200)
        try world.addFavorite("Hulk", portrait: jpeg, file: "hulk.jpg")
        #expect(try world.copy(["Hulk"]).status == 0)
        #expect(try world.paste("image/jpeg").stdoutData == jpeg)
        let png = try world.dir.write("pasted.png", world.paste("image/png").stdoutData)
        // Checked by another decoder than ours: GdkPixbuf through python3-gi.
        let size = try HeroBridgeProcess.run(["-c", """
            import gi; gi.require_version("GdkPixbuf", "2.0"); from gi.repository import GdkPixbuf
            p = GdkPixbuf.Pixbuf.new_from_file("\(png)"); print(GdkPixbuf.Pixbuf.get_file_info("\(png)")[0].get_name(), p.get_width(), p.get_height())
            """], environment: world.environment(), executable: "/usr/bin/python3")
        #expect(size.stdout == "png 320 200\n", "\(size.stderr)")
    }

    @Test func theHeroJSONCarriesDescriptionAndPortraitAndImportsWhole() throws {
        let world = try AgentHarness()
        let png = ImageFixtures.png(width: 64, height: 48)
        try world.addFavorite("Storm", portrait: png, file: "storm.png")
        #expect(try world.copy(["Storm"]).status == 0)
        let json = try world.paste("application/x-herobridge-hero+json").stdoutData
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["name"] as? String == "Storm")
        #expect((object["description"] as? String)?.isEmpty == false)
        let image = try #require(object["image"] as? [String: String])
        #expect(image["mime"] == "image/png")
        #expect(Data(base64Encoded: image["base64"] ?? "") == png)
        // HeroBridge's own importer reads it back as one hero with its portrait.
        let decoded = try HeroBridgeProcess.run(["decode", "--target", "application/x-herobridge-hero+json",
                                                 world.dir.write("storm.json", json)], environment: world.environment())
        #expect(decoded.status == 0)
        #expect(decoded.stdout.contains("\"Storm\"") && decoded.stdout.contains("64"))
    }

    @Test func aGTKApplicationPastesTheNameAndThePortrait() throws {
        let world = try AgentHarness()
        try world.addFavorite("Storm", portrait: ImageFixtures.png(width: 90, height: 60), file: "storm.png")
        #expect(try world.copy(["Storm"]).status == 0)
        let text = try world.fixture("gtk_reader.py", ["text"])
        #expect(text.waitFor("text Storm\n"), "\(text.output)")
        let image = try world.fixture("gtk_reader.py", ["image"])
        #expect(image.waitFor("image 90x60\n"), "\(image.output)")
    }

    @Test func aRequestorThatDiesMidINCRIsDroppedAndOthersStillGetEverything() throws {
        let world = try AgentHarness()
        let data = ImageFixtures.noisyPNG(width: 800, height: 600)
        try world.addFavorite("Thor", portrait: data, file: "thor.png")
        let owner = try world.copyInForeground("Thor")
        let quitter = try world.fixture("selection_requestor.py", ["incr-quit", "image/png"])
        #expect(quitter.waitFor("read a chunk of 262144 bytes"))
        // Dropped on its DestroyNotify, or on the BadWindow of the next chunk, whichever the server delivers first.
        #expect(owner.waitFor(" dropped after ", inErrors: true))
        #expect(owner.errors.contains("requestor window destroyed") || owner.errors.contains("writing a chunk failed"))
        #expect(try world.paste("image/png").stdoutData == data)
        #expect(owner.isRunning)
    }

    @Test func aRequestorThatStallsMidINCRIsDroppedAfterTheTimeout() throws {
        let world = try AgentHarness()
        let data = ImageFixtures.noisyPNG(width: 800, height: 600)
        try world.addFavorite("Thor", portrait: data, file: "thor.png")
        let owner = try world.copyInForeground("Thor", ["--timeout", "1"])
        let staller = try world.fixture("selection_requestor.py", ["incr-stall", "image/png"])
        #expect(staller.waitFor("read a chunk"))
        #expect(owner.waitFor("dropped after 262144 of \(data.count) bytes: requestor silent for 1.0 s", inErrors: true, timeout: 5))
        #expect(try world.paste("image/png").stdoutData == data)
    }

    @Test func severalINCRTransfersRunAtOnce() throws {
        let world = try AgentHarness()
        let data = ImageFixtures.noisyPNG(width: 1000, height: 800)
        let file = try world.dir.write("thor.png", data)
        try world.cli(["add", "Thor"])
        try world.cli(["portrait", "Thor", "--set", file])
        #expect(try world.copy(["Thor"]).status == 0)
        let readers = try world.fixture("selection_requestor.py", ["incr-parallel", "image/png", "3"])
        #expect(readers.waitFor("window 2 ", timeout: 20))
        let hash = try sha256(ofFile: file)
        #expect(readers.output == "ready\n" + (0..<3).map { "window \($0) \(data.count) \(hash)\n" }.joined())
    }

    @Test func aSecondCopyTakesOverAndTheFirstExitsZero() throws {
        let world = try AgentHarness()
        let first = try world.copyInForeground("Thor")
        #expect(try world.copy(["Hulk"]).status == 0)
        #expect(eventually(timeout: 5) { !first.isRunning })
        #expect(first.stop() == 0)
        #expect(first.errors.contains("lost CLIPBOARD"))
        #expect(try world.paste().stdout == "Hulk")
    }

    @Test func aTransferInFlightIsFinishedAfterTheSelectionIsTakenThenTheOwnerExitsZero() throws {
        let world = try AgentHarness()
        let data = ImageFixtures.noisyPNG(width: 800, height: 600)
        let file = try world.dir.write("thor.png", data)
        try world.cli(["add", "Thor"])
        try world.cli(["portrait", "Thor", "--set", file])
        let owner = try world.copyInForeground("Thor")
        let reader = try world.fixture("selection_requestor.py", ["incr-takeover", "image/png"])
        #expect(reader.waitFor("received "))
        #expect(reader.output.contains("took over\n"))
        #expect(reader.output.hasSuffix("received \(data.count) \(try sha256(ofFile: file))\n"))
        #expect(eventually(timeout: 5) { !owner.isRunning })
        #expect(owner.stop() == 0)
        #expect(owner.errors.contains("lost CLIPBOARD; finishing 1 transfer(s)"))
    }

    @Test func sigtermGivesTheSelectionUpAndExitsZero() throws {
        let world = try AgentHarness()
        let owner = try world.copyInForeground("Thor")
        #expect(owner.stop(signal: SIGTERM) == 0)
        #expect(try world.paste().status != 0)
    }

    @Test func primaryIsServedWhenAsked() throws {
        let world = try AgentHarness()
        #expect(try world.copy(["Thor", "--selection", "primary"]).status == 0)
        #expect(try world.paste(selection: "primary").stdout == "Thor")
        #expect(try world.paste(selection: "clipboard").status != 0)
    }

    @Test func anUnknownNameIsOneLineAndExitOne() throws {
        let world = try AgentHarness()
        let result = try world.copy(["Captain Groceries"])
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: no favorite or catalog hero named \"Captain Groceries\"\n")
    }

    @Test func noDisplayIsExitOne() throws {
        let dir = try TempDirectory("herobridge-copy")
        let result = try HeroBridgeProcess.run(["--db", dir.file("db.sqlite3"), "copy", "Thor"],
                                               environment: HeroBridgeProcess.environment(home: dir.path))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("herobridge: no display"))
    }

    /// The background copy gets the name after `--`: a hero named like one of copy's own options is served, not
    /// parsed as that option by the child.
    @Test func aNameThatLooksLikeAnOptionReachesTheBackgroundCopy() throws {
        let world = try AgentHarness()
        for name in ["--foreground", "--report-fd=9", "-h"] {
            try world.cli(["add", "--new", "--", name])
            let copy = try world.copy(["--", name])
            #expect(copy.status == 0, "\(name): \(copy.stderr)")
            #expect(try world.paste().stdout == name)
        }
    }

    @Test func aBadSelectionIsAUsageError() throws {
        let world = try AgentHarness()
        #expect(try world.copy(["Thor", "--selection", "secondary"]).status == 2)
    }

    // MARK: The agent and our own copies

    @Test func theAgentDoesNotReAddARemovedHeroThatWasCopied() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        try world.cli(["add", "Thor"])
        try world.cli(["remove", "Thor"])
        #expect(try world.copy(["Thor"]).status == 0)
        #expect(world.waitForLog("clipboard: skipped: HeroBridge's own copy"))
        #expect(try world.names().isEmpty)
        // And the agent still works for others' copies afterwards.
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(try world.names() == ["Hulk"])
    }

    @Test func copyingAFavoriteWithTheAgentRunningIngestsNothing() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        try world.cli(["add", "Storm"])
        let before = try world.favorites()
        #expect(try world.copy(["Storm"]).status == 0)
        #expect(world.waitForLog("clipboard: skipped: HeroBridge's own copy"))
        #expect(!world.log.contains("clipboard: Storm"))
        #expect(try world.favorites() == before)
    }
}
