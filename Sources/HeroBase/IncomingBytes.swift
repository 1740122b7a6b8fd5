import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of one INCR transfer, in one mapping reserved at the transfer's byte budget when it starts and never
/// moved: each chunk is read from the socket straight to its place at the end (`XConnection.readProperty(…into:)`),
/// so a 50 MB image is copied once, from the kernel, and each page is faulted in once. Reserving costs address
/// space only (`MAP_NORESERVE`, untouched pages take no memory). Because the bytes never move, a region already
/// written can be read on another thread while the next chunk arrives (the agent's idle lanes check, hash and
/// write it),
/// and `data` hands the whole value on without a copy. The mapping goes when the last holder does.
///
/// One writer, on the X thread. Readers elsewhere only read ranges that the writer committed before handing them
/// over through a queue (which orders the memory).
public final class IncomingBytes: @unchecked Sendable, Equatable {
    /// The most bytes it can hold: the reservation.
    public let capacity: Int
    private let base: UnsafeMutableRawPointer
    /// Bytes committed so far (X thread).
    public private(set) var count = 0

    /// Reserves `capacity` bytes; nil when the address space cannot be had.
    public init?(capacity: Int) {
        let size = max(capacity, 1)
        guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              mapping != MAP_FAILED else { return nil }
        base = mapping
        self.capacity = capacity
    }

    deinit { munmap(base, max(capacity, 1)) }

    /// Bytes that can still be written.
    public var spare: Int { capacity - count }

    /// Lets `write` fill up to `spare` bytes at the end (it returns how many it wrote); they count only once
    /// `commit` is called, so a write that turns out unwanted (a chunk of the wrong type) is simply not committed.
    public func writeSpare<Result>(_ write: (UnsafeMutableRawPointer, Int) -> Result) -> Result {
        write(base + count, spare)
    }

    /// Makes `bytes` more bytes, written by `writeSpare`, part of the value.
    public func commit(_ bytes: Int) {
        precondition(bytes >= 0 && bytes <= spare, "committed past the reservation")
        count += bytes
    }

    /// The committed bytes `range`, for reading (on any thread, once the range was handed over).
    public func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        precondition(range.lowerBound >= 0 && range.upperBound <= capacity, "outside the reservation")
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The first `count` bytes as `Data`, without a copy: the `Data` keeps the mapping alive.
    public var data: Data {
        guard count > 0 else { return Data() }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { [self] _, _ in withExtendedLifetime(self) {} })
    }

    public static func == (lhs: IncomingBytes, rhs: IncomingBytes) -> Bool {
        lhs === rhs || (lhs.count == rhs.count && memcmp(lhs.base, rhs.base, lhs.count) == 0)
    }
}
