import Foundation
import HeroCore
import HeroTransfer
import Testing
import TestSupport
import X11Bridge
@testable import HeroAgent

/// `StreamCheck` with no X server and no idle lane: chunks committed to an `IncomingBytes` and fed by hand, as the
/// lane would, then the worker's question.
@Suite struct StreamCheckTests {
    private func arrive(_ data: Data, chunk: Int, check: (StreamCheck, IncomingBytes) -> Void = { _, _ in }) throws
        -> (StreamCheck, IncomingBytes)
    {
        let incoming = try #require(IncomingBytes(capacity: data.count + 100))
        let streamCheck = StreamCheck(incoming: incoming, limits: .default)
        var offset = 0
        while offset < data.count {
            let piece = data[data.startIndex + offset..<data.startIndex + min(offset + chunk, data.count)]
            incoming.writeSpare { destination, _ in piece.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
            incoming.commit(piece.count)
            offset += piece.count
            streamCheck.feed(upTo: incoming.count)
        }
        check(streamCheck, incoming)
        return (streamCheck, incoming)
    }

    @Test func aValidPNGFedChunkByChunkIsTheTransfersImageWithItsDigest() throws {
        let png = ImageFixtures.noisyPNG(width: 300, height: 200)
        let (check, incoming) = try arrive(png, chunk: 4096)
        let streamed = try #require(check.result(total: incoming.count))
        #expect(streamed.width == 300 && streamed.height == 200 && streamed.count == png.count)
        #expect(streamed.sha256 == SHA256.hex(png))
        // It stands for the transfer's own bytes, and for no copy of them.
        let image = try #require(streamed.image(for: incoming.data, limits: .default))
        #expect(image.sha256 == SHA256.hex(png))
        #expect(streamed.image(for: Data(png), limits: .default) == nil)
    }

    @Test func aCorruptPNGGivesNoResultAtOnce() throws {
        var png = ImageFixtures.noisyPNG(width: 300, height: 200)
        png[png.count / 2] ^= 0xFF
        let (check, incoming) = try arrive(png, chunk: 4096)
        #expect(check.result(total: incoming.count, patience: 60) == nil) // failed: no wait for the patience
    }

    @Test func aCheckThatFallsBehindAndStopsIsGivenUpAfterItsPatience() throws {
        let png = ImageFixtures.noisyPNG(width: 300, height: 200)
        let incoming = try #require(IncomingBytes(capacity: png.count))
        incoming.writeSpare { destination, _ in png.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
        incoming.commit(png.count)
        let check = StreamCheck(incoming: incoming, limits: .default)
        check.feed(upTo: png.count / 2) // the lane got this far, then no CPU
        #expect(check.result(total: png.count, patience: 0.01) == nil)
        check.feed(upTo: png.count) // too late: given up
        #expect(check.result(total: png.count, patience: 0.01) == nil)
    }
}
