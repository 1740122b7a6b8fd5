import DropWindow
import Testing
@testable import HeroAgent

/// The `theme` key of the config file: `auto` (the default: follow the desktop), `light` or `dark`.
@Suite struct ThemeSettingTests {
    func options(_ text: String) throws -> AgentOptions {
        AgentFlags().options(database: "db", config: try AgentConfig.parse(text, path: "config"))
    }

    @Test func theDefaultFollowsTheDesktop() throws {
        let options = try options("")
        #expect(options.theme == .auto)
        #expect(AgentSetting.theme.describe(options) == "auto")
    }

    @Test(arguments: [("dark", Appearance.Choice.dark), ("Light", .light), (" AUTO ", .auto)])
    func eachChoiceInAnyCaseReadsBack(text: String, choice: Appearance.Choice) throws {
        let options = try options("theme = \(text)\n")
        #expect(options.theme == choice)
        #expect(try self.options("theme = \(AgentSetting.theme.describe(options))\n").theme == choice, "describe reads back")
    }

    @Test func anythingElseIsRefusedWithItsLine() {
        do {
            _ = try options("# colours\ntheme = blue\n")
            Issue.record("blue was taken")
        } catch {
            #expect("\(error)" == "config:2: theme: \"blue\" is not auto, light or dark")
        }
    }
}
