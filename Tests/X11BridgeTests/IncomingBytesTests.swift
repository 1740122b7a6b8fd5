import Foundation
import Testing
import X11Bridge
import HeroBase

@Suite struct IncomingBytesTests {
    private func write(_ bytes: [UInt8], to buffer: IncomingBytes) {
        buffer.writeSpare { destination, spare in
            precondition(bytes.count <= spare)
            destination.copyMemory(from: bytes, byteCount: bytes.count)
        }
    }

    @Test func onlyCommittedBytesArePartOfTheValue() throws {
        let buffer = try #require(IncomingBytes(capacity: 8))
        write([1, 2, 3], to: buffer)
        buffer.commit(2)
        #expect(buffer.data == Data([1, 2]))
        write([9, 9], to: buffer) // overwrites the uncommitted 3
        buffer.commit(2)
        #expect(buffer.data == Data([1, 2, 9, 9]))
        #expect(buffer.spare == 4)
    }

    @Test func theDataKeepsTheBytesAfterTheBufferIsDropped() throws {
        var data = Data()
        do {
            let buffer = try #require(IncomingBytes(capacity: 1 << 20))
            write(Array(repeating: 0x5A, count: 5000), to: buffer)
            buffer.commit(5000)
            data = buffer.data
        }
        #expect(data.count == 5000 && data.allSatisfy { $0 == 0x5A })
    }

    @Test func anAbsurdReservationIsRefusedNotACrash() {
        #expect(IncomingBytes(capacity: Int.max / 2) == nil)
    }

    @Test func equalityIsByTheCommittedBytes() throws {
        let a = try #require(IncomingBytes(capacity: 4)), b = try #require(IncomingBytes(capacity: 100))
        write([7], to: a)
        a.commit(1)
        #expect(a != b)
        write([7], to: b)
        b.commit(1)
        #expect(a == b)
    }
}
