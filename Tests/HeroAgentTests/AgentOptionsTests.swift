import Foundation
import Testing
@testable import HeroAgent

@Suite("Agent options: --selections")
struct AgentOptionsTests {
    @Test(arguments: [
        ("clipboard", ["clipboard"]),
        ("primary", ["primary"]),
        ("primary,clipboard", ["clipboard", "primary"]),
        ("clipboard,primary", ["clipboard", "primary"]),
        (" CLIPBOARD , primary ", ["clipboard", "primary"]),
    ])
    func parseSelectionsAcceptsClipboardAndPrimaryInEitherOrder(text: String, expected: [String]) {
        #expect(AgentOptions.parseSelections(text) == expected)
    }

    @Test(arguments: ["", " ", ",", "clipboard,clipboard", "primary, PRIMARY", "secondary", "clipboard,secondary",
                      "clipboard,,primary", "clipboard,", ",primary", "clip board"])
    func parseSelectionsRejectsAnythingElse(text: String) {
        #expect(AgentOptions.parseSelections(text) == nil)
    }

    @Test func theDefaultSelectionIsClipboard() {
        #expect(AgentOptions(database: "/tmp/x.sqlite3").selections == ["clipboard"])
    }
}
