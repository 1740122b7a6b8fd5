import Foundation
import Testing
import TestSupport

/// `$XDG_CONFIG_HOME/herobridge/config` through `herobridge config` and the agent's start.
@Suite struct ConfigCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    var configPath: String { cli.dir.file(".config/herobridge/config") }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: cli.dir.file(".config/herobridge"), withIntermediateDirectories: true)
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    @Test func theDefaultPathFollowsXDGConfigHomeElseHome() throws {
        #expect(try cli.run("config", "path").stdout == configPath + "\n")
        let xdg = try cli.runWithoutDB(["config", "path"], extraEnvironment: ["XDG_CONFIG_HOME": "/elsewhere"])
        #expect(xdg.stdout == "/elsewhere/herobridge/config\n")
        let relative = try cli.runWithoutDB(["config", "path"], extraEnvironment: ["XDG_CONFIG_HOME": "relative/dir"])
        #expect(relative.stdout == configPath + "\n", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
    }

    @Test func noFileIsFineAndSaysTheDefaultsApply() throws {
        let result = try cli.run("config", "check")
        #expect(result.status == 0)
        #expect(result.stdout.contains("no config file; the agent uses its defaults"))
    }

    @Test func aGoodFileChecksAndShowsWhereEachValueComesFrom() throws {
        try writeConfig("""
            # HeroBridge settings
            selections = clipboard,primary
            accept-unknown = yes   # custom heroes welcome

            max-bytes = 32M
            timeout = 2.5
            window = no
            geometry = 300x500-10+20
            log-level = debug
            scale = 1.5
            notify = yes
            """)
        let check = try cli.run("config", "check")
        #expect(check.status == 0)
        #expect(check.stdout == "\(configPath): OK, 9 settings\n")
        let show = try cli.run("config", "show")
        #expect(show.lines == ["# \(configPath)",
                               "selections = clipboard,primary    # line 2",
                               "accept-unknown = yes    # line 3",
                               "max-bytes = 32M    # line 5",
                               "timeout = 2.5    # line 6",
                               "window = no    # line 7",
                               "tray = yes    # default",
                               "geometry = 300x500-10+20    # line 8",
                               "scale = 1.5    # line 10",
                               "theme = auto    # default",
                               "notify = yes    # line 11",
                               "backend = auto    # default",
                               "log-level = debug    # line 9"])
    }

    @Test(arguments: [
        ("colour = red\n", ":1: unknown key \"colour\" (known: selections, accept-unknown, max-bytes, timeout, window, tray, geometry, scale, theme, notify, backend, log-level)"),
        ("# fine\nwindow = maybe\n", ":2: window: \"maybe\" is not yes or no"),
        ("timeout = 0\n", ":1: timeout: \"0\" is not a number of seconds between 0 and 3600"),
        ("max-bytes = lots\n", ":1: max-bytes: \"lots\" is not a size such as 65536, 512K or 64M"),
        ("selections = clipboard,clipboard\n", ":1: selections: \"clipboard,clipboard\" is not clipboard, primary or clipboard,primary"),
        ("geometry = 10x10\n", ":1: geometry: \"10x10\" is not WxH[+X+Y] with at least 200x300"),
        ("scale = 5\n", ":1: scale: \"5\" is not auto, or a number from 1 to 4"),
        ("scale = 0.5\n", ":1: scale: \"0.5\" is not auto, or a number from 1 to 4"),
        ("window = yes\n\nwindow = no\n", ":3: window is set twice (first on line 1)"),
        ("just some words\n", ":1: \"just some words\" is not key = value"),
        ("timeout =\n", ":1: timeout has no value (expected a number of seconds between 0 and 3600)"),
        ("= 5\n", ":1: a key is missing before ="),
    ])
    func aBadLineIsNamedWithItsNumber(text: String, message: String) throws {
        try writeConfig(text)
        let result = try cli.run("config", "check")
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: \(configPath)\(message)\n")
    }

    @Test func invalidUTF8IsRefusedAsAWhole() throws {
        try FileManager.default.createDirectory(atPath: cli.dir.file(".config/herobridge"), withIntermediateDirectories: true)
        try Data([0x77, 0x69, 0x6e, 0xff, 0x3d, 0x31, 0x0a]).write(to: URL(fileURLWithPath: configPath))
        let result = try cli.run("config", "check")
        #expect(result.status == 1 && result.stderr == "herobridge: \(configPath): is not UTF-8 text\n")
    }

    @Test func anExplicitConfigMustExist() throws {
        let missing = cli.dir.file("nope.conf")
        let result = try cli.run("config", "check", "--config", missing)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("herobridge: \(missing): "))
        let folder = try cli.run("config", "check", "--config", cli.dir.path)
        #expect(folder.status == 1 && folder.stderr.contains("not a regular file"))
    }

    @Test func theAgentRefusesABadConfigBeforeOpeningTheDisplay() throws {
        try writeConfig("selections = clipboard\nwindow = perhaps\n")
        // No DISPLAY at all: the config error must come first, naming the line.
        let result = try cli.run("agent")
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: \(configPath):2: window: \"perhaps\" is not yes or no\n")
    }

    @Test func contradictoryFlagsAreAUsageError() throws {
        let result = try cli.run("agent", "--window", "--no-window")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("herobridge: --window and --no-window cannot be combined\n"))
        let flag = try cli.run("agent", "--selections", "secondary")
        #expect(flag.status == 2)
        #expect(flag.stderr.hasPrefix("herobridge: --selections: \"secondary\" is not clipboard, primary or clipboard,primary\n"))
    }
}

/// The man page documents every command and option that `--help` lists.
@Suite struct ManPageTests {
    @Test func everyCommandAndOptionOfHelpIsInTheManPage() throws {
        let page = try String(contentsOfFile: Repository.path("packaging/man/herobridge.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        let cli = try CLITestCase()
        let overview = try cli.run("--help").stdout
        let commandsBlock = overview.components(separatedBy: "commands:\n")[1].components(separatedBy: "\n\n")[0]
        let commands = commandsBlock.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 10)
        for command in commands {
            #expect(page.contains(".SS \"\(command)") || page.contains("\"\(command)\""), "man page lacks \(command)")
            let help = try cli.run("help", command).stdout
            for line in help.split(separator: "\n") where line.hasPrefix("  --") {
                let option = String(line.dropFirst(2).prefix { $0 != " " })
                #expect(page.contains(option), "man page lacks \(command) \(option)")
            }
        }
    }
}
