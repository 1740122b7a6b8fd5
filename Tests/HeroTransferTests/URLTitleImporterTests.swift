import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Browsers' link targets are read for the name they carry, never for the URL.
@Suite struct URLTitleImporterTests {
    @Test func mozURLInUTF16WithoutBOMGivesItsTitle() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/Thor.png\nThor"))
        #expect(result.items == [.text("Thor")])
    }

    // Found by the moz-url fuzz harness: only the NULs at the very end of the data were dropped, so a NUL before
    // the last line break (or before trailing spaces) ended the trimmed title, breaking "no trailing NULs".
    @Test func aNULBeforeTheLastLineBreakDoesNotEndTheTitle() throws {
        #expect(try decode("_NETSCAPE_URL", Data("https://example.com/Thor.png\nThor Odinson\0\n".utf8)).items
                    == [.text("Thor Odinson")])
        #expect(try decode("text/x-moz-url", utf16LE("https://example.com/Thor.png\nLoki\0 \0")).items == [.text("Loki")])
        #expect(try decode("_NETSCAPE_URL", Data("// Vision\0 \0 ".utf8)).items == [.text("// Vision")])
    }

    // Found by the moz-url fuzz harness: the name taken from a URL's last path component was not trimmed, so
    // percent-escaped spaces (or NULs, now kept encoded) before the extension ended it.
    @Test func aNameFromTheURLIsTrimmed() throws {
        #expect(try decode("_NETSCAPE_URL", Data("https://example.com/heroes/Thor%20.png".utf8)).items == [.text("Thor")])
        #expect(try decode("text/x-moz-url", utf16LE("https://example.com/www%C2%A0.marvel")).items == [.text("www")])
    }

    // Found by the moz-url fuzz harness: a percent-encoded line break or control character in the URL's last path
    // component went into the name ("Thor%0ALoki.png" named two lines).
    @Test func aURLWhoseNameDecodesToControlCharactersKeepsItsRawName() throws {
        #expect(try decode("_NETSCAPE_URL", Data("https://example.com/Thor%0ALoki.png".utf8)).items == [.text("Thor%0ALoki")])
        #expect(try decode("text/x-moz-url", utf16LE("https://example.com/Hela%0D%01.jpg")).items == [.text("Hela%0D%01")])
    }

    @Test func mozURLWithCRLFGivesItsTitle() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/Thor.png\r\nThor Odinson\r\n"))
        #expect(result.items == [.text("Thor Odinson")])
    }

    @Test func mozURLWithoutTitleIsNamedByThePercentDecodedBasename() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/heroes/Thor%20Odinson.png"))
        #expect(result.items == [.text("Thor Odinson")])
    }

    @Test func mozURLWithoutTitleIgnoresTheQueryString() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/img/Loki.jpg?w=300&h=200"))
        #expect(result.items == [.text("Loki")])
    }

    @Test func mozURLWithoutTitleIgnoresTheFragment() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/heroes/Thor#biography"))
        #expect(result.items == [.text("Thor")])
    }

    @Test(arguments: ["https://www.marvel.com/", "https://www.marvel.com", "https://www.marvel.com?q=thor",
                      "https://www.marvel.com/#top"])
    func mozURLOfASiteRootWithoutTitleNamesNoHeroAfterItsHost(url: String) {
        let error = #expect(throws: TransferError.self) { try decode("text/x-moz-url", utf16LE(url)) }
        #expect(importFailure(error)?.reason == "the URL carries no title")
    }

    @Test func netscapeURLOfALocalFileIsNamedByTheFileName() throws {
        #expect(try decode("_NETSCAPE_URL", utf8: "file:///Thor.png").items == [.text("Thor")])
        #expect(try decode("_NETSCAPE_URL", utf8: "file:///home/u/Loki%20Laufeyson.jpg").items == [.text("Loki Laufeyson")])
    }

    @Test func mozURLWithEmptyTitleLineFallsBackToTheBasename() throws {
        let result = try decode("text/x-moz-url", utf16LE("https://example.com/Hela.png\n  \n"))
        #expect(result.items == [.text("Hela")])
    }

    @Test func mozURLThatIsEmptyIsAnError() {
        let error = #expect(throws: TransferError.self) { try decode("text/x-moz-url", utf16LE("\n \n")) }
        #expect(importFailure(error)?.target == "text/x-moz-url")
    }

    @Test func netscapeURLInUTF8GivesItsTitle() throws {
        let result = try decode("_NETSCAPE_URL", utf8: "https://example.com/Thor.png\nSe\u{F1}or Spider\u{2011}Man")
        #expect(result.items == [.text("Se\u{F1}or Spider\u{2011}Man")])
    }

    @Test func netscapeURLWithoutTitleIsNamedByTheBasename() throws {
        #expect(try decode("_NETSCAPE_URL", utf8: "https://example.com/a/Vision.jpeg").items == [.text("Vision")])
    }

    @Test func mozURLDescIsTheTrimmedUTF16Title() throws {
        #expect(try decode("text/x-moz-url-desc", utf16LE("  Thor\n")).items == [.text("Thor")])
    }

    @Test func mozURLDescThatIsBlankGivesNothing() throws {
        #expect(try decode("text/x-moz-url-desc", utf16LE(" \n")).items.isEmpty)
    }
}
