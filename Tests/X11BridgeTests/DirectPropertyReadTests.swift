import CX11
import Foundation
import Testing
import TestSupport
import X11Bridge
import HeroBase

/// `readProperty(…into:)` on a private Xvfb: the GetProperty request whose value is read from the wire straight
/// into an `IncomingBytes` must give what XGetWindowProperty gives (every format, packed as `PropertyValue` packs
/// it), delete the property, write nothing past its budget, and leave the connection usable after every case.
@Suite struct DirectPropertyReadTests {
    private struct Server {
        let xvfb: XvfbServer
        let connection: XConnection
        let window: Window
        let property: Atom

        init() throws {
            xvfb = try XvfbServer()
            connection = try XConnection.open(displayName: xvfb.display, environment: [:])
            window = connection.createHelperWindow()
            property = connection.atom("_HEROBRIDGE_TEST_CHUNK")
        }

        func stop() { xvfb.stop() }

        var exists: Bool { connection.hasProperty(window: window, property: property) }
    }

    @Test func chunksLandOneAfterAnotherAndThePropertyIsDeleted() throws {
        let server = try Server()
        defer { server.stop() }
        let buffer = try #require(IncomingBytes(capacity: 1 << 20))
        var expected = Data()
        // Odd sizes: the request asks for whole 32-bit units, the value is the exact bytes.
        for (index, size) in [1, 4099, 262_143, 3].enumerated() {
            let chunk = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + index) })
            server.connection.setProperty8(window: server.window, property: server.property, type: XA_STRING, bytes: chunk)
            let read = server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                                      into: buffer, maxBytes: buffer.spare)
            #expect(read == .written(type: XA_STRING, format: 8, bytes: size))
            buffer.commit(size)
            expected.append(chunk)
            #expect(!server.exists)
        }
        #expect(buffer.data == expected)
    }

    @Test func format32IsPackedToFourBytesAnItemAsPropertyValueHasIt() throws {
        let server = try Server()
        defer { server.stop() }
        server.connection.setProperty32(window: server.window, property: server.property, type: XA_ATOM,
                                        values: [1, 0xDEAD_BEEF, 3])
        let copied = try #require(server.connection.readSmallProperty(window: server.window, property: server.property))
        let buffer = try #require(IncomingBytes(capacity: 64))
        let read = server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                                  into: buffer, maxBytes: 64)
        #expect(read == .written(type: XA_ATOM, format: 32, bytes: 12))
        buffer.commit(12)
        #expect(buffer.data == copied.bytes)
    }

    @Test func aPropertyOverTheBudgetIsRefusedDeletedAndNothingIsWrittenPastTheBudget() throws {
        let server = try Server()
        defer { server.stop() }
        let buffer = try #require(IncomingBytes(capacity: 200))
        server.connection.setProperty8(window: server.window, property: server.property, type: XA_STRING,
                                       bytes: Data(repeating: 0x41, count: 150))
        let read = server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                                  into: buffer, maxBytes: 100)
        #expect(read == .oversized(bytes: 150))
        #expect(buffer.count == 0, "nothing committed")
        #expect(buffer.bytes(100..<200).allSatisfy { $0 == 0 }, "nothing written past the budget")
        #expect(!server.exists)
    }

    @Test(arguments: [101, 102, 103])
    func aPropertyThatFillsABudgetOfOddSizeExactlyIsRead(size: Int) throws {
        let server = try Server()
        defer { server.stop() }
        let buffer = try #require(IncomingBytes(capacity: 1000))
        let value = Data((0..<size).map { UInt8($0) })
        server.connection.setProperty8(window: server.window, property: server.property, type: XA_STRING, bytes: value)
        let read = server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                                  into: buffer, maxBytes: size)
        #expect(read == .written(type: XA_STRING, format: 8, bytes: size))
        buffer.commit(size)
        #expect(buffer.data == value)
        #expect(!server.exists)
        server.connection.setProperty8(window: server.window, property: server.property, type: XA_STRING, bytes: value + Data([9]))
        #expect(server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                               into: buffer, maxBytes: size) == .oversized(bytes: size + 1))
        #expect(!server.exists)
    }

    @Test func aMissingPropertyOrWindowIsMissingAndTheConnectionGoesOn() throws {
        let server = try Server()
        defer { server.stop() }
        let buffer = try #require(IncomingBytes(capacity: 100))
        #expect(server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                               into: buffer, maxBytes: 100) == .missing)
        let gone = server.connection.createHelperWindow()
        server.connection.destroyWindow(gone)
        #expect(server.connection.readProperty(window: gone, property: server.property, delete: true,
                                               into: buffer, maxBytes: 100) == .missing)
        // The connection still answers.
        server.connection.setProperty8(window: server.window, property: server.property, type: XA_STRING, bytes: Data("ok".utf8))
        #expect(server.connection.readProperty(window: server.window, property: server.property, delete: true,
                                               into: buffer, maxBytes: 100) == .written(type: XA_STRING, format: 8, bytes: 2))
    }
}
