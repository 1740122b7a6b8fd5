import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Each target's raw bytes are checked against its cap before any decoding or parsing.
@Suite struct TargetByteCapTests {
    @Test(arguments: ["UTF8_STRING", "text/plain", "STRING", "TEXT", "text/plain;charset=utf-8", "text/html"])
    func textOverOneMebibyteIsRefusedBeforeDecoding(target: String) {
        // Invalid UTF-16/UTF-8 would be importFailed had a decoder run; `&` would make HTML parsing slow.
        let data = Data(repeating: UInt8(ascii: "&"), count: (1 << 20) + 1)
        #expect(throws: TransferError.tooLarge(target: target, bytes: data.count, limit: 1 << 20)) {
            try decode(target, data)
        }
    }

    @Test(arguments: ["text/x-moz-url", "_NETSCAPE_URL", "text/x-moz-url-desc"])
    func aLinkTargetOverSixtyFourKibibytesIsRefusedBeforeDecoding(target: String) {
        let data = Data(repeating: 0x41, count: (64 << 10) + 2)
        #expect(throws: TransferError.tooLarge(target: target, bytes: data.count, limit: 64 << 10)) {
            try decode(target, data)
        }
    }

    @Test func aURIListOverItsCapIsReadUpToItsLastWholeLine() throws {
        let line = "https://example.com/" + String(repeating: "a", count: 80) + "\n"
        let list = String(repeating: line, count: 20)
        let result = try decode("text/uri-list", Data(list.utf8),
                                limits: TransferLimits(maxListBytes: line.utf8.count * 3 + 10, maxURIs: 100))
        #expect(result.items.count == 3)
        #expect(result.notes.last?.hasPrefix("the list is 2 KiB; only its first") == true)
    }
}
