import Foundation
import Testing
@testable import HeroAgent

/// Runs `body` with a log writing into a pipe, and returns what it wrote.
private func captured(threshold: AgentLog.Level = .info, environment: [String: String],
                      _ body: (AgentLog) -> Void) throws -> String {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let (reader, writer) = (fds[0], fds[1])
    defer { close(reader) }
    body(AgentLog(threshold: threshold, environment: environment, fd: writer))
    close(writer)
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        output += buffer[..<n]
    }
    return String(decoding: output, as: UTF8.self)
}

private let journal = ["JOURNAL_STREAM": "8:12345"]

@Suite("Agent log")
struct AgentLogTests {
    @Test func underJournaldLinesCarryThePriorityAndNoTimestamp() throws {
        let output = try captured(threshold: .debug, environment: journal) { log in
            log.error("cannot open display :0")
            log.warning("owner did not answer")
            log.notice("replaced the running agent")
            log.info("Spider-Man added")
            log.debug("TARGETS: 7 atoms")
        }
        #expect(output == """
            <3>cannot open display :0
            <4>owner did not answer
            <5>replaced the running agent
            <6>Spider-Man added
            <7>TARGETS: 7 atoms

            """)
    }

    @Test func withoutJournaldLinesStartWithAnISO8601UTCTimestamp() throws {
        let before = Date()
        let output = try captured(environment: [:]) { log in
            log.info("Spider-Man added")
            log.error("something broke")
        }
        let after = Date()
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 3)
        #expect(lines[2].isEmpty)
        let pattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z) (.*)$/
        let first = try #require(try pattern.wholeMatch(in: String(lines[0])))
        let second = try #require(try pattern.wholeMatch(in: String(lines[1])))
        #expect(first.output.2 == "Spider-Man added")
        #expect(second.output.2 == "something broke")
        // The Z is true: the timestamp is UTC, and it is now.
        let stamp = try Date(String(first.output.1), strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(stamp >= before.addingTimeInterval(-1) && stamp <= after.addingTimeInterval(1))
        #expect(!output.contains("<6>"))
    }

    @Test func anEmptyJournalStreamMeansNoJournald() throws {
        let output = try captured(environment: ["JOURNAL_STREAM": ""]) { $0.info("hello") }
        #expect(!output.hasPrefix("<6>"))
        #expect(output.hasSuffix(" hello\n"))
    }

    @Test func thresholdWarningDropsInfoAndDebug() throws {
        let output = try captured(threshold: .warning, environment: journal) { log in
            log.debug("debug")
            log.info("info")
            log.notice("notice")
            log.warning("warning")
            log.error("error")
        }
        #expect(output == "<4>warning\n<3>error\n")
    }

    @Test func theDefaultThresholdInfoDropsDebug() throws {
        let output = try captured(environment: journal) { log in
            log.debug("debug")
            log.info("info")
        }
        #expect(output == "<6>info\n")
    }

    @Test func theThresholdCanBeChangedLater() throws {
        let output = try captured(threshold: .warning, environment: journal) { log in
            log.info("dropped")
            log.threshold = .debug
            log.debug("kept")
        }
        #expect(output == "<7>kept\n")
    }

    @Test func aMessageWithNewlinesIsWrittenAsOneLine() throws {
        let output = try captured(environment: journal) { log in
            log.warning("owner said:\nline two\r\nline three\n")
        }
        #expect(output == "<4>owner said: line two line three\n")
        let plain = try captured(environment: [:]) { $0.info("a\nb") }
        #expect(plain.filter { $0 == "\n" }.count == 1)
        #expect(plain.hasSuffix(" a b\n"))
    }

    @Test func nonASCIIMessagesAreWrittenWhole() throws {
        let output = try captured(environment: journal) { $0.info("Spider‐Man — 蜘蛛侠 🕷") }
        #expect(output == "<6>Spider‐Man — 蜘蛛侠 🕷\n")
    }

    @Test func aMessageUpToTheCapIsWrittenWhole() throws {
        let message = String(repeating: "Spider-Man ", count: 372) // 4,092 bytes
        let output = try captured(environment: journal) { $0.info(message) }
        #expect(output == "<6>" + message + "\n")
    }

    @Test func aMessageOverTheCapIsCutAtACharacterBoundary() throws {
        // 3-byte characters: the cap (4,096 bytes) falls inside one, which must not be split.
        let message = String(repeating: "蜘", count: 20_000)
        let output = try captured(environment: journal) { $0.info(message) }
        #expect(output == "<6>" + String(repeating: "蜘", count: 1365) + "…\n")
    }
}
