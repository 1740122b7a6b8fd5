import Dispatch
import HeroBase
import HeroCore
import HeroTransfer
import Synchronization
import X11Bridge

/// The check of one INCR image transfer made while it arrives, so that when the last byte comes the portrait is
/// validated, hashed and written, or nearly, and the ingest only stores it. Each chunk the X thread took is handed
/// to three `IdleLane`s:
/// - a `PNGStream` that never unfilters a row (the image data inflated and checked, every CRC checked: libpng's
///   filters were most of a decode's CPU, and without them the check keeps up with the transfer);
/// - a SHA-256 of the bytes;
/// - with a `PortraitStaging` (an on-disk database) and more bytes than a row keeps, a `PortraitFileWriter` that
///   writes the portrait's file by direct I/O as the bytes come.
///
/// Data that is no valid PNG (a JPEG, a corrupt file, a limit broken), or a check starved of CPU, yields no
/// result: the worker then validates in full, as before, with the usual message for a refusal. Created on the X
/// thread.
final class StreamCheck: @unchecked Sendable {
    let incoming: IncomingBytes
    /// Fed on the idle lane only; read by `result` once every byte was fed (the mutex orders the two).
    private let png: PNGStream?
    private let hash = SHA256Stream()
    private let staging: PortraitStaging?
    /// The file lane's, until the worker claims it (the mutex orders the two).
    private var writer: PortraitFileWriter?
    private var writerTried = false
    private struct Progress {
        /// Bytes decoded and bytes hashed: two lanes may do the two, each at its own pace.
        var decoded = 0
        var hashed = 0
        var failed = false
        var cancelled = false
        /// The file lane is writing; the worker has claimed the file (the lane writes no more).
        var writing = false
        var fileClaimed = false
        var fed: Int { min(decoded, hashed) }
        var steps: Int { decoded + hashed }
    }
    private let progress = Mutex(Progress())
    private let advanced = DispatchSemaphore(value: 0)
    /// Signalled when the file lane ends a write after the worker claimed the file.
    private let wrote = DispatchSemaphore(value: 0)

    init(incoming: IncomingBytes, limits: TransferLimits, staging: PortraitStaging? = nil) {
        self.incoming = incoming
        self.staging = staging
        png = PNGStream(limits: limits)
    }

    /// Checks and hashes the bytes from the last feed up to `count`, which the X thread committed before handing
    /// it over. Runs on one idle lane.
    func feed(upTo count: Int) {
        feedImage(upTo: count)
        feedHash(upTo: count)
    }

    /// Checks the bytes from the last check up to `count`. Runs on one idle lane, in order.
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

    /// Hashes the bytes from the last hash up to `count`: on a lane of its own where there is one, so that on two
    /// cores the digest and the check finish nearer together once the transfer leaves the cores free (the digest
    /// is the larger part: about 36 ms of CPU for 50 MB, against about 17 for the check). Runs on one idle lane, in
    /// order.
    func feedHash(upTo count: Int) {
        let start = progress.withLock { $0.cancelled || $0.failed ? nil : $0.hashed }
        guard png != nil, let start, count > start else { return }
        hash.update(incoming.bytes(start..<count))
        progress.withLock { $0.hashed = count }
        advanced.signal()
    }

    /// Writes the portrait's file up to `count` (whole blocks, 4 MiB at a time), starting it once there are more
    /// bytes than a row keeps; nothing once the check failed or the worker claimed the file. Runs on one idle lane,
    /// in order.
    func feedFile(upTo count: Int) {
        guard let staging, count > staging.inlineBytes else { return }
        let go = progress.withLock { state -> Bool in
            guard !state.fileClaimed, !state.failed, !state.cancelled else { return false }
            state.writing = true
            return true
        }
        guard go else { return }
        if !writerTried {
            writerTried = true
            writer = staging.start()
        }
        writer?.advance(incoming.bytes(0..<count))
        let claimed = progress.withLock { state -> Bool in
            state.writing = false
            return state.fileClaimed
        }
        if claimed { wrote.signal() }
    }

    /// The file lane's writer, taken from it: waits at most `patience` seconds for a write in progress to end,
    /// and gives nil after that (the lane keeps it, and the file goes with this check). Runs on the worker.
    private func claimFile(patience: Double) -> PortraitFileWriter? {
        let deadline = DispatchTime.now() + patience
        while true {
            let writing = progress.withLock { state -> Bool in
                state.fileClaimed = true
                return state.writing
            }
            if !writing { return writer }
            if wrote.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    /// Lets the file lane's file go now, unless the lane is in the middle of a write: it then goes with this check,
    /// when the lane next runs (having no name yet, it is never seen in the folder meanwhile). Runs on the worker.
    private func dropFile() {
        let writing = progress.withLock { state -> Bool in
            state.fileClaimed = true
            return state.writing
        }
        if !writing { writer = nil }
    }

    /// The validated image once the check has fed all `total` bytes: waits for it while it makes progress, and
    /// gives up (cancelling it) when it fails or takes no step for `patience` seconds. Runs on the worker.
    ///
    /// The portrait's file comes with it: the file lane's, finished here (the rest of it is a few blocks unless
    /// the lane was starved), or, without one, written with `stage` while the check is not done yet (the worker,
    /// idle otherwise, then overlaps the check's tail). A refused image deletes it.
    func result(total: Int, patience: Double = 0.05,
                stage: (UnsafeRawBufferPointer) -> StagedFile? = { _ in nil }) -> StreamedImage? {
        guard png != nil, total > 0 else { return nil }
        var seen = -1
        var staged: StagedFile?
        var stagingTried = false
        while true {
            let now = progress.withLock { $0 }
            if now.failed || now.cancelled {
                dropFile()
                return nil
            }
            if !stagingTried {
                stagingTried = true
                if let writer = claimFile(patience: patience) {
                    staged = writer.finish(incoming.bytes(0..<total))
                    continue
                }
                if now.fed < total {
                    staged = stage(incoming.bytes(0..<total))
                    continue
                }
            }
            if now.fed >= total { break }
            if now.steps == seen, advanced.wait(timeout: .now() + patience) == .timedOut,
               progress.withLock({ $0.steps }) == seen {
                progress.withLock { $0.cancelled = true }
                dropFile()
                return nil
            }
            seen = now.steps
        }
        guard let png, let size = png.size, png.fed == total, hash.count == total else { return nil }
        let address = UInt(bitPattern: incoming.bytes(0..<0).baseAddress)
        return StreamedImage(address: address, count: total, mime: "image/png", width: size.width, height: size.height,
                             sha256: hash.finish(), staged: staged)
    }
}
