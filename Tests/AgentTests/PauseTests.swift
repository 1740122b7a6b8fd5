import Foundation
import HeroCore
import Testing
import TestSupport

extension AgentHarness {
    /// `herobridge --db DB COMMAND --display D arguments…` (pause, resume, status), waited for.
    func control(_ command: String, _ arguments: [String] = []) throws -> HeroBridgeProcess.Result {
        try HeroBridgeProcess.run(["--db", db, command, "--display", xvfb.display] + arguments, environment: environment(),
                                  timeout: 60)
    }

    /// `status --json`, parsed.
    func status() throws -> [String: Any] {
        let result = try control("status", ["--json"])
        guard let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] else {
            throw HarnessError("status --json: \(result.stdout) \(result.stderr)")
        }
        return object
    }
}

/// `herobridge pause | resume | status` against the built agent on a private Xvfb, with real owners: a python3-xlib
/// owner that prints every SelectionRequest it gets (bulk_owner.py), xclip, and a GTK drag source.
@Suite(.serialized) struct PauseTests {
    /// The order of events proves what was asked: a `status` answer comes after the agent handled every event
    /// queued before the request (one thread, in order), so after the owner's change and any conversion the agent
    /// would have sent for it; and bulk_owner prints its requests in the order the server delivers them, so a
    /// request would come before the "cleared" that the next copy causes.
    @Test func whilePausedACopyIsNotAskedForTargetsNorStoredAndResumeReadsTheNextOne() throws {
        let world = try AgentHarness()
        try world.startAgent(["--verbose"])
        let pause = try world.control("pause")
        #expect(pause.status == 0, "\(pause.stderr)")
        #expect(pause.stdout == "paused (until herobridge resume) on display \(world.xvfb.display); herobridge resume ends it\n")

        let owner = try world.fixture("bulk_owner.py", ["UTF8_STRING=Thor"])
        #expect(try world.status()["paused"] as? Bool == true)
        try world.xclip("Storm")
        #expect(owner.waitFor("cleared"))
        #expect(!owner.output.contains("request"), "the paused agent asked: \(owner.output)")
        #expect(try world.status()["paused"] as? Bool == true)

        let resume = try world.control("resume")
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(try world.status()["paused"] as? Bool == false)
        // Storm, still in CLIPBOARD, was copied during the pause: resuming does not read it.
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        #expect(try world.names() == ["Hulk"])
        #expect(world.log.contains("while paused; not read"))
    }

    @Test func aTimedPauseEndsByItselfAndCopiesAreReadAgain() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let pause = try world.control("pause", ["2s"])
        #expect(pause.status == 0, "\(pause.stderr)")
        #expect(pause.stdout.hasPrefix("paused until "))
        let until = try world.status()
        #expect(until["paused"] as? Bool == true)
        #expect(until["pausedUntil"] is String)
        #expect(eventually(timeout: 30) { (try? world.status()["paused"] as? Bool) == false })
        #expect(world.waitForLog("reading again (the pause ended)"))
        try world.xclip("Thor")
        #expect(world.waitForFavorite("Thor") != nil)
    }

    @Test func aNewPauseReplacesTheOldOne() throws {
        let world = try AgentHarness()
        try world.startAgent()
        _ = try world.control("pause", ["2s"])
        _ = try world.control("pause")
        // The second pause, until resumed, replaced the timed one: no end any more (that its alarm is disarmed is
        // PauseStateTests').
        let status = try world.status()
        #expect(status["paused"] as? Bool == true)
        #expect(status["pausedUntil"] is NSNull)
        _ = try world.control("resume")
        #expect(try world.status()["paused"] as? Bool == false)
    }

    @Test func dropsStillWorkWhilePaused() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        #expect(try world.control("pause").status == 0)
        let source = try world.dragSource(["text", "Thor"])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.source == .drop)
        #expect(try world.status()["paused"] as? Bool == true)
    }

    @Test func statusSaysWhoRunsWhereAndWhatTheDatabaseHolds() throws {
        let world = try AgentHarness()
        let agent = try world.startAgent()
        var status = try world.status()
        #expect(status["running"] as? Bool == true)
        #expect(status["display"] as? String == world.xvfb.display)
        #expect((status["pid"] as? Int).map(Int32.init) == agent.process.processIdentifier)
        #expect(status["database"] as? String == world.db)
        #expect(status["favorites"] as? Int == 0)
        #expect(status["lastAdded"] is NSNull)
        // The longest event-loop turn so far: a number of milliseconds (its size is the bench's business).
        #expect((status["longestStallMs"] as? Double).map { $0 >= 0 } == true)

        try world.cli(["add", "Thor"])
        try world.xclip("Hulk")
        #expect(world.waitForFavorite("Hulk") != nil)
        status = try world.status()
        #expect(status["favorites"] as? Int == 2)
        #expect((status["lastAdded"] as? [String: Any])?["name"] as? String == "Hulk")

        let text = try world.control("status")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "running on display \(world.xvfb.display) (pid \(agent.process.processIdentifier))")
        #expect(lines.contains("not paused"))
        #expect(lines.contains("database: \(world.db)"))
        #expect(lines.contains("favorites: 2"))
        #expect(lines.contains { $0.hasPrefix("last added: Hulk, ") })
        #expect(lines.contains { $0.hasPrefix("longest event-loop stall: ") && $0.hasSuffix(" ms") })
    }

    @Test func withNoAgentStatusSaysNotRunningAndPauseFails() throws {
        let world = try AgentHarness()
        let status = try world.control("status")
        #expect(status.status == 3)
        #expect(status.stdout == "no agent is running on display \(world.xvfb.display)\n")
        let json = try world.status()
        #expect(json["running"] as? Bool == false)
        for command in ["pause", "resume"] {
            let result = try world.control(command)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("herobridge: no HeroBridge agent is running on display \(world.xvfb.display)"))
        }
    }

    /// A control request is any client's to send: one that names the root window as where the answer goes, or a
    /// verb the agent does not know, is one log line, and the agent goes on answering the real commands.
    @Test func aRequestAnsweringToTheRootOrWithAnUnknownVerbIsOneLogLine() throws {
        let world = try AgentHarness()
        try world.startAgent(["--no-window"])
        #expect(try world.fixture("forger.py", ["control", "1", "root"]).waitFor("sent"))
        #expect(try world.fixture("forger.py", ["control", "9", "0x1234"]).waitFor("sent"))
        // This answer comes after the agent handled both (one thread, in order).
        #expect(try world.status()["running"] as? Bool == true)
        #expect(world.log.contains("control: ignored a control request whose answer would go to window 0x"))
        #expect(world.log.contains("manager: ignored a control request this agent does not know (verb 9)"))
        let root = try HeroBridgeProcess.run(["-root", "_HEROBRIDGE_REPLY"], environment: world.environment(),
                                             executable: "/usr/bin/xprop")
        #expect(root.stdout.contains("not found"), "the agent wrote on the root window: \(root.stdout)")
    }

    /// A client that owns the manager selection but is no agent never answers: the command gives up after its
    /// 5 s and says so, exit 1.
    @Test func anOwnerOfTheManagerSelectionThatNeverAnswersIsAClearError() throws {
        let world = try AgentHarness()
        try world.fixture("bulk_owner.py", ["--selection", "HEROBRIDGE_S0", "UTF8_STRING=not an agent"])
        let result = try world.control("status")
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: the HeroBridge agent on display \(world.xvfb.display) did not answer within 5 s\n")
    }
}
