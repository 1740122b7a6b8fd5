import HeroCommandLine
import Testing

/// The parser against `Sample.program`: each rule, and the message it gives.
@Suite struct ParserTests {
    func line(_ arguments: String...) throws -> ParsedLine { try Sample.program.parse(arguments) }

    func message(_ arguments: String...) -> String? {
        do { _ = try Sample.program.parse(arguments); return nil } catch { return error.description }
    }

    @Test func flagsValuesAndArgumentsAreTypedByTheirKeys() throws {
        let parsed = ParsedCommand<Sample.Show>(try #require(try line("show", "--json", "--timeout", "2.5", "thor").command))
        #expect(parsed[Sample.Show.json])
        #expect(parsed[Sample.Show.timeout] == 2.5)
        #expect(parsed[Sample.Show.selection] == nil)
        #expect(parsed[Sample.Show.level] == nil)
        #expect(parsed.arguments == ["thor"])
    }

    @Test func aValueMayBeInlineOrTheNextArgument() throws {
        let inline = ParsedCommand<Sample.Show>(try #require(try line("show", "--selection=primary").command))
        let next = ParsedCommand<Sample.Show>(try #require(try line("show", "--selection", "primary").command))
        #expect(inline[Sample.Show.selection] == "primary" && next[Sample.Show.selection] == "primary")
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        let parsed = ParsedCommand<Sample.Show>(try #require(try line("show", "--timeout", "1", "--json", "--timeout=3", "--json").command))
        #expect(parsed[Sample.Show.timeout] == 3)
        #expect(parsed[Sample.Show.json])
        #expect(parsed.raw.given == ["--timeout", "--json"])
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try #require(try line("show", "--", "--json").command)
        #expect(parsed.arguments == ["--json"])
        #expect(!parsed.isGiven("--json"))
        let value = try #require(try line("window", "--target", "--", "n").command)
        #expect(value.texts["--target"] == "--" && value.arguments == ["n"], "a value is taken as it is, even --")
    }

    @Test func aLoneDashIsAnArgument() throws {
        #expect(try line("show", "-").command?.arguments == ["-"])
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        #expect(try line("--db", "a.db", "show").global.texts["--db"] == "a.db")
        #expect(try line("show", "--db=b.db").global.texts["--db"] == "b.db")
        #expect(ParsedCommand<Sample.Global>(try line("show", "--db", "c.db").global)[Sample.Global.db] == "c.db")
    }

    @Test func noArgumentsIsNoCommand() throws {
        #expect(try line().command == nil)
    }

    @Test func helpAndVersionAreCommands() throws {
        #expect(try line("--help").command?.command.name == "help")
        #expect(try line("-h").command?.command.name == "help")
        #expect(try line("--version").command?.command.name == "version")
        let help = try #require(try line("show", "--timeout", "1", "--help", "--bogus").command)
        #expect(help.command.name == "help" && help.arguments == ["show"], "--help after a command is help for it")
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command \"frobnicate\" (see tool --help)"),
        (["--bogus"], "unknown option --bogus (see tool --help)"),
        (["show", "--bogus"], "show: unknown option --bogus"),
        (["show", "-x"], "show: unknown option -x"),
        (["show", "--json=yes"], "--json takes no value"),
        (["show", "--timeout"], "--timeout needs a value"),
        (["show", "--db"], "--db needs a value"),
        // The words of the messages before the declarations (one of the range's ends decides the plural).
        (["show", "a", "b"], "show: expected 0 to 1 argument, got 2"),
        (["service"], "service: expected 1 argument, got 0"),
        (["show", "--timeout", "0"], "--timeout: \"0\" is not a number of seconds"),
        (["show", "--selection", "secondary"], "--selection: \"secondary\" is not clipboard or primary"),
        (["service", "restart"], "service: \"restart\" is not install or status"),
        (["show", "--verbose", "--quiet"], "--verbose and --quiet cannot be combined"),
        (["show", "--quiet", "--verbose"], "--quiet and --verbose cannot be combined"),
        (["window", "n", "--target", "x", "--display", ":1"], "window: --display goes with --window"),
        (["window", "n", "--target", "x", "--output", "a", "--set", "b"], "window: --set and --output cannot be combined"),
        (["window", "n"], "window: --target MIME is required"),
        (["window", "n", "--target", "x", "--window"], "window --window takes no NAME and no --json"),
        (["store", "import"], "store import: expected one FILE"),
        (["store", "import", "a", "b"], "store import: expected one FILE"),
        (["store", "remove"], "store remove: expected one NAME or more (and no --json)"),
        (["store", "remove", "Thor", "--json"], "store remove: expected one NAME or more (and no --json)"),
        (["store", "Thor", "Odinson"], "store: expected at most one QUERY (quote names with spaces)"),
    ])
    func aMistakeIsAUsageErrorWithItsMessage(_ arguments: [String], _ expected: String) {
        var message: String?
        do { _ = try Sample.program.parse(arguments) } catch { message = error.description }
        #expect(message == expected)
    }

    @Test func anArgumentWordTakesItsOwnArgumentsAndOtherwiseTheFormWithNoWord() throws {
        #expect(try line("store", "import", "heroes.json").command?.arguments == ["import", "heroes.json"])
        #expect(try line("store", "remove", "Thor", "Loki").command?.arguments == ["remove", "Thor", "Loki"])
        #expect(try line("store", "--json", "Thor Odinson").command?.arguments == ["Thor Odinson"])
        #expect(try line("store", "--json").command?.arguments == [])
    }

    @Test func anErrorAboutACommandCarriesItsUsageLine() throws {
        do {
            _ = try line("show", "--bogus")
            Issue.record("no error")
        } catch let error as UsageError {
            #expect(error.reason == .unknownOption("--bogus", command: "show"))
            #expect(error.usage == "tool [--db PATH] show [--json] [--timeout SECONDS] [--selection clipboard|primary] [--quiet | --verbose] [QUERY]")
        }
        do {
            _ = try line("frobnicate")
        } catch let error as UsageError {
            #expect(error.usage == nil)
        }
    }

    @Test func aRuleIsCheckedBeforeTheValuesAreConverted() throws {
        #expect(message("window", "n", "--target", "x", "--secret", "1", "--display", ":1") == "window: --display goes with --window")
        #expect(message("show", "--timeout", "0", "--quiet", "--verbose") == "--quiet and --verbose cannot be combined")
    }

    @Test func aChoiceOfFlagsGivesTheValueOfTheOneGiven() throws {
        let parsed = ParsedCommand<Sample.Show>(try #require(try line("show", "--verbose").command))
        #expect(parsed[Sample.Show.level] == 2)
    }

    @Test func theOptionsThatGoTogetherAreAccepted() throws {
        let parsed = ParsedCommand<Sample.Window>(try #require(try line("window", "--target=a", "--window", "--display", ":1", "--secret=7").command))
        #expect(parsed[Sample.Window.display] == ":1" && parsed[Sample.Window.secret] == 7)
        #expect(parsed[Sample.Window.window] && !parsed[Sample.Window.json])
    }
}
