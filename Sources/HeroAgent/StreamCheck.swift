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
///
/// The rules (what each lane feeds, when the file lane writes, when the worker takes the file, waits or gives up)
/// are `StreamCheckMachine`'s; this class holds the machine under a mutex and performs what it says: it feeds the
/// stream, the digest and the file, and blocks the worker on two semaphores, each wait bounded by the patience.
final class StreamCheck: @unchecked Sendable {
    let incoming: IncomingBytes
    /// Fed on the check lane only; read by `result` once every byte was fed (the mutex orders the two).
    private let png: PNGStream?
    /// Fed on the hash lane only (the check lane where there is none); read by `result` likewise.
    private let hash = SHA256Stream()
    private let staging: PortraitStaging?
    /// The file lane's, until the worker takes it or lets it go (the machine orders the two).
    private var writer: PortraitFileWriter?
    private let machine: Mutex<StreamCheckMachine>
    /// Signalled at each step of a feeding lane: the worker waits on it for the next.
    private let advanced = DispatchSemaphore(value: 0)
    /// Signalled when the file lane ends a write after the worker claimed the file.
    private let wrote = DispatchSemaphore(value: 0)

    init(incoming: IncomingBytes, limits: TransferLimits, staging: PortraitStaging? = nil) {
        self.incoming = incoming
        self.staging = staging
        png = PNGStream(limits: limits)
        machine = Mutex(StreamCheckMachine(fileAfter: staging?.inlineBytes))
    }

    /// Checks and hashes the bytes from the last feed up to `count`, which the X thread committed before handing
    /// it over. Runs on one idle lane.
    func feed(upTo count: Int) {
        feedImage(upTo: count)
        feedHash(upTo: count)
    }

    /// Checks the bytes from the last check up to `count`. Runs on one idle lane, in order.
    func feedImage(upTo count: Int) {
        guard let png, let range = machine.withLock({ $0.bytesToFeed(.image, upTo: count) }) else { return }
        png.feed(incoming.bytes(range))
        let failed = png.hasFailed
        machine.withLock { $0.fed(.image, upTo: count, failed: failed) }
        advanced.signal()
    }

    /// Hashes the bytes from the last hash up to `count`: on a lane of its own where there is one, so that on two
    /// cores the digest and the check finish nearer together once the transfer leaves the cores free (the digest
    /// is the larger part of the two: BENCHMARKS.md has the figures). Runs on one idle lane, in order.
    func feedHash(upTo count: Int) {
        guard png != nil, let range = machine.withLock({ $0.bytesToFeed(.hash, upTo: count) }) else { return }
        hash.update(incoming.bytes(range))
        machine.withLock { $0.fed(.hash, upTo: count) }
        advanced.signal()
    }

    /// Writes the portrait's file up to `count` (whole blocks, 4 MiB at a time), starting it once there are more
    /// bytes than a row keeps; nothing once the check failed or the worker claimed the file. Runs on one idle lane,
    /// in order.
    func feedFile(upTo count: Int) {
        switch machine.withLock({ $0.fileWriteBegins(upTo: count) }) {
        case .skip:
            return
        case .start:
            writer = staging?.start()
            writer?.advance(incoming.bytes(0..<count))
        case .write:
            writer?.advance(incoming.bytes(0..<count))
        }
        if machine.withLock({ $0.fileWriteEnded() }) { wrote.signal() }
    }

    /// The validated image once the check has fed all `total` bytes: waits for it while it makes progress, and
    /// gives up (cancelling it) when it fails or takes no step for `patience` seconds. Runs on the worker, once.
    ///
    /// The portrait's file comes with it: the file lane's, finished here (the rest of it is a few blocks unless
    /// the lane was starved; a write in progress is waited for at most `patience` seconds), or, without one,
    /// written with `stage` while the check is not done yet (the worker, idle otherwise, then overlaps the check's
    /// tail). A refused image deletes it.
    func result(total: Int, patience: Double = 0.05,
                stage: (UnsafeRawBufferPointer) -> StagedFile? = { _ in nil }) -> StreamedImage? {
        guard png != nil, total > 0 else { return nil }
        let bytes = incoming.bytes(0..<total)
        var staged: StagedFile?
        var fileDeadline: DispatchTime?
        waiting: while true {
            switch machine.withLock({ $0.workerNext(total: total) }) {
            case let .giveUp(releaseFile):
                if releaseFile { writer = nil }
                return nil
            case let .takeFile(orStage):
                if let writer { staged = writer.finish(bytes) } else if orStage { staged = stage(bytes) }
            case .waitForFileWrite:
                let deadline = fileDeadline ?? .now() + patience
                fileDeadline = deadline
                if wrote.wait(timeout: deadline) == .timedOut, machine.withLock({ $0.fileWriteOutlasted() }) {
                    staged = stage(bytes)
                }
            case .waitForStep:
                if advanced.wait(timeout: .now() + patience) == .timedOut {
                    machine.withLock { $0.noStepWithinPatience() }
                }
            case .finish:
                break waiting
            }
        }
        guard let png, let size = png.size, png.fed == total, hash.count == total else { return nil }
        let address = UInt(bitPattern: incoming.bytes(0..<0).baseAddress)
        return StreamedImage(address: address, count: total, mime: "image/png", width: size.width, height: size.height,
                             sha256: hash.finish(), staged: staged)
    }
}
