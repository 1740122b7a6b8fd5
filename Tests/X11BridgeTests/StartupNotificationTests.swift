import Testing
@testable import X11Bridge

/// The startup-notification "remove" message as values: its text and quoting, the 20-byte ClientMessages it is cut
/// into, and the launch time read from the id (docs/X11.md §14.4).
@Suite struct StartupNotificationTests {
    /// The messages' bytes joined and cut at the terminating NUL: what a receiver puts back together.
    static func reassembled(_ messages: [StartupNotification.Message]) -> String {
        let bytes = messages.flatMap(\.bytes)
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    @Test func theRemoveMessageNamesTheIDInQuotes() throws {
        let startup = try #require(StartupNotification(id: "openbox-1234-host-herobridge-0_TIME5678"))
        #expect(startup.removeText == #"remove: ID="openbox-1234-host-herobridge-0_TIME5678""#)
    }

    @Test func quotesBackslashesAndSpacesAreEscapedInsideTheQuotes() {
        #expect(StartupNotification.quoted(#"a "b" c\d"#) == #""a\ \"b\"\ c\\d""#)
        #expect(StartupNotification.quoted("plain") == "\"plain\"")
    }

    @Test func theMessageIsCutInto20ByteClientMessagesBeginFirst() throws {
        let startup = try #require(StartupNotification(id: "launcher-42_TIME1000"))
        let messages = startup.removeMessages
        // "remove: ID=\"launcher-42_TIME1000\"" is 33 bytes, 34 with its NUL: two messages.
        #expect(startup.removeText.utf8.count == 33)
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.bytes.count == StartupNotification.bytesPerMessage })
        #expect(messages.map(\.type) == ["_NET_STARTUP_INFO_BEGIN", "_NET_STARTUP_INFO"])
        #expect(Array(messages[0].bytes) == Array("remove: ID=\"launcher".utf8))
        #expect(Array(messages[1].bytes.prefix(14)) == Array("-42_TIME1000\"".utf8) + [0])
        #expect(messages[1].bytes.suffix(6).allSatisfy { $0 == 0 }, "the last message is padded with NULs")
        #expect(Self.reassembled(messages) == startup.removeText)
    }

    @Test func aTextOfExactlyTwentyBytesWithItsNULTakesOneMessage() {
        let text = String(repeating: "x", count: 19)
        let messages = StartupNotification.messages(for: text)
        #expect(messages.count == 1)
        #expect(messages[0].bytes.last == 0)
        #expect(StartupNotification.messages(for: text + "y").count == 2, "20 bytes and the NUL: a second message")
    }

    @Test func theLaunchTimeIsTheNumberAfterTheLastTIME() {
        #expect(StartupNotification(id: "gnome-panel-123-host-app-1_TIME4242")?.timestamp == 4242)
        #expect(StartupNotification(id: "a_TIME1_TIME77")?.timestamp == 77)
        #expect(StartupNotification(id: "a_TIME99abc")?.timestamp == 99, "digits up to the first that is not one")
        #expect(StartupNotification(id: "no-time-here")?.timestamp == nil)
        #expect(StartupNotification(id: "a_TIME")?.timestamp == nil)
        #expect(StartupNotification(id: "a_TIME99999999999")?.timestamp == nil, "more than X's 32-bit clock holds")
    }

    @Test func anEmptyOverlongOrControlCharacterIDIsNoLaunch() {
        #expect(StartupNotification(id: "") == nil)
        #expect(StartupNotification(id: "a\u{0}b") == nil)
        #expect(StartupNotification(id: "a\nb") == nil)
        #expect(StartupNotification(id: String(repeating: "x", count: StartupNotification.maxIDBytes + 1)) == nil)
        #expect(StartupNotification(id: String(repeating: "x", count: StartupNotification.maxIDBytes)) != nil)
        #expect(StartupNotification(environment: ["DESKTOP_STARTUP_ID": "x_TIME5"])?.id == "x_TIME5")
        #expect(StartupNotification(environment: ["DESKTOP_STARTUP_ID": ""]) == nil)
        #expect(StartupNotification(environment: [:]) == nil)
    }
}
