import Dispatch
import HeroCore
import HeroTransfer
import Synchronization
import X11Bridge

/// The check of one INCR image transfer made while it arrives: each chunk the X thread took is fed, on the
/// `IdleLane`, to a `PNGStream` (every row decoded) and to a SHA-256, so that when the last byte comes the
/// portrait is validated and hashed, or nearly, and the ingest only stores it. Data that is no valid PNG (a JPEG,
/// a corrupt file, a limit broken), or a check starved of CPU, yields no result: the worker then validates in
/// full, as before, with the usual message for a refusal. Created on the X thread.
final class StreamCheck: @unchecked Sendable {
    let incoming: IncomingBytes
    /// Fed on the idle lane only; read by `result` once every byte was fed (the mutex orders the two).
    private let png: PNGStream?
    private let hash = SHA256Stream()
    private struct Progress {
        var fed = 0
        var failed = false
        var cancelled = false
    }
    private let progress = Mutex(Progress())
    private let advanced = DispatchSemaphore(value: 0)

    init(incoming: IncomingBytes, limits: TransferLimits) {
        self.incoming = incoming
        png = PNGStream(limits: limits)
    }

    /// Feeds the bytes from the last feed up to `count`, which the X thread committed before handing it over.
    /// Runs on the idle lane.
    func feed(upTo count: Int) {
        let start = progress.withLock { $0.cancelled || $0.failed ? nil : $0.fed }
        guard let png, let start, count > start else { return }
        let piece = incoming.bytes(start..<count)
        png.feed(piece)
        hash.update(piece)
        let failed = png.hasFailed
        progress.withLock {
            $0.fed = count
            $0.failed = failed
        }
        advanced.signal()
    }

    /// The validated image once the check has fed all `total` bytes: waits for it while it makes progress, and
    /// gives up (cancelling it) when it fails or takes no step for `patience` seconds. Runs on the worker.
    func result(total: Int, patience: Double = 0.05) -> StreamedImage? {
        guard png != nil, total > 0 else { return nil }
        var seen = -1
        while true {
            let now = progress.withLock { $0 }
            if now.failed || now.cancelled { return nil }
            if now.fed >= total { break }
            if now.fed == seen, advanced.wait(timeout: .now() + patience) == .timedOut,
               progress.withLock({ $0.fed }) == seen {
                progress.withLock { $0.cancelled = true }
                return nil
            }
            seen = now.fed
        }
        guard let png, let size = png.size, png.fed == total, hash.count == total else { return nil }
        let address = UInt(bitPattern: incoming.bytes(0..<0).baseAddress)
        return StreamedImage(address: address, count: total, mime: "image/png", width: size.width, height: size.height,
                             sha256: hash.finish())
    }
}
