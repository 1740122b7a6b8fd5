import Testing
@testable import DropWindow

/// The catalog window's search text: no X server.
@Suite struct SearchTextTests {
    @Test func typingAppendsBackspaceRemovesEscapeClears() {
        var search = SearchText()
        let r7 = search.type("spi")
        #expect(r7)
        let r8 = search.type("der")
        #expect(r8)
        #expect(search.text == "spider")
        let r9 = search.backspace()
        #expect(r9)
        #expect(search.text == "spide")
        let r10 = search.clear()
        #expect(r10)
        #expect(search.text.isEmpty)
        let again = (search.backspace(), search.clear())
        #expect(again == (false, false), "nothing to change on an empty field")
    }

    @Test func controlCharactersNeverEnterTheField() {
        var search = SearchText("thor")
        let refused = [search.type("\r"), search.type("\u{7f}"), search.type("\t")]
        #expect(refused == [false, false, false])
        let r11 = search.type("é")
        #expect(r11)
        #expect(search.text == "thoré")
    }

    @Test func theTextIsBounded() {
        var search = SearchText(String(repeating: "a", count: 100))
        #expect(search.text.count == SearchText.limit)
        let more = search.type("b")
        #expect(!more)
    }
}
