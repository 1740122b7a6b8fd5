import Foundation
import HeroCommandLine
import Testing
import TestSupport
@testable import herobridge

/// Every option each command declares is in its `herobridge help COMMAND` (and `COMMAND --help`), in its
/// section of the man page, and offered by the bash completion; a value-taking option is one the completion
/// knows takes a value. The man page and the completion are written by hand: this reads them.
@Suite struct OptionCoverageTests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    static let commands = Commands.program.commands
    static let manPage = (try? String(contentsOfFile: Repository.path("packaging/man/herobridge.1"), encoding: .utf8))?
        .replacingOccurrences(of: "\\-", with: "-") ?? ""
    static let completion = (try? String(contentsOfFile: Repository.path("packaging/completion/herobridge.bash"), encoding: .utf8)) ?? ""

    /// The man page's `.SS` section for `command`, up to the next one.
    static func manSection(_ command: String) -> String? {
        let sections = manPage.components(separatedBy: "\n.SS ").dropFirst()
        return sections.first { $0.hasPrefix("\"\(command) ") || $0.hasPrefix("\"\(command)\"") || $0.contains(", \"\(command)\"") }?
            .components(separatedBy: "\n.SH ")[0]
    }

    @Test(arguments: commands.map(\.name))
    func everyDeclaredOptionIsInHelpAndTheSynopsis(_ name: String) throws {
        let command = try #require(Commands.program.command(named: name))
        let help = try cli.run("help", name)
        #expect(help.status == 0)
        #expect(try cli.run(name, "--help").stdout == help.stdout)
        #expect(command.optionsMissingFromSynopsis == [])
        let usage = help.stdout.split(separator: "\n")[0]
        for option in command.options where !option.isHidden {
            #expect(help.stdout.contains("\n  \(option.label) "), "help \(name) lacks \(option.label)")
            #expect(usage.contains(option.name), "usage of \(name) lacks \(option.name)")
        }
    }

    @Test(arguments: commands.map(\.name))
    func everyDeclaredOptionIsInTheCommandsManPageSection(_ name: String) throws {
        let command = try #require(Commands.program.command(named: name))
        let section = try #require(Self.manSection(name), "the man page has no section for \(name)")
        for option in command.options where !option.isHidden {
            #expect(section.contains(option.name), "man page section of \(name) lacks \(option.name)")
        }
    }

    @Test func theGlobalOptionsAreInTheOverviewTheManPageAndTheCompletion() throws {
        let overview = try cli.run("--help").stdout
        for option in GlobalOptions.spec.options.map(\.name) + ["--help", "--version"] {
            #expect(overview.contains("\n  \(option) "), "--help lacks \(option)")
            #expect(Self.manPage.contains(".B \(option)") || Self.manPage.contains(".BI \(option)")
                    || Self.manPage.contains(".BR \(option)"), "man page lacks \(option)")
            #expect(Self.completion.contains(option), "completion lacks \(option)")
        }
    }

    /// What the completion offers after `herobridge COMMAND -`: it reads `help COMMAND`, so this runs it.
    @Test(arguments: commands.map(\.name))
    func theCompletionOffersEveryOption(_ name: String) throws {
        let command = try #require(Commands.program.command(named: name))
        let script = """
            source "$1"; COMP_WORDS=("$2" "$3" -); COMP_CWORD=2; _herobridge; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try HeroBridgeProcess.run(["-c", script, "bash", Repository.path("packaging/completion/herobridge.bash"),
                                                HeroBridgeProcess.binary, name],
                                               environment: HeroBridgeProcess.environment(home: cli.dir.path), executable: "/bin/bash")
        let offered = Set(result.stdout.split(separator: "\n").map(String.init))
        for option in command.options where !option.isHidden {
            #expect(offered.contains(option.name), "completion of \(name) lacks \(option.name)")
        }
    }

    /// After an option that takes a value the completion must not offer options or commands: the option is
    /// named in its `case $prev` list.
    @Test func everyValueTakingOptionIsOneTheCompletionKnowsTakesAValue() throws {
        let block = try #require(Self.completion.components(separatedBy: "case $prev in").dropFirst().first?
            .components(separatedBy: "esac").first)
        let named = Set(block.split(whereSeparator: { " |)\n".contains($0) }).map(String.init))
        let valued = (Self.commands + [GlobalOptions.spec]).flatMap(\.options).filter { $0.takesValue && !$0.isHidden }
        for option in valued {
            #expect(named.contains(option.name), "completion does not know \(option.name) takes a value")
        }
    }
}

/// The man page's section headings and the completion's action words are written by hand: they must say
/// what the declarations say.
@Suite struct HandWrittenUsageTests {
    /// A heading that spells out a synopsis is the generated one (`agent [OPTIONS]` and `help`/`version`
    /// share or shorten theirs on purpose).
    @Test(arguments: Commands.program.commands.map(\.name))
    func aManPageHeadingWithASynopsisIsTheGeneratedOne(_ name: String) throws {
        let command = try #require(Commands.program.command(named: name))
        let section = try #require(OptionCoverageTests.manSection(name))
        let heading = String(section.prefix { $0 != "\n" })
        guard heading.hasPrefix("\"\(name) "), !heading.contains("[OPTIONS]"), !heading.contains("\", \"") else { return }
        #expect(heading == "\"\(name) \(command.synopsis)\"")
    }

    @Test func theCompletionCompletesEachActionWord() throws {
        for command in Commands.program.commands {
            guard let choices = command.arguments.choices else { continue }
            #expect(OptionCoverageTests.completion.contains("\(command.name)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\""),
                    "completion of \(command.name) lacks its actions \(choices)")
        }
    }
}

/// The usage lines that lacked options before they were made from the declarations.
@Suite struct GeneratedSynopsisTests {
    @Test func inspectCatalogAgentAndServiceShowTheOptionsTheyOnceLeftOut() throws {
        let cli = try CLITestCase()
        #expect(try cli.run("help", "inspect").stdout.hasPrefix(
            "usage: herobridge [--db PATH] inspect [--selection clipboard|primary] [--display NAME] [--max-bytes SIZE] "
                + "[--timeout SECONDS] [--json]\n"))
        #expect(try cli.run("help", "catalog").stdout.hasPrefix(
            "usage: herobridge [--db PATH] catalog [--json] [QUERY] | --custom [--json] | import FILE | remove NAME... | "
                + "--window [--display NAME] [--geometry WxH+X+Y] [--verbose]\n"))
        let agent = try cli.run("help", "agent").stdout
        #expect(agent.contains(" [--accept-unknown | --no-accept-unknown] ") && agent.contains(" [--no-window | --window] "))
        #expect(try cli.run("help", "service").stdout.hasPrefix(
            "usage: herobridge [--db PATH] service install | uninstall | start | stop | status [--dry-run] [--no-start]\n"))
    }
}
