import Foundation
import Testing
import TestSupport

/// `pause`, `resume` and `status` before they reach any display: the words they take and the message when there
/// is no display at all. What they do with an agent is AgentTests/PauseTests.
@Suite struct AgentControlCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    @Test(arguments: ["pause", "resume", "status"])
    func withNoDisplayEachIsAClearRuntimeError(_ command: String) throws {
        let result = try cli.run(command)
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: no display: set $DISPLAY or pass --display NAME\n")
    }

    @Test(arguments: ["0", "5x", "1.5m", "1h30m", "169h", "m", ""])
    func aDurationPauseCannotTakeIsAUsageError(_ duration: String) throws {
        let result = try cli.run("pause", duration)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("herobridge: pause: \"\(duration)\" is not a duration such as 90, 30s, 5m or 1h"))
        #expect(result.stderr.contains("usage: herobridge [--db PATH] pause [--display NAME] [DURATION]"))
    }

    @Test func resumeAndStatusTakeNoDuration() throws {
        for command in ["resume", "status"] {
            #expect(try cli.run(command, "5m").status == 2)
        }
    }
}
