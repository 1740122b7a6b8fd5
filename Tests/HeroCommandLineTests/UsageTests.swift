import HeroCommandLine
import Testing

/// Synopses and help made from the declarations.
@Suite struct UsageTests {
    @Test func theSynopsisHasEveryOptionButTheHiddenOnes() {
        let window = Sample.Window.spec
        #expect(window.synopsis == "[NAME...] [--window] [--display NAME] [--json] [--output FILE | --set FILE] --target MIME")
        #expect(Sample.program.usage(of: Sample.Service.spec) == "tool [--db PATH] service install | status [--dry-run]")
        #expect(Sample.program.usage(of: Sample.Version.spec) == "tool [--db PATH] version")
        for command in Sample.program.commands { #expect(command.optionsMissingFromSynopsis == [], "\(command.name)") }
    }

    @Test func formsAreJoinedAndAFormThatLeavesAnOptionOutIsFound() {
        enum Catalog {
            static let json = Flag<Catalog>("--json", "JSON")
            static let window = Flag<Catalog>("--window", "a window")
            static let verbose = Flag<Catalog>("--verbose", "log more")
        }
        let full = CommandSpec(Catalog.self, name: "catalog", summary: "", arguments: .any("QUERY"),
                               options: [Catalog.json, Catalog.window, Catalog.verbose],
                               forms: [SynopsisForm(with: [Catalog.json], then: "[QUERY]"), SynopsisForm(then: "import FILE"),
                                       SynopsisForm(Catalog.window, with: [Catalog.verbose])])
        #expect(full.synopsis == "[--json] [QUERY] | import FILE | --window [--verbose]")
        #expect(full.optionsMissingFromSynopsis == [])
        let short = CommandSpec(Catalog.self, name: "catalog", summary: "", options: [Catalog.json, Catalog.window, Catalog.verbose],
                                forms: [SynopsisForm(with: [Catalog.json]), SynopsisForm(Catalog.window)])
        #expect(short.optionsMissingFromSynopsis == ["--verbose"])
    }

    @Test func helpListsTheUsageTheSummaryAndEachVisibleOption() {
        #expect(Sample.program.help(of: Sample.Show.spec) == """
            usage: tool [--db PATH] show [--json] [--timeout SECONDS] [--selection clipboard|primary] [--quiet | --verbose] [QUERY]

            show things

            options:
              --json             print JSON
              --timeout SECONDS  how long to wait
              --selection NAME   clipboard or primary
              --quiet            say less
              --verbose          say more

            """)
        #expect(!Sample.program.help(of: Sample.Window.spec).contains("--secret"))
        #expect(!Sample.program.help(of: Sample.Version.spec).contains("options:"))
    }

    @Test func anAssignmentIsOneArgumentWhateverTheValue() throws {
        let argument = Sample.Show.selection.spec.assignment("-primary")
        #expect(argument == "--selection=-primary")
        #expect(Sample.Show.json.name == "--json")
    }
}
