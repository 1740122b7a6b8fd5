import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct AgentLifecycleTests {
    @Test func aSecondAgentOnTheSameDisplayRefusesToStart() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let second = try world.startAgent(waitForReady: false)
        #expect(second.stop(signal: 0, timeout: 5) == 3, "exit 3: the unit's RestartPreventExitStatus")
        #expect(second.errors.contains("an agent is already running on display \(world.xvfb.display)"))
        #expect(world.agent?.isRunning == true)
    }

    @Test func theConfigFileSetsTheAgentAndFlagsWinOverIt() throws {
        let world = try AgentHarness()
        let folder = world.dir.file(".config/herobridge")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "selections = clipboard,primary\nwindow = no\n".write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        let configured = try world.startAgent()
        #expect(configured.errors.contains("watching clipboard and primary over X11, no window"))
        #expect(configured.stop(signal: SIGTERM, timeout: 5) == 0)

        let overridden = try world.startAgent(["--selections", "clipboard", "--window"])
        #expect(overridden.errors.contains("watching clipboard over X11, drop window 0x"))
    }

    @Test func replaceTakesOverAndTheOldAgentExitsZero() throws {
        let world = try AgentHarness()
        let first = try world.startAgent()
        let second = try world.startAgent(["--replace"])
        #expect(first.stop(signal: 0, timeout: 5) == 0)
        #expect(first.errors.contains("another agent took over"))
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        #expect(second.isRunning)
    }

    /// `herobridge agent 2>&1 | head -c 1`: once the reader is gone, log lines are lost, never the agent.
    @Test func aClosedStderrCostsLogLinesNotTheAgent() throws {
        let world = try AgentHarness()
        let closed = world.dir.file("stderr-closed")
        let shell = try Child("/bin/sh", ["-c", "\"$0\" --db \"$1\" agent --display \"$2\" --no-window 2>&1 | (head -c 1 >/dev/null; echo closed >\"$3\")",
                                          HeroBridgeProcess.binary, world.db, world.xvfb.display, closed],
                              environment: world.environment(), directory: world.dir.path, label: "piped-agent")
        defer { _ = shell.stop() }
        #expect(eventually(timeout: 10) { (try? String(contentsOfFile: closed, encoding: .utf8)) == "closed\n" })
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
        // The line about Thor went to the closed pipe: with SIGPIPE's default action that killed the agent.
        try world.xclip("Storm")
        #expect(world.waitForFavorite("Storm") != nil, "the agent must survive writing to a closed pipe")
    }

    /// That it stops within a second is a speed target, timed by `make bench` (bench/stress.py's busy-worker check,
    /// with the worker in the middle of a 50 MB ingest): here, under two CPU hogs and the whole suite, a one-second
    /// limit failed once (1.007 s) with nothing wrong, so only the outcome is asked for.
    @Test func sigtermStopsTheAgentWithStatusZero() throws {
        let world = try AgentHarness()
        let agent = try world.startAgent()
        #expect(agent.stop(signal: SIGTERM, timeout: 20) == 0)
        #expect(agent.errors.contains("stopping on SIGTERM"))
    }

    @Test func losingTheXServerIsOneLineAndStatusOne() throws {
        let world = try AgentHarness()
        let agent = try world.startAgent()
        world.xvfb.stop()
        #expect(agent.stop(signal: 0, timeout: 5) == 1)
        #expect(agent.errors.contains("lost the connection to the X server on display \(world.xvfb.display); exiting"))
        #expect(!agent.errors.contains("Fatal error"))
    }

    @Test func noDisplayIsAClearErrorAndStatusOne() throws {
        let world = try AgentHarness()
        var environment = world.environment()
        environment["DISPLAY"] = nil
        let result = try HeroBridgeProcess.run(["--db", world.db, "agent"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no display: set $DISPLAY or pass --display NAME"))
        let refused = try HeroBridgeProcess.run(["--db", world.db, "agent", "--display", ":7777"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("cannot open display \":7777\""))
    }

    @Test func readinessIsSentToNotifySocket() throws {
        let world = try AgentHarness()
        let path = world.dir.file("notify.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let agent = try world.startAgent(extraEnvironment: ["NOTIFY_SOCKET": path, "JOURNAL_STREAM": "8:1234"])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &buffer, buffer.count, 0)
        #expect(count > 0 && String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "READY=1")
        #expect(agent.errors.hasPrefix("<6>ready: display"))
        agent.stop(signal: SIGTERM)
        let stopping = recv(fd, &buffer, buffer.count, 0)
        #expect(stopping > 0 && String(decoding: buffer.prefix(max(0, stopping)), as: UTF8.self) == "STOPPING=1")
    }

    @Test func inspectShowsWhatWouldBeReadAndStoresNothing() throws {
        let world = try AgentHarness()
        try world.xclip("Thor")
        let result = try HeroBridgeProcess.run(["--db", world.db, "inspect", "--json", "--display", world.xvfb.display],
                                               environment: world.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(json["selection"] as? String == "clipboard")
        #expect((json["offered"] as? [String])?.contains("UTF8_STRING") == true)
        #expect(json["chosen"] as? [String] == ["UTF8_STRING"])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first?["text"] as? String == "Thor")
        #expect(!FileManager.default.fileExists(atPath: world.db))
        let text = try HeroBridgeProcess.run(["inspect", "--selection", "primary"], environment: world.environment())
        #expect(text.stdout == "primary: no owner (nothing copied, or its app has exited)\n")
    }
}
