import Testing
@testable import HeroAgent

/// The agent's precedence: defaults, then the config file, then the command-line flags.
@Suite struct AgentFlagsTests {
    let config: AgentConfig
    init() throws {
        config = try AgentConfig.parse("timeout = 2.5\nwindow = no\nlog-level = debug\nmax-bytes = 1M\n", path: "config")
    }

    @Test func withNoFlagsTheFileWinsOverTheDefaults() {
        let options = AgentFlags().options(database: "db", config: config)
        #expect(options.database == "db")
        #expect(options.timeout == 2.5 && !options.window && options.logLevel == .debug && options.maxBytes == 1 << 20)
        #expect(options.selections == ["clipboard"] && !options.acceptUnknown && !options.replace && options.display == nil)
    }

    @Test func aFlagWinsOverTheFile() {
        var flags = AgentFlags()
        flags.timeout = 7
        flags.window = true
        flags.logLevel = .warning
        flags.selections = ["clipboard", "primary"]
        flags.acceptUnknown = true
        flags.display = ":4"
        flags.replace = true
        let options = flags.options(database: "db", config: config)
        #expect(options.timeout == 7 && options.window && options.logLevel == .warning)
        #expect(options.selections == ["clipboard", "primary"] && options.acceptUnknown)
        #expect(options.display == ":4" && options.replace)
        #expect(options.maxBytes == 1 << 20, "what no flag sets still comes from the file")
    }

    @Test func maxBytesIsWrittenInTheLargestUnitThatDividesIt() throws {
        for (written, shown) in [("1G", "1G"), ("2048M", "2G"), ("3M", "3M"), ("1536K", "1536K"), ("65536", "64K"),
                                 ("1000", "1000"), ("1025", "1025"), ("4096M", "4G")] {
            let options = AgentFlags().options(database: "db", config: try AgentConfig.parse("max-bytes = \(written)\n", path: "config"))
            #expect(AgentSetting.maxBytes.describe(options) == shown, "max-bytes = \(written)")
            #expect(try AgentSetting.size(shown) == options.maxBytes, "\(shown) reads back as \(written)")
        }
    }

    @Test func notifyIsOffByDefaultOnInTheFileAndAFlagWins() throws {
        #expect(!AgentFlags().options(database: "db", config: config).notify)
        let file = try AgentConfig.parse("notify = yes\n", path: "config")
        #expect(AgentFlags().options(database: "db", config: file).notify)
        #expect(AgentSetting.notify.describe(AgentFlags().options(database: "db", config: file)) == "yes")
        var flags = AgentFlags()
        flags.notify = false
        #expect(!flags.options(database: "db", config: file).notify)
        #expect(throws: ConfigError.self) { try AgentConfig.parse("notify = sometimes\n", path: "config") }
    }

    @Test func theTrayIsOnByDefaultTheFileCanTurnItOffAndAFlagOnAgain() throws {
        #expect(AgentFlags().options(database: "db", config: config).tray)
        let off = try AgentConfig.parse("tray = no\n", path: "config")
        #expect(!AgentFlags().options(database: "db", config: off).tray)
        var flags = AgentFlags()
        flags.tray = true
        #expect(flags.options(database: "db", config: off).tray)
        #expect(AgentSetting.tray.describe(flags.options(database: "db", config: off)) == "yes")
    }
}
