import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Plain-text targets: which encoding each one is read in, and the normalisation every text gets.
@Suite struct TextDecodingTests {
    @Test func utf8StringKeepsSpiderManNonBreakingHyphen() throws {
        let result = try decode("UTF8_STRING", utf8: "Spider\u{2011}Man")
        #expect(result.items == [.text("Spider\u{2011}Man")])
        #expect(result.notes.isEmpty)
    }

    @Test(arguments: ["UTF8_STRING", "text/plain;charset=utf-8"])
    func invalidUTF8UnderAStrictUTF8TargetIsAnErrorNotReplacementCharacters(target: String) {
        let error = #expect(throws: TransferError.self) { try decode(target, latin1("Se\u{F1}or")) }
        let failure = importFailure(error)
        #expect(failure?.target == target)
        #expect(failure?.reason == "invalid UTF-8 at byte 2")
    }

    @Test func textPlainWithInvalidUTF8FallsBackToLatin1() throws {
        #expect(try decode("text/plain", latin1("Se\u{F1}or")).items == [.text("Se\u{F1}or")])
    }

    @Test func textPlainWithValidUTF8IsReadAsUTF8() throws {
        #expect(try decode("text/plain", utf8: "Se\u{F1}or").items == [.text("Se\u{F1}or")])
    }

    @Test func stringWithChromiumsUTF8SenorDecodesAsUTF8NotMojibake() throws {
        #expect(try decode("STRING", utf8: "Se\u{F1}or").items == [.text("Se\u{F1}or")])
    }

    @Test func stringWithLatin1ByteF1DecodesAsSenor() throws {
        let bytes = Data([0x53, 0x65, 0xF1, 0x6F, 0x72])
        #expect(try decode("STRING", bytes).items == [.text("Se\u{F1}or")])
    }

    @Test func textTargetReadsUTF8AndFallsBackToLatin1() throws {
        #expect(try decode("TEXT", utf8: "Spider\u{2011}Man").items == [.text("Spider\u{2011}Man")])
        #expect(try decode("TEXT", latin1("Se\u{F1}or")).items == [.text("Se\u{F1}or")])
    }

    @Test func utf16WithLittleEndianBOM() throws {
        let data = Data([0xFF, 0xFE]) + utf16LE("Se\u{F1}or \u{1F9B8}")
        #expect(try decode("text/plain;charset=utf-16", data).items == [.text("Se\u{F1}or \u{1F9B8}")])
    }

    @Test func utf16WithBigEndianBOM() throws {
        let data = Data([0xFE, 0xFF]) + utf16BE("Se\u{F1}or \u{1F9B8}")
        #expect(try decode("text/plain;charset=utf-16", data).items == [.text("Se\u{F1}or \u{1F9B8}")])
    }

    @Test func utf16WithoutBOMIsLittleEndian() throws {
        #expect(try decode("text/plain;charset=utf-16", utf16LE("Thor Odinson")).items == [.text("Thor Odinson")])
    }

    @Test func utf16WithAnOddByteCountIsAnError() {
        let data = utf16LE("Thor") + Data([0x41])
        let error = #expect(throws: TransferError.self) { try decode("text/plain;charset=utf-16", data) }
        let failure = importFailure(error)
        #expect(failure?.target == "text/plain;charset=utf-16")
        #expect(failure?.reason.contains("odd number of bytes (9)") == true)
    }

    @Test func utf16WithOneStrayTrailingNULByteIsTolerated() throws {
        let data = utf16LE("Thor") + Data([0x00])
        #expect(try decode("text/plain;charset=utf-16", data).items == [.text("Thor")])
    }

    @Test func utf16WithAnUnpairedSurrogateIsAnError() {
        // "A", a lone high surrogate D83E, then "B".
        let data = Data([0x41, 0x00, 0x3E, 0xD8, 0x42, 0x00])
        let error = #expect(throws: TransferError.self) { try decode("text/plain;charset=utf-16", data) }
        #expect(importFailure(error)?.reason.contains("unpaired surrogate") == true)
    }

    @Test(arguments: ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT"])
    func crlfAndLoneCRBecomeLF(target: String) throws {
        let result = try decode(target, utf8: "Thor\r\nLoki\rHela\r\n\r\nOdin")
        #expect(result.items == [.text("Thor\nLoki\nHela\n\nOdin")])
    }

    @Test func crlfBecomesLFInUTF16Too() throws {
        let result = try decode("text/plain;charset=utf-16", utf16LE("Thor\r\nLoki\rHela"))
        #expect(result.items == [.text("Thor\nLoki\nHela")])
    }

    @Test(arguments: ["UTF8_STRING", "text/plain", "STRING"])
    func trailingNULsAreDropped(target: String) throws {
        #expect(try decode(target, Data("Thor\n".utf8) + Data([0, 0])).items == [.text("Thor\n")])
    }

    @Test func trailingNULsAreDroppedFromLatin1Text() throws {
        #expect(try decode("STRING", latin1("Se\u{F1}or") + Data([0])).items == [.text("Se\u{F1}or")])
    }

    @Test func normaliseKeepsInteriorNULsAndLFs() {
        #expect(TextDecoding.normalise("a\0b\n\nc\0\0") == "a\0b\n\nc")
        #expect(TextDecoding.normalise("\r\r\n") == "\n\n")
    }

    @Test func emptyTextGivesNoItems() throws {
        #expect(try decode("UTF8_STRING", Data()).items.isEmpty)
        #expect(try decode("STRING", Data([0, 0])).items.isEmpty)
    }

    /// Invalid UTF-8 proves the strict UTF-8 importer ran rather than the lenient `text/plain` one.
    @Test(arguments: ["text/plain;charset=UTF-8", "text/plain; charset=\"utf-8\"", "TEXT/PLAIN;CHARSET=utf8",
                      "text/plain; charset='UTF-8'"])
    func charsetSpellingsMatchTheStrictUTF8Importer(target: String) throws {
        #expect(try decode(target, utf8: "Spider\u{2011}Man").items == [.text("Spider\u{2011}Man")])
        let error = #expect(throws: TransferError.self) { try decode(target, latin1("Se\u{F1}or")) }
        #expect(importFailure(error) != nil)
    }

    @Test(arguments: ["utf8_string", "Utf8_String", "string"])
    func atomNamesMatchCaseInsensitively(target: String) throws {
        #expect(try decode(target, utf8: "Thor").items == [.text("Thor")])
    }

    @Test func utf16CharsetSpelledInCapitalsUsesTheUTF16Importer() throws {
        #expect(try decode("text/plain;charset=UTF-16", utf16LE("Thor")).items == [.text("Thor")])
    }

    @Test func latin1MapsEveryByteToTheSameCodePoint() {
        let all = Data((0...255).map { UInt8($0) }.filter { $0 != 0x0D && $0 != 0 })
        let scalars = TextDecoding.latin1(all).unicodeScalars.map(\.value)
        #expect(scalars == all.map { UInt32($0) })
    }
}
