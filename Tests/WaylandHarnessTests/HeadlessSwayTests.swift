import Foundation
import Testing
import TestSupport

/// The Wayland harness against the real compositor: a headless sway 1.7 (wlroots 0.15) with Xwayland, wl-clipboard's
/// wl-copy and wl-paste, our own data-control source (Tests/Fixtures/wayland_source.c), and xclip under Xwayland.
/// Every wait is bounded polling for a condition; the timeouts guard against hangs and are never speed checks.
/// Serialized: each test has a sway of its own, and two cores are enough for one at a time.
@Suite(.serialized) struct HeadlessSwayTests {
    @Test func swayGetsAPrivateRuntimeDirectoryAndRemovesItAtStop() throws {
        let sway = try HeadlessSway()
        let directory = sway.runtimeDirectory
        var info = stat()
        #expect(stat(directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        let owner = sway.user.flatMap { getpwnam($0)?.pointee.pw_uid } ?? getuid()
        #expect(info.st_uid == owner)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + sway.waylandDisplay))
        #expect(sway.x11Display.hasPrefix(":"))
        #expect(sway.environment["XDG_RUNTIME_DIR"] == directory)
        #expect(sway.environment["WAYLAND_DISPLAY"] == sway.waylandDisplay)
        #expect(sway.environment["DISPLAY"] == sway.x11Display)
        // Started as root, sway runs as the test user; otherwise as ourselves.
        #expect((getuid() == 0) == (sway.user == HeadlessSway.testUser))
        #expect(try sway.run("wl-copy", ["Left behind"]).status == 0)   // wl-copy stays in the background
        sway.stop()
        #expect(!sway.isRunning)
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(processes(using: directory).isEmpty, "still running: \(processes(using: directory))")
    }

    /// The pids whose environment names `runtimeDirectory` (each process the harness started has it).
    private func processes(using runtimeDirectory: String) -> [String] {
        let marker = Data(("XDG_RUNTIME_DIR=" + runtimeDirectory + "\0").utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            Int32(entry) != nil && FileManager.default.contents(atPath: "/proc/\(entry)/environ")?.range(of: marker) != nil
        }
    }

