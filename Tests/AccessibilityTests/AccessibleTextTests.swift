import Accessibility
import Testing

/// An entry's text as AT-SPI's Text interface answers it, with no bus, and the events a screen reader hears as
/// the text changes: what went, what came, where the caret is.
@Suite struct AccessibleTextTests {
    static var context: AccessibleContext { AccessibleContext(busName: ":1.7", parent: .reference(":1.1", AccessibleTree.rootPath)) }

    func tree(_ text: String, focused: Bool = true) -> AccessibleTree {
        let entry = AccessibleNode(id: "search", role: .entry, name: "Search",
                                   states: focused ? [.editable, .focusable, .focused] : [.editable, .focusable],
                                   text: AccessibleText(text))
        let frame = AccessibleNode(id: "frame", role: .frame, name: "Catalog", children: [entry])
        return AccessibleTree(root: AccessibleNode(id: "root", role: .application, name: "Catalog", children: [frame]))
    }

    func answer(_ text: String, _ member: String, _ arguments: [DBusValue] = [], interface: String = AccessibleInterface.text)
        -> AccessibleAnswer {
        tree(text).answer(AccessibleCall(path: AccessibleTree.path(of: "search"), interface: interface, member: member,
                                         arguments: arguments), context: Self.context)
    }

    @Test func anEntryAnswersItsTextItsLengthAndItsCaret() {
        #expect(answer("thé ok", "GetText", [.int32(0), .int32(-1)]) == .reply([.string("thé ok")]))
        #expect(answer("thé ok", "GetText", [.int32(1), .int32(3)]) == .reply([.string("hé")]), "offsets count characters")
        #expect(answer("thé ok", "GetCharacterCount") == .reply([.int32(6)]))
        #expect(answer("thé ok", "GetCaretOffset") == .reply([.int32(6)]), "the caret is after the typed text")
        #expect(answer("th", "Get", [.string(AccessibleInterface.text), .string("CharacterCount")],
                       interface: AccessibleInterface.properties) == .reply([.variant(.int32(2))]))
        #expect(answer("th", "Get", [.string(AccessibleInterface.text), .string("CaretOffset")],
                       interface: AccessibleInterface.properties) == .reply([.variant(.int32(2))]))
        #expect(answer("thé", "GetCharacterAtOffset", [.int32(2)]) == .reply([.int32(0xE9)]))
    }

    @Test func aScreenReaderReadsByCharacterWordAndLine() {
        #expect(answer("iron man", "GetStringAtOffset", [.int32(1), .uint32(0)]) == .reply([.string("r"), .int32(1), .int32(2)]))
        #expect(answer("iron man", "GetStringAtOffset", [.int32(6), .uint32(1)]) == .reply([.string("man"), .int32(5), .int32(8)]))
        #expect(answer("iron man", "GetStringAtOffset", [.int32(0), .uint32(3)]) == .reply([.string("iron man"), .int32(0), .int32(8)]))
        // GetTextAtOffset's WORD_START (1) and WORD_END (2) both name the word.
        #expect(answer("iron man", "GetTextAtOffset", [.int32(2), .uint32(2)]) == .reply([.string("iron"), .int32(0), .int32(4)]))
        #expect(answer("iron man", "GetTextBeforeOffset", [.int32(2), .uint32(0)]) == .reply([.string("r"), .int32(1), .int32(2)]))
    }

    @Test func onlyAnObjectWithATextHasTheInterface() {
        #expect(tree("x").node("search")?.interfaces.contains(AccessibleInterface.text) == true)
        #expect(tree("x").node("frame")?.interfaces.contains(AccessibleInterface.text) == false)
        let call = AccessibleCall(path: AccessibleTree.path(of: "frame"), interface: AccessibleInterface.text, member: "GetText",
                                  arguments: [.int32(0), .int32(-1)])
        guard case .failure = tree("x").answer(call, context: Self.context) else {
            Issue.record("a frame answered GetText")
            return
        }
    }

    @Test func typingACharacterIsAnInsertAtTheCaretThenTheCaretMove() {
        #expect(tree("th").events(from: tree("t")) == [
            .textChanged("search", inserted: true, offset: 1, text: "h"), .textCaretMoved("search", to: 2),
        ])
        let typed = tree("th").events(from: tree("t")).first
        #expect(typed?.member == "TextChanged" && typed?.detail == "insert" && typed?.detail1 == 1 && typed?.detail2 == 1)
        #expect(typed?.data == .text("h"))
    }

    @Test func aBackspaceIsADeleteAndAClearedFieldDeletesEverything() {
        #expect(tree("th").events(from: tree("tho")) == [
            .textChanged("search", inserted: false, offset: 2, text: "o"), .textCaretMoved("search", to: 2),
        ])
        #expect(tree("").events(from: tree("thor")) == [
            .textChanged("search", inserted: false, offset: 0, text: "thor"), .textCaretMoved("search", to: 0),
        ])
    }

    @Test func aReplacedMiddleIsADeleteThenAnInsert() {
        // Same length, same caret: no caret move.
        #expect(AccessibleText("thor").events(from: AccessibleText("tier"), source: "e") == [
            .textChanged("e", inserted: false, offset: 1, text: "ie"), .textChanged("e", inserted: true, offset: 1, text: "ho"),
        ])
        #expect(AccessibleText("aa").events(from: AccessibleText("a"), source: "e")
            == [.textChanged("e", inserted: true, offset: 1, text: "a"), .textCaretMoved("e", to: 2)])
    }

    @Test func anEntryThatGetsTheFocusSendsFocusBeforeTheTextItGot() {
        let events = tree("t", focused: true).events(from: tree("", focused: false))
        #expect(events == [
            .stateChanged("search", .focused, on: true), .focus("search"),
            .textChanged("search", inserted: true, offset: 0, text: "t"), .textCaretMoved("search", to: 1),
        ])
    }
}
