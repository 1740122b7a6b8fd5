import HeroCore
import Testing
@testable import DropWindow

/// The keyboard of both windows' lists as a value: keysyms to keys, moving the selection, what Enter, Ctrl+C and
/// Delete act on, the typed filter and Escape, and the selection kept on its hero when the rows change.
@Suite("List keys (ListKeys)")
struct ListKeysTests {
    private let rows = ["Ant-Man", "Hulk", "Storm", "Thing", "Thor", "Wasp"]

    /// A `ListKeys` after pressing `keys` over `rows`, with the outcome of each.
    private func pressing(_ keys: [ListKeys.Key], over rows: [String]? = nil, page: Int = 3) -> (ListKeys, [ListKeys.Outcome]) {
        var list = ListKeys()
        let outcomes = keys.map { list.press($0, rows: rows ?? self.rows, pageRows: page) }
        return (list, outcomes)
    }

    // MARK: Keysyms

    @Test func theNavigationKeysAndTheirKeypadTwinsAreReadFromKeysyms() {
        let expected: [(UInt, ListKeys.Key)] = [
            (0xff52, .up), (0xff97, .up), (0xff54, .down), (0xff99, .down), (0xff50, .home), (0xff95, .home),
            (0xff57, .end), (0xff9c, .end), (0xff55, .pageUp), (0xff9a, .pageUp), (0xff56, .pageDown),
            (0xff9b, .pageDown), (0xff0d, .enter), (0xff8d, .enter), (0xffff, .delete), (0xff9f, .delete),
            (0xff1b, .escape), (0xff08, .backspace),
        ]
        for (keysym, key) in expected {
            #expect(ListKeys.Key(keysym: keysym, text: "", control: false, alt: false) == key, "keysym \(keysym)")
            // Return and Escape type control characters; they stay keys, never text.
            #expect(ListKeys.Key(keysym: keysym, text: "\r", control: false, alt: false) == key, "keysym \(keysym)")
        }
    }

    @Test func controlCCopiesWhateverTheCaseAndControlWithAnotherLetterIsNothing() {
        #expect(ListKeys.Key(keysym: 0x63, text: "\u{3}", control: true, alt: false) == .copy)
        #expect(ListKeys.Key(keysym: 0x43, text: "\u{3}", control: true, alt: false) == .copy, "Ctrl+Shift+C")
        #expect(ListKeys.Key(keysym: 0x66, text: "\u{6}", control: true, alt: false) == nil, "Ctrl+F types nothing")
        #expect(ListKeys.Key(keysym: 0x63, text: "c", control: false, alt: false) == .type("c"), "c alone is text")
        #expect(ListKeys.Key(keysym: 0xff54, text: "", control: true, alt: false) == .down, "Ctrl+Down still moves")
    }

    @Test func theKeysymDecidesNotTheKeyCap() {
        // A Cyrillic layout's "с" (Cyrillic_es) sits where Latin layouts have C: with Control it is not Ctrl+C, and
        // alone it types its own letter.
        #expect(ListKeys.Key(keysym: 0x6d3, text: "\u{441}", control: false, alt: false) == .type("\u{441}"))
        #expect(ListKeys.Key(keysym: 0x6d3, text: "", control: true, alt: false) == nil)
    }

    @Test func altOrAKeyThatTypesNothingIsNoKey() {
        #expect(ListKeys.Key(keysym: 0x74, text: "t", control: false, alt: true) == nil)
        #expect(ListKeys.Key(keysym: 0xffe1, text: "", control: false, alt: false) == nil, "Shift alone")
        #expect(ListKeys.Key(keysym: 0x54, text: "T", control: false, alt: false) == .type("T"))
    }

    // MARK: Moving the selection

    @Test func nothingIsSelectedUntilAKeyPicksARow() {
        let list = ListKeys()
        #expect(list.selected == nil)
        #expect(list.selectedIndex(in: rows) == nil)
    }

    @Test func downStartsAtTheFirstRowUpAtTheLastAndNeitherWraps() {
        let (down, downs) = pressing([.down, .down, .down])
        #expect(downs == [.select(0), .select(1), .select(2)])
        #expect(down.selected == "Storm")
        let (up, ups) = pressing([.up, .up])
        #expect(ups == [.select(5), .select(4)])
        #expect(up.selected == "Thor")
        #expect(pressing([.home, .up]).1 == [.select(0), .none], "Up stops at the first row")
        #expect(pressing([.end, .down]).1 == [.select(5), .none], "Down stops at the last row")
    }

    @Test func homeAndEndGoToTheEndsAndRepeatingThemChangesNothing() {
        #expect(pressing([.end, .end, .home, .home]).1 == [.select(5), .none, .select(0), .none])
    }

    @Test func pageKeysMoveByTheRowsShownAndStopAtTheEnds() {
        #expect(pressing([.pageDown, .pageDown, .pageDown], page: 3).1 == [.select(2), .select(5), .none])
        #expect(pressing([.pageUp, .pageUp, .pageUp], page: 4).1 == [.select(2), .select(0), .none])
        #expect(pressing([.down, .pageDown], page: 2).1 == [.select(0), .select(2)])
        #expect(pressing([.pageDown, .pageDown], page: 0).1 == [.select(0), .select(1)], "a page is one row at least")
    }

