import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// `text/html`: image `alt`/`title` names and visible text, as browsers put HTML on the clipboard.
@Suite struct HTMLTextTests {
    @Test func chromiumCopyImageGivesTheAltText() throws {
        let html = #"<meta charset='utf-8'><img src="https://x/thor.png" alt="Thor"/>"#
        #expect(try decode("text/html", utf8: html).items == [.text("Thor")])
    }

    @Test func firefoxCopyImageFragmentGivesTheAltText() throws {
        let html = "<html><body>\n<!--StartFragment--><img src=\"Thor.png\" alt=\"Thor\"><!--EndFragment-->\n</body>\n</html>"
        #expect(try decode("text/html", utf8: html).items == [.text("Thor")])
    }

    // Found by the html fuzz harness: NUL is not whitespace to Swift, so an attribute or text ending in NUL (raw
    // or as &#0;) kept it at its end, breaking the "no trailing NULs" promise of every text import.
    @Test func nulsAreSpacesInNamesAndText() {
        #expect(HTMLText.extract("<img title=\"Loki\0\" src=\"l.png\"><img alt=\"Thor&#0;\">").imageNames == ["Loki", "Thor"])
        #expect(HTMLText.extract("<p>Hela\0</p><p>Odin\0Borson</p>").text == "Hela\nOdin Borson")
    }

    @Test func titleAttributeNamesAnImageWithoutAlt() {
        #expect(HTMLText.extract(#"<img src="loki.png" title="Loki">"#).imageNames == ["Loki"])
    }

    @Test func altWinsOverTitle() {
        #expect(HTMLText.extract(#"<img title="Loki" alt="Thor" src="x.png">"#).imageNames == ["Thor"])
    }

    @Test func everyImageIsNamedInDocumentOrderAndBlankNamesAreSkipped() {
        let html = #"<img alt="Thor"><img alt="  "><img src=x><IMG ALT="Loki">"#
        #expect(HTMLText.extract(html).imageNames == ["Thor", "Loki"])
    }

    @Test func unquotedAndSingleQuotedAttributesAreRead() {
        #expect(HTMLText.extract("<img alt=Thor src=x.png>").imageNames == ["Thor"])
        #expect(HTMLText.extract("<img alt='Loki Laufeyson' src=x.png>").imageNames == ["Loki Laufeyson"])
    }

    @Test func aGreaterThanSignInsideAQuotedAttributeDoesNotEndTheTag() {
        let extract = HTMLText.extract(#"<img alt="a > b" src="x.png">Thor"#)
        #expect(extract.imageNames == ["a > b"])
        #expect(extract.text == "Thor")
    }

    @Test func entitiesInAttributesAreDecoded() {
        #expect(HTMLText.extract(#"<img alt="Tom &amp; Jerry">"#).imageNames == ["Tom & Jerry"])
    }

    @Test func namedAndNumericEntitiesAreDecoded() {
        let text = HTMLText.extract("<p>Tom &amp; Jerry, Caf&#233;, Caf&#xE9;, Thor&nbsp;Odinson &lt;3</p>").text
        #expect(text == "Tom & Jerry, Caf\u{E9}, Caf\u{E9}, Thor Odinson <3")
    }

    @Test func decodeEntitiesLeavesUnknownAndUnterminatedEntitiesAlone() {
        #expect(HTMLText.decodeEntities("AT&T &bogus; &amp") == "AT&T &bogus; &amp")
        #expect(HTMLText.decodeEntities("&#X1F9B8;&#xZZ;") == "\u{1F9B8}&#xZZ;")
        #expect(HTMLText.decodeEntities("no entities") == "no entities")
    }

    @Test func tagsAreStrippedAndBlockElementsBreakLines() {
        let html = "<div><p>Hello <b>Thor</b>,</p><ul><li>Loki</li><li><a href=\"/hela\">Hela</a></li></ul>done<br>now</div>"
        #expect(HTMLText.extract(html).text == "Hello Thor,\nLoki\nHela\ndone\nnow")
    }

    @Test func whitespaceRunsCollapseAndEmptyLinesGo() {
        #expect(HTMLText.extract("<p>  Thor \t\u{A0} Odinson  </p>\n\n<p></p><p>Loki</p>").text == "Thor Odinson\nLoki")
    }

    @Test func scriptStyleHeadAndCommentsAreHidden() {
        let html = """
            <html><head><title>Page</title><style>p { color: red }</style></head><body>
            <!-- Ultron --><script>if (a < b) { document.write("<b>Loki</b>") }</script><p>Thor</p>
            <noscript>Enable JS</noscript></body></html>
            """
        #expect(HTMLText.extract(html).text == "Thor")
    }

    @Test func aLessThanSignBeforeASpaceOrDigitIsText() {
        #expect(HTMLText.extract("<p>a < b and 1 <2</p>").text == "a < b and 1 <2")
    }

    @Test func imageNamesComeBeforeTheVisibleText() throws {
        let html = #"<figure><img src="thor.png" alt="Thor"><figcaption>Loki</figcaption></figure>"#
        #expect(try decode("text/html", utf8: html).items == [.text("Thor"), .text("Loki")])
    }

    @Test func chromiumUTF16HTMLWithBOMDecodes() throws {
        let data = Data([0xFF, 0xFE]) + utf16LE(#"<meta charset='utf-8'><img src="x" alt="Se&ntilde;or Thor"/>"#)
        #expect(try decode("text/html", data).items == [.text("Se\u{F1}or Thor")])
    }

    @Test func bigEndianUTF16HTMLWithBOMDecodes() throws {
        let data = Data([0xFE, 0xFF]) + utf16BE(#"<img src="x" alt="Thor">"#)
        #expect(try decode("text/html", data).items == [.text("Thor")])
    }

    @Test func firefoxUTF16LEHTMLWithoutBOMDecodes() throws {
        let html = #"<meta http-equiv="content-type" content="text/html; charset=utf-8"><img src="Thor.png" alt="Thor">"#
        #expect(try decode("text/html", utf16LE(html)).items == [.text("Thor")])
    }

    @Test func shortFirefoxUTF16LEHTMLWithoutBOMDecodes() throws {
        #expect(try decode("text/html", utf16LE("<b>Thor</b>")).items == [.text("Thor")])
    }

    @Test func utf8HTMLWithNonASCIIDecodes() throws {
        #expect(try decode("text/html", utf8: "<p>Se\u{F1}or Spider\u{2011}Man</p>").items
            == [.text("Se\u{F1}or Spider\u{2011}Man")])
    }

    @Test func latin1HTMLDecodes() throws {
        #expect(try decode("text/html", latin1("<p>Se\u{F1}or</p>")).items == [.text("Se\u{F1}or")])
    }

    @Test func htmlWithNothingVisibleGivesNoItems() throws {
        #expect(try decode("text/html", utf8: "<html><head><style>b{}</style></head><body><br></body></html>").items.isEmpty)
    }

    @Test func sourceLineBreaksInsideAnElementAreSpaces() {
        #expect(HTMLText.extract("<p>Thor\n   Odinson</p><p>Loki</p>").text == "Thor Odinson\nLoki")
    }

    @Test func anEmptyAltFallsBackToTheTitle() {
        #expect(HTMLText.extract(#"<img alt="" title="Loki" src="x.png">"#).imageNames == ["Loki"])
    }
}
