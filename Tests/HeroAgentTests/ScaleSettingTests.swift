import DropWindow
import Testing
@testable import HeroAgent

/// The `scale` key of the config file: `auto` or a factor from 1 to 4, and the geometry left unset by default so
/// the drop window's size follows the scale.
@Suite struct ScaleSettingTests {
    func options(_ text: String) throws -> AgentOptions {
        AgentFlags().options(database: "db", config: try AgentConfig.parse(text, path: "config"))
    }

    @Test func theDefaultIsAutoWithNoGeometry() throws {
        let options = try options("")
        #expect(options.scale == .auto && options.geometry == nil)
        #expect(AgentSetting.scale.describe(options) == "auto")
        #expect(AgentSetting.geometry.describe(options) == "400x600", "config show names the 1× default")
    }

    @Test(arguments: [("2", 2.0), ("1", 1), ("1.5", 1.5), ("4", 4), (" 1.25 ", 1.25)])
    func aFactorIsTakenAsGiven(text: String, factor: Double) throws {
        let options = try options("scale = \(text)\n")
        #expect(options.scale == .fixed(factor))
        #expect(try AgentSetting.scale(AgentSetting.scale.describe(options)) == .fixed(factor), "describe reads back")
    }

    @Test func autoInAnyCase() throws {
        #expect(try options("scale = AUTO\n").scale == .auto)
    }

    @Test(arguments: ["0", "0.5", "4.5", "10", "big", "2x", "-1", "nan"])
    func anythingElseIsRefusedWithTheSameWords(text: String) {
        do {
            _ = try AgentSetting.scale(text)
            Issue.record("\(text) was taken")
        } catch {
            #expect(error.message == "\"\(text)\" is not auto, or a number from 1 to 4")
        }
    }

    @Test func aGeometryInTheFileIsKeptAsGiven() throws {
        #expect(try options("geometry = 300x500\n").geometry == WindowGeometry(width: 300, height: 500))
    }
}
