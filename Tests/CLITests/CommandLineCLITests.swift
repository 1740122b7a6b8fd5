import Foundation
import Testing
import TestSupport

@Suite struct CommandLineCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    @Test func helpListsEveryCommand() throws {
        let help = try cli.run("--help")
        #expect(help.status == 0)
        for command in ["list", "add", "remove", "portrait", "catalog", "decode", "copy", "help"] {
            #expect(help.stdout.contains("\n  \(command) "))
        }
        let addHelp = try cli.run("help", "add")
        #expect(addHelp.stdout.hasPrefix("usage: herobridge [--db PATH] add [--new] NAME..."))
        #expect(try cli.run("add", "--help").stdout == addHelp.stdout)
    }

    @Test func copyHelpShowsItsOptionsButNotTheInternalReportPipe() throws {
        let help = try cli.run("help", "copy")
        #expect(help.stdout.hasPrefix("usage: herobridge [--db PATH] copy NAME [--selection clipboard|primary]"))
        for option in ["--selection NAME", "--display NAME", "--foreground", "--timeout SECONDS", "--verbose"] {
            #expect(help.stdout.contains("\n  \(option) "))
        }
        #expect(!help.stdout.contains("--report-fd"))
    }

    @Test func versionPrintsTheVersion() throws {
        let version = try cli.run("--version")
        #expect(version.status == 0 && version.stdout.hasPrefix("herobridge 0."))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command \"frobnicate\""),
        (["list", "extra"], "list: expected 0 arguments, got 1"),
        (["add"], "add: expected at least 1 argument"),
        (["list", "--bogus"], "list: unknown option --bogus"),
        (["--bogus"], "unknown option --bogus"),
        (["list", "--json=yes"], "--json takes no value"),
        (["catalog", "--display", ":5", "spider"], "catalog: --display goes with --window"),
        (["catalog", "--window", "spider"], "catalog --window takes no QUERY and no --json"),
        (["catalog", "--window", "--geometry", "10x10"], "--geometry: \"10x10\" is not WxH[+X+Y]"),
    ])
    func usageErrorsExitTwoWithAMessage(_ arguments: [String], _ message: String) throws {
        let result = try HeroBridgeProcess.run(["--db", cli.db] + arguments,
                                               environment: HeroBridgeProcess.environment(home: cli.dir.path))
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(!looksLikeACrash(result.stderr))
    }

    @Test func theCatalogWindowWithNoDisplayIsAClearRuntimeError() throws {
        let result = try cli.run("catalog", "--window")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no display: set $DISPLAY or pass --display NAME"), "\(result.stderr)")
        #expect(!looksLikeACrash(result.stderr))
    }

    @Test func noArgumentsShowsTheOverviewAndExitsTwo() throws {
        let result = try cli.runWithoutDB([])
        #expect(result.status == 2 && result.stderr.contains("usage: herobridge"))
    }

    @Test func dbWithoutAValueIsAUsageError() throws {
        let result = try cli.runWithoutDB(["list", "--db"])
        #expect(result.status == 2 && result.stderr.contains("--db needs a value"))
    }
}
