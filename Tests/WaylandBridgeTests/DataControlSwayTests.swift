import Foundation
import Testing
import TestSupport
@testable import WaylandBridge

private let text = "Spider-Man ✓ — 蜘蛛侠 (Peter Parker)"

/// The bytes of the one result, or nil.
private func bytes(_ fetched: [DataControlReader.Fetched]?) -> [UInt8]? {
    guard let fetched, fetched.count == 1, case let .success(bytes) = fetched[0].result else { return nil }
    return [UInt8](bytes)
}

/// WaylandBridge against a real headless sway 1.7 (wlr-data-control-unstable-v1 version 2) and real wl-clipboard.
/// One compositor per test, one test at a time: each sway starts Xwayland too, and the machine has two cores.
@Suite(.serialized) struct DataControlSwayTests {
    @Test func theConnectionBindsWlrDataControlVersion2() throws {
        let session = try SwaySession()
        #expect(session.connection.dataControl == DataControlProtocol(family: .wlr, version: 2))
        #expect(session.connection.dataControl?.description == "wlr-data-control-unstable-v1 version 2")
    }

    @Test func wlCopyTextIsSeenWithItsTypesAndReadByteForByte() throws {
        let session = try SwaySession()
        var copy: Child?
        let change = try session.nextChange(offering: "text/plain;charset=utf-8") {
            copy = try session.copy([text])
        }
        let seen = try #require(change, "changes: \(session.changes); wl-copy: \(copy?.errors ?? "") running \(copy?.isRunning == true)")
        #expect(seen.mimeTypes.contains("text/plain"))
        #expect(seen.mimeTypes.contains("UTF8_STRING"))
        #expect(!seen.tooManyTypes)
        let fetched = session.fetch(try #require(seen.offer), [.init("text/plain;charset=utf-8"), .init("UTF8_STRING")])
        #expect(fetched?.map(\.mimeType) == ["text/plain;charset=utf-8", "UTF8_STRING"])
        for result in fetched ?? [] { #expect(result.result == .success(Data(text.utf8))) }
    }

    @Test func wlCopyPrimaryIsSeenAsThePrimarySelection() throws {
        let session = try SwaySession(primary: true)
        var copy: Child?
        let change = try session.nextChange(of: .primary, offering: "text/plain") {
            copy = try session.copy(["--primary", "Gwen Stacy"])
        }
        let seen = try #require(change, "changes: \(session.changes); wl-copy: \(copy?.errors ?? "") running \(copy?.isRunning == true)")
        #expect(bytes(session.fetch(try #require(seen.offer), [.init("text/plain")])) == Array("Gwen Stacy".utf8))
        #expect(session.device.offer(of: .primary) == seen.offer)
    }

    @Test func aTenMegabytePayloadIsReadWhole() throws {
        let session = try SwaySession()
        let payload = (0..<(10 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let change = try session.nextChange(offering: "application/x-herobridge-test") {
            let file = try session.sway.write("payload", Data(payload))
            try session.copy(["--type", "application/x-herobridge-test"], from: file)
        }
        let offer = try #require(change?.offer)
        let fetched = session.fetch(offer, [.init("application/x-herobridge-test", maxBytes: 16 << 20)])
        let read = try #require(bytes(fetched))
        #expect(read.count == payload.count)
        #expect(read == payload)
    }

    @Test func aSourceThatNeverWritesTimesOut() throws {
        let session = try SwaySession()
        let change = try session.nextChange(offering: "text/plain") {
            try session.startSource(["--never-write", "--text", "never"])
        }
        let fetched = session.fetch(try #require(change?.offer), [.init("text/plain"), .init("text/html")],
                                    limits: .init(timeout: 1))
        // The second type is not asked: a source silent for one is silent for the rest.
        #expect(fetched == [.init(mimeType: "text/plain", result: .failure(.timedOut(seconds: 1)), seconds: fetched?.first?.seconds ?? 0)])
    }

    @Test func aSourceSendingMoreThanTheCapIsCutOff() throws {
        let session = try SwaySession()
        let change = try session.nextChange(offering: "text/plain") {
            try session.startSource(["--huge", "\(8 << 20)"])
        }
        let fetched = session.fetch(try #require(change?.offer), [.init("text/plain", maxBytes: 1 << 20)])
        #expect(fetched?.first?.result == .failure(.tooLarge(bytes: (1 << 20) + 1, limit: 1 << 20)))
    }

    @Test func anOfferOfTooManyTypesIsReportedSo() throws {
        let session = try SwaySession()
        let change = try session.nextChange(offering: "text/plain") {
            try session.startSource(["--text", "many", "--many-types", "2000"])
        }
        let seen = try #require(change)
        #expect(seen.mimeTypes.count == 1024)
        #expect(seen.tooManyTypes)
        #expect(seen.typesOverLimit > 0)
    }

    @Test func aReplacedOfferIsDestroyed() throws {
        let session = try SwaySession()
        let first = try session.nextChange(offering: "text/plain") { try session.copy(["one"]) }
        let second = try session.nextChange(offering: "text/plain") { try session.copy(["two"]) }
        #expect(first?.offer != nil && second?.offer != nil && first?.offer != second?.offer)
        #expect(session.device.liveOfferCount == 1)
        #expect(bytes(session.fetch(try #require(second?.offer), [.init("text/plain")])) == Array("two".utf8))
        // The replaced offer is gone: reading it is refused without a request.
        #expect(session.fetch(try #require(first?.offer), [.init("text/plain")])?.first?.result == .failure(.offerGone))
    }

    @Test func killingSwayEndsTheConnection() throws {
        let session = try SwaySession()
        session.sway.kill()
        #expect(session.wait { session.lost != nil })
        #expect(session.lost == "the Wayland compositor closed the connection")
        #expect(!session.connection.dispatch())
    }

    @Test func ourSourceIsReadByWlPasteAsTextAndAsAPNGByteForByte() throws {
        let session = try SwaySession()
        let png = ImageFixtures.png(width: 64, height: 48)
        let source = try DataControlSource(device: session.device, loop: session.loop, selection: .clipboard, contents: [
            (mimeType: "text/plain;charset=utf-8", bytes: Array(text.utf8)),
            (mimeType: "text/plain", bytes: Array(text.utf8)),
            (mimeType: "image/png", bytes: Array(png)),
        ])
        #expect(session.wait { session.device.offer(of: .clipboard) != nil })

        let paste = try session.sway.spawn("wl-paste", ["--no-newline", "--type", "text/plain;charset=utf-8"])
        #expect(session.wait { !paste.isRunning })
        #expect(paste.output == text)

        let image = try session.sway.spawn("wl-paste", ["--type", "image/png"], label: "wl-paste-png")
        #expect(session.wait { !image.isRunning })
        #expect(FileManager.default.contents(atPath: image.outputPath) == png)
        #expect(session.wait { source.sendsInFlight == 0 })
        #expect(source.completedSends == 2)
        #expect(source.isSelection)
    }

    @Test func ourSourceIsCancelledWhenWlCopyTakesTheSelection() throws {
        let session = try SwaySession()
        let source = try DataControlSource(device: session.device, loop: session.loop, selection: .clipboard,
                                           contents: [(mimeType: "text/plain", bytes: Array("Peter".utf8))])
        var cancelled = false
        source.onCancelled = { cancelled = true }
        #expect(session.wait { session.device.offer(of: .clipboard) != nil })
        try session.copy(["Miles"])
        #expect(session.wait { cancelled })
        #expect(!source.isSelection)
    }

    @Test func ourPrimarySourceIsReadByWlPaste() throws {
        let session = try SwaySession(primary: true)
        let source = try DataControlSource(device: session.device, loop: session.loop, selection: .primary,
                                           contents: [(mimeType: "text/plain", bytes: Array("Mary Jane".utf8))])
        #expect(session.wait { session.device.offer(of: .primary) != nil })
        let paste = try session.sway.spawn("wl-paste", ["--primary", "--no-newline", "--type", "text/plain"])
        #expect(session.wait { !paste.isRunning })
        #expect(paste.output == "Mary Jane")
        #expect(source.completedSends == 1)
    }
}
