import Testing
@testable import HeroAgent

/// What an edit of the config file changes in a running agent: the look at once, everything else at the next
/// start, with the command line's flags still winning over the file.
@Suite struct ConfigEditTests {
    func options(_ text: String, flags: AgentFlags = AgentFlags()) throws -> AgentOptions {
        flags.options(database: "db", config: try AgentConfig.parse(text, path: "config"))
    }

    @Test func theThemeAndTheScaleApplyAtOnce() throws {
        let before = try options("theme = light\n")
        let after = try options("theme = dark\nscale = 2\n")
        let edit = ConfigEdit(from: before, to: after)
        #expect(edit.applied == [.scale, .theme])
        #expect(edit.waiting.isEmpty)
        #expect(edit.lines(after, restarting: "the agent") == ["config: scale = 2, theme = dark applied"])
    }

    @Test func otherSettingsWaitForARestartAndSaySo() throws {
        let before = try options("")
        let after = try options("selections = clipboard,primary\ntheme = dark\nmax-bytes = 1M\n")
        let edit = ConfigEdit(from: before, to: after)
        #expect(edit.applied == [.theme])
        #expect(edit.waiting == [.selections, .maxBytes])
        #expect(edit.lines(after, restarting: "the agent") == [
            "config: theme = dark applied",
            "config: selections, max-bytes changed; they apply when the agent restarts",
        ])
        #expect(edit.lines(after, restarting: nil) == ["config: theme = dark applied"], "the catalog window cares for its look only")
    }

    @Test func aValueWrittenAnotherWayOrACommentIsNoChange() throws {
        let before = try options("theme = dark\nmax-bytes = 1M\n")
        let after = try options("# darker\ntheme =   DARK\nmax-bytes = 1024K\n")
        #expect(ConfigEdit(from: before, to: after).isEmpty)
    }

    @Test func aSettingTheCommandLineGivesIsNotChangedByTheFile() throws {
        var flags = AgentFlags()
        flags.notify = true
        let before = try options("notify = yes\n", flags: flags)
        let after = try options("notify = no\n", flags: flags)
        #expect(ConfigEdit(from: before, to: after).isEmpty, "--notify still wins")
    }

    @Test func removingALineGoesBackToTheDefault() throws {
        let edit = ConfigEdit(from: try options("theme = dark\n"), to: try options(""))
        #expect(edit.applied == [.theme])
        #expect(edit.lines(try options(""), restarting: "the agent") == ["config: theme = auto applied"])
    }
}
