import FoundationEssentials

/// The owner side of ICCCM INCR (§2.7.2) for any number of transfers at once, keyed by (requestor, property).
/// A value with no X11 in it: the owner writes the INCR announcement, calls `begin`, and on every
/// PropertyNotify(Delete) of that property asks `propertyDeleted` what to write next.
///
/// One transfer: announcement deleted → chunk 1 … chunk n, each written after the previous one was deleted →
/// after the last chunk's delete, a zero-length property ends it (the requestor deletes that too, unobserved).
public struct IncrementalSends {
    /// Which transfer: the requestor window and the property the data goes into.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public let requestor: UInt
        public let property: UInt

        public init(requestor: UInt, property: UInt) {
            self.requestor = requestor
            self.property = property
        }

        public var description: String { "0x\(String(requestor, radix: 16))/\(property)" }
    }

    /// What the owner must do after a delete.
    public enum Step: Equatable {
        /// Write `data[range]` with `type`, format 8, into the key's property.
        case writeChunk(Key, type: UInt, range: Range<Int>)
        /// Write a zero-length property of `type`: the transfer is complete and forgotten.
        case writeEnd(Key, type: UInt, chunks: Int, bytes: Int)
        /// The delete was not for a transfer in flight (our own write's echo, another client, a finished one).
        case ignore
    }

    private struct Transfer {
        let data: Data
        let type: UInt
        /// Bytes written so far (0 while the announcement waits for its delete).
        var sent = 0
        var chunks = 0
    }

    /// Bytes per chunk (and the size above which the owner should use INCR at all).
    public let chunkSize: Int
    private var transfers: [Key: Transfer] = [:]

    public init(chunkSize: Int = 256 * 1024) {
        precondition(chunkSize > 0, "chunks must hold at least one byte")
        self.chunkSize = chunkSize
    }

    /// Whether `byteCount` bytes need INCR rather than one property.
    public func needsIncrement(_ byteCount: Int) -> Bool { byteCount > chunkSize }

    /// Registers a transfer whose INCR announcement has just been written. A transfer already in flight under
    /// the same key is replaced: the requestor reused the property, so it has given up on the old one.
    public mutating func begin(_ key: Key, data: Data, type: UInt) {
        transfers[key] = Transfer(data: data, type: type)
    }

    /// The property `key` was deleted by the requestor: the next chunk, the end, or nothing.
    public mutating func propertyDeleted(_ key: Key) -> Step {
        guard var transfer = transfers[key] else { return .ignore }
        let start = transfer.sent
        guard start < transfer.data.count else {
            transfers[key] = nil
            return .writeEnd(key, type: transfer.type, chunks: transfer.chunks, bytes: transfer.sent)
        }
        let end = min(start + chunkSize, transfer.data.count)
        transfer.sent = end
        transfer.chunks += 1
        transfers[key] = transfer
        return .writeChunk(key, type: transfer.type, range: start..<end)
    }

    /// The bytes `range` of a transfer refers to (valid until the transfer ends).
    public func bytes(for key: Key, range: Range<Int>) -> Data? {
        guard let transfer = transfers[key] else { return nil }
        let base = transfer.data.startIndex
        return transfer.data[base + range.lowerBound..<base + range.upperBound]
    }

    /// Progress of a transfer in flight: bytes sent and total; nil when there is no such transfer.
    public func progress(_ key: Key) -> (sent: Int, total: Int)? {
        transfers[key].map { ($0.sent, $0.data.count) }
    }

    /// Drops one transfer (timed out, or writing to the requestor failed); false when it did not exist.
    @discardableResult
    public mutating func cancel(_ key: Key) -> Bool {
        transfers.removeValue(forKey: key) != nil
    }

    /// Drops every transfer to `requestor` (its window was destroyed); the keys dropped.
    public mutating func cancelAll(requestor: UInt) -> [Key] {
        let gone = transfers.keys.filter { $0.requestor == requestor }
        for key in gone { transfers[key] = nil }
        return gone
    }

    /// Whether any transfer still goes to `requestor` (its events are still needed).
    public func isSending(to requestor: UInt) -> Bool {
        transfers.keys.contains { $0.requestor == requestor }
    }

    public var isEmpty: Bool { transfers.isEmpty }
    public var count: Int { transfers.count }
}
