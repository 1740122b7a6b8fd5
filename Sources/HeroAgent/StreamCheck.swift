import Dispatch
import HeroCore
import HeroTransfer
import Synchronization
import X11Bridge

/// The check of one INCR image transfer made while it arrives: each chunk the X thread took is fed, on the
/// `IdleLane`s, to a `PNGStream` (every row decoded) and to a SHA-256 with the chunks' CRCs (each on a lane of
/// its own), so that when the last byte comes the portrait is validated and hashed, or nearly, and the ingest
/// only stores it. Data that is no valid PNG (a JPEG,
/// a corrupt file, a limit broken), or a check starved of CPU, yields no result: the worker then validates in
/// full, as before, with the usual message for a refusal. Created on the X thread.
final class StreamCheck: @unchecked Sendable {
    let incoming: IncomingBytes
    /// Fed on the idle lane only; read by `result` once every byte was fed (the mutex orders the two).
    private let png: PNGStream?
    private let hash = SHA256Stream()
    /// The critical chunks' CRCs, which `png` leaves to it; fed with the hash.
    private var chunks = PNGChunkCheck()
    private struct Progress {
        /// Bytes decoded and bytes hashed: two lanes may do the two, each at its own pace.
        var decoded = 0
        var hashed = 0
        var failed = false
        var cancelled = false
        var fed: Int { min(decoded, hashed) }
        var steps: Int { decoded + hashed }
    }
    private let progress = Mutex(Progress())
    private let advanced = DispatchSemaphore(value: 0)

    init(incoming: IncomingBytes, limits: TransferLimits) {
        self.incoming = incoming
        png = PNGStream(limits: limits, checksCriticalCRC: false)
    }

    /// Decodes and hashes the bytes from the last feed up to `count`, which the X thread committed before handing
    /// it over. Runs on one idle lane.
    func feed(upTo count: Int) {
        feedImage(upTo: count)
        feedHash(upTo: count)
    }

    /// Decodes the bytes from the last decode up to `count`. Runs on one idle lane, in order.
    func feedImage(upTo count: Int) {
        let start = progress.withLock { $0.cancelled || $0.failed ? nil : $0.decoded }
        guard let png, let start, count > start else { return }
        png.feed(incoming.bytes(start..<count))
        let failed = png.hasFailed
        progress.withLock {
            $0.decoded = count
            $0.failed = $0.failed || failed
        }
        advanced.signal()
    }

    /// Hashes the bytes from the last hash up to `count`, and checks the critical chunks' CRCs: on a second idle
    /// lane where there is one, so that on two cores the digest and the decode finish nearer together once the
    /// transfer leaves the cores free (digest and CRC were a third of the check's CPU, measured with perf). Runs
    /// on one idle lane, in order.
    func feedHash(upTo count: Int) {
        let start = progress.withLock { $0.cancelled || $0.failed ? nil : $0.hashed }
        guard png != nil, let start, count > start else { return }
        let piece = incoming.bytes(start..<count)
        hash.update(piece)
        chunks.feed(piece)
        let failed = chunks.failed
        progress.withLock {
            $0.hashed = count
            $0.failed = $0.failed || failed
        }
        advanced.signal()
    }

    /// The validated image once the check has fed all `total` bytes: waits for it while it makes progress, and
    /// gives up (cancelling it) when it fails or takes no step for `patience` seconds. Runs on the worker.
    ///
    /// When the digest is done and the decode is not, the worker, idle otherwise, writes the bytes to a file with
    /// `stage` (the portrait's file, taken by the store if the image turns out valid): on two cores the decode's
    /// tail and the file's write then overlap instead of following each other.
    func result(total: Int, patience: Double = 0.05,
                stage: (UnsafeRawBufferPointer) -> StagedFile? = { _ in nil }) -> StreamedImage? {
        guard png != nil, total > 0 else { return nil }
        var seen = -1
        var staged: StagedFile?
        var stagingTried = false
        while true {
            let now = progress.withLock { $0 }
            if now.failed || now.cancelled { return nil }
            if now.fed >= total { break }
            if now.hashed >= total, !stagingTried {
                stagingTried = true
                staged = stage(incoming.bytes(0..<total))
                continue
            }
            if now.steps == seen, advanced.wait(timeout: .now() + patience) == .timedOut,
               progress.withLock({ $0.steps }) == seen {
                progress.withLock { $0.cancelled = true }
                return nil
            }
            seen = now.steps
        }
        guard let png, let size = png.size, png.fed == total, hash.count == total, chunks.isComplete else { return nil }
        let address = UInt(bitPattern: incoming.bytes(0..<0).baseAddress)
        return StreamedImage(address: address, count: total, mime: "image/png", width: size.width, height: size.height,
                             sha256: hash.finish(), staged: staged)
    }
}