    @Test func anEmptyListSelectsNothing() {
        let (list, outcomes) = pressing([.down, .up, .home, .end, .pageDown, .enter, .copy, .delete], over: [])
        #expect(outcomes.allSatisfy { $0 == .none })
        #expect(list.selected == nil)
    }

    // MARK: Acting on the selected row

    @Test func enterCopyAndDeleteActOnTheSelectedRowAndOnNothingWithoutOne() {
        #expect(pressing([.enter, .copy, .delete]).1 == [.none, .none, .none])
        let (_, outcomes) = pressing([.down, .down, .down, .enter, .copy, .delete])
        #expect(outcomes.suffix(3) == [.activate(2), .copy(2), .remove(2)])
    }

    // MARK: The filter

    @Test func typingAndBackspaceChangeTheFilter() {
        let (list, outcomes) = pressing([.type("t"), .type("h"), .backspace, .type("h")])
        #expect(outcomes == [.filterChanged, .filterChanged, .filterChanged, .filterChanged])
        #expect(list.filter.text == "th")
        #expect(pressing([.backspace]).1 == [.none], "nothing to erase")
        #expect(pressing([.type("\u{7f}")]).1 == [.none], "a control character types nothing")
    }

    @Test func escapeClearsTheFilterFirstThenAsksToHide() {
        let (list, outcomes) = pressing([.type("th"), .escape, .escape])
        #expect(outcomes == [.filterChanged, .filterChanged, .hide])
        #expect(list.filter.text == "")
    }

    // MARK: The rows change

    @Test func theSelectionStaysOnItsHeroWhenRowsAreAddedOrRemovedAroundIt() {
        var (list, _) = pressing([.down, .down, .down])
        #expect(list.selected == "Storm")
        #expect(list.rowsChanged(["Ant-Man", "Black Widow", "Hulk", "Storm", "Thing", "Thor", "Wasp"]) == 3,
                "a favorite added above: the ring moves down with Storm")
        #expect(list.rowsChanged(["Storm", "Thor"]) == 0, "favorites removed above and below")
        #expect(list.selected == "Storm")
        #expect(list.press(.down, rows: ["Storm", "Thor"], pageRows: 3) == .select(1))
    }

    @Test func whenTheSelectedHeroGoesTheRowThatTookItsPlaceIsSelected() {
        var (list, _) = pressing([.down, .down, .down])
        #expect(list.rowsChanged(["Ant-Man", "Hulk", "Thing", "Thor", "Wasp"]) == 2)
        #expect(list.selected == "Thing", "Delete, Delete removes Storm, then Thing")
        #expect(list.rowsChanged(["Ant-Man", "Hulk"]) == 1, "the list got shorter: its last row")
        #expect(list.selected == "Hulk")
        #expect(list.rowsChanged([]) == nil)
        #expect(list.selected == nil)
        #expect(list.rowsChanged(["Hulk"]) == nil, "once nothing is selected, new rows select nothing")
    }

    @Test func aFilterThatHidesTheSelectedHeroSelectsTheFirstRowLeftAndClearingItKeepsThatOne() {
        var (list, _) = pressing([.end])
        #expect(list.selected == "Wasp")
        _ = list.press(.type("th"), rows: rows, pageRows: 3)
        #expect(list.rowsChanged(["Thing", "Thor"]) == 0, "Wasp is filtered out: the best match")
        #expect(list.selected == "Thing")
        _ = list.press(.escape, rows: ["Thing", "Thor"], pageRows: 3)
        #expect(list.rowsChanged(rows) == 3, "Thing again, in the whole list")
    }

    @Test func aFilterThatKeepsTheSelectedHeroKeepsTheRingOnIt() {
        var (list, _) = pressing([.end, .up])
        #expect(list.selected == "Thor")
        _ = list.press(.type("th"), rows: rows, pageRows: 3)
        #expect(list.rowsChanged(["Thing", "Thor"]) == 1)
        #expect(list.selected == "Thor")
    }

    // MARK: Cost

    /// The drop window's names of 100,000 sorted rows (`ShownNames`), counting the names read.
    private final class CountingNames: ListNames {
        let names: ShownNames
        var reads = 0
        init(count: Int) {
            names = ShownNames(rows: (0..<count).map { index in
                let digits = String(index)
                return FavoriteRow(name: "Hero " + String(repeating: "0", count: 6 - digits.count) + digits)
            }, sorted: true)
        }
        var count: Int { names.count }
        subscript(index: Int) -> String { reads += 1; return names[index] }
        func index(of name: String) -> Int? { names.index(of: name) }
    }

    @Test func keysAndChangedRowsReadTheNamesTheySelectNotEveryRow() {
        let rows = CountingNames(count: 100_000)
        var list = ListKeys()
        #expect(list.press(.end, rows: rows, pageRows: 20) == .select(99_999))
        #expect(list.press(.pageUp, rows: rows, pageRows: 20) == .select(99_979))
        #expect(list.rowsChanged(rows) == 99_979)
        #expect(list.select(named: "Hero 050000", in: rows) == 50_000)
        #expect(list.press(.down, rows: rows, pageRows: 20) == .select(50_001))
        // The name of each row selected (twice: compared, then kept), for the three moves; the selection is found
        // by the rows' own lookup (a binary search), never by a pass over 100,000 names.
        #expect(rows.reads <= 6, "\(rows.reads) names read")
        #expect(rows.names.index(of: "Hero 050001") == 50_001 && rows.names.index(of: "Hero 1") == nil)
    }
}