    /// wl-copy and wl-paste use zwlr_data_control_manager_v1 here, so neither needs keyboard focus (the headless
    /// seat has no keyboard at all). Root, like the agent, reaches the user's socket: file permissions do not
    /// stop root.
    @Test func wlCopyThenWlPasteRoundTripsAsTheUserAndRootReadsIt() throws {
        let sway = try HeadlessSway()
        let copy = try sway.run("wl-copy", ["Hulk smash"])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try paste(sway, ["--no-newline"]) == "Hulk smash")
        let asRoot = try sway.run("wl-paste", ["--no-newline"], asSwayUser: false)
        #expect(asRoot.status == 0, "\(asRoot.stderr)")
        #expect(asRoot.stdout == "Hulk smash")
    }

    @Test func theFixturesTextIsReadableWithWlPasteAndItsSendsAreLogged() throws {
        let sway = try HeadlessSway()
        let log = sway.file("sends.log")
        let source = try sway.startSource(["--text", "Thor", "--log", log])
        #expect(source.errors.contains("zwlr_data_control_manager_v1"), "sway 1.7 offers no ext-data-control")
        #expect(try paste(sway, ["--list-types"]) == "text/plain;charset=utf-8\ntext/plain\n")
        #expect(try paste(sway, ["--no-newline"]) == "Thor")
        #expect(try paste(sway, ["--no-newline", "--type", "text/plain"]) == "Thor")
        let sends = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(sends == "text/plain;charset=utf-8\ntext/plain\n")
    }

    @Test func theFixtureSetsThePrimarySelection() throws {
        let sway = try HeadlessSway()
        _ = try sway.startSource(["--primary", "--text", "Storm"])
        #expect(try paste(sway, ["--primary", "--no-newline"]) == "Storm")
        #expect(try sway.run("wl-paste", ["--no-newline"]).stdout != "Storm")
    }

    /// Another client taking the selection cancels the fixture's source: it exits 0.
    @Test func theFixtureExitsCleanlyWhenAnotherClientTakesTheSelection() throws {
        let sway = try HeadlessSway()
        let source = try sway.startSource(["--text", "Rogue"])
        #expect(try sway.run("wl-copy", ["Gambit"]).status == 0)
        #expect(eventually(timeout: 30) { !source.isRunning })
        #expect(source.stop() == 0, "\(source.errors)")
        #expect(try paste(sway, ["--no-newline"]) == "Gambit")
    }

    /// 4,000 MIME types: all of them listed. Not 10,000: libwayland-server 1.21 (Debian 12) disconnects a client
    /// whose socket is full instead of waiting, and the compositor sends the whole offer (one event per type,
    /// about 36 bytes each) to every data-control client at once, the fixture's own device included. The kernel
    /// buffer holds about 5,000 such events (measured: 5,000 always passed with a stopped reader, 6,000 never);
    /// beyond that, whether a client survives depends on it reading fast enough, so 10,000 types sometimes cost
    /// the fixture its connection, sometimes wl-paste, sometimes neither.
    @Test func wlPasteListsEveryOneOfFourThousandTypes() throws {
        let sway = try HeadlessSway()
        _ = try sway.startSource(["--many-types", "4000", "--text", "Beast"])
        let types = try paste(sway, ["--list-types"]).split(separator: "\n")
        #expect(types.count == 4002)
        #expect(types.filter { $0.hasPrefix("text/x-hostile-") }.count == 4000)
        #expect(types.contains("text/x-hostile-4000"))
        #expect(try paste(sway, ["--no-newline", "--type", "text/plain"]) == "Beast")
    }

    /// 100 MB through a pipe; the fixture stays responsive and stops cleanly when a reader leaves early (EPIPE).
    @Test func theHugeSourceWritesEveryByteAndSurvivesAReaderThatLeaves() throws {
        let sway = try HeadlessSway()
        let source = try sway.startSource(["--huge", "100000000"])
        let count = try sway.run("sh", ["-c", "wl-paste --no-newline | wc -c"], timeout: 120)
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "100000000", "\(count.stderr)")
        let early = try sway.run("sh", ["-c", "wl-paste --no-newline | head -c 1000 | wc -c"], timeout: 120)
        #expect(early.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1000")
        #expect(source.isRunning, "\(source.errors)")
        #expect(try sway.run("sh", ["-c", "wl-paste --no-newline | wc -c"], timeout: 120).stdout.contains("100000000"))
    }

    /// The fixture takes the descriptor (its log says so) and neither writes nor closes it: wl-paste, which reads
    /// to end of file, has nothing and is still waiting. The end of file comes only with the fixture's death.
    @Test func aNeverWritingSourceHoldsTheReaderUntilItDies() throws {
        let sway = try HeadlessSway()
        let log = sway.file("sends.log")
        let source = try sway.startSource(["--never-write", "--log", log])
        let paste = try sway.spawn("wl-paste", ["--no-newline"])
        #expect(eventually(timeout: 30) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("text/plain") })
        #expect(paste.isRunning)
        #expect(paste.output.isEmpty)
        source.stop()
        #expect(eventually(timeout: 30) { !paste.isRunning })
        #expect(paste.output.isEmpty)
    }

    @Test func aNeverClosingSourceWritesALittleAndHoldsTheReader() throws {
        let sway = try HeadlessSway()
        let source = try sway.startSource(["--never-close"])
        let paste = try sway.spawn("wl-paste", ["--no-newline"])
        #expect(eventually(timeout: 30) { paste.output == "partial " })
        #expect(paste.isRunning)
        source.stop()
        #expect(eventually(timeout: 30) { !paste.isRunning })
        #expect(paste.output == "partial ")
    }

    @Test func halfCloseWritesHalfOfTheTextOrTheImage() throws {
        let sway = try HeadlessSway()
        _ = try sway.startSource(["--half-close", "Wolverine!"])
        #expect(try paste(sway, ["--no-newline"]) == "Wolve")
        let png = ImageFixtures.png(width: 64, height: 48)
        let path = try sway.write("hero.png", png)
        _ = try sway.startSource(["--image", path, "--type", "image/png", "--half-close"])
        #expect(try paste(sway, ["--list-types"]) == "image/png\n")
        #expect(try pasteData(sway, ["--type", "image/png"]) == png.prefix(png.count / 2))
    }

    @Test func anImageSourceServesTheFilesBytes() throws {
        let sway = try HeadlessSway()
        let png = ImageFixtures.noisyPNG(width: 300, height: 200)
        let path = try sway.write("hero.png", png)
        _ = try sway.startSource(["--image", path, "--type", "image/png"])
        #expect(try pasteData(sway, ["--type", "image/png"]) == png)
    }

    /// The log records exactly the types that were asked for: listing the types asks for none, so a test can prove
    /// a secret-hinted offer was never read.
    @Test func aSecretOfferLogsOnlyWhatWasRead() throws {
        let sway = try HeadlessSway()
        let log = sway.file("sends.log")
        _ = try sway.startSource(["--secret", "hunter2", "--log", log])
        let types = try paste(sway, ["--list-types"])
        #expect(types.contains("x-kde-passwordManagerHint"))
        #expect(types.contains("text/plain"))
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").isEmpty)
        #expect(try paste(sway, ["--no-newline", "--type", "x-kde-passwordManagerHint"]) == "secret")
        #expect(try paste(sway, ["--no-newline", "--type", "text/plain"]) == "hunter2")
        #expect((try? String(contentsOfFile: log, encoding: .utf8)) == "x-kde-passwordManagerHint\ntext/plain\n")
    }

    /// sway 1.7 (wlroots 0.15) offers zwlr_data_control_manager_v1 only: asked for ext-data-control, the fixture
    /// says so and exits 2.
    @Test func theFixtureRefusesExtDataControlWhereTheCompositorHasNone() throws {
        let sway = try HeadlessSway()
        let result = try sway.run(try WaylandFixture.build(), ["--protocol", "ext", "--text", "Loki"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no ext_data_control_manager_v1"), "\(result.stderr)")
    }

    /// The compositor's death: a new wl-paste cannot connect, and a connected source sees the disconnect (exit 2).
    @Test func killingSwayMakesWlPasteFailAndTheSourceNotices() throws {
        let sway = try HeadlessSway()
        let source = try sway.startSource(["--text", "Vision"])
        #expect(try paste(sway, ["--no-newline"]) == "Vision")
        sway.kill()
        #expect(!sway.isRunning)
        let paste = try sway.run("wl-paste", ["--no-newline"])
        #expect(paste.status != 0)
        #expect(paste.stderr.contains("Failed to connect"), "\(paste.stderr)")
        #expect(eventually(timeout: 30) { !source.isRunning })
        #expect(source.stop() == 2)
        #expect(source.errors.contains("lost the compositor"))
    }

    /// wl-paste's output, with its stderr and status recorded as an issue when it fails.
    private func paste(_ sway: HeadlessSway, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        String(decoding: try pasteData(sway, arguments, sourceLocation: sourceLocation), as: UTF8.self)
    }

    private func pasteData(_ sway: HeadlessSway, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let result = try sway.run("wl-paste", arguments)
        if result.status != 0 || result.timedOut {
            Issue.record("wl-paste \(arguments.joined(separator: " ")): status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        }
        return result.stdoutData
    }
}
