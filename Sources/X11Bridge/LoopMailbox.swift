import CLinux
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work handed back to the event loop from another thread: `post` from anywhere, and the loop runs the posted
/// closures in order on its own thread. An eventfd wakes the loop's poll(), so nothing is polled while idle.
public final class LoopMailbox: Sendable {
    /// A closure that is only ever run on the loop's thread, whatever it captures.
    private struct Letter: @unchecked Sendable { let run: () -> Void }

    private let fd: Int32
    private let letters = Mutex<[Letter]>([])

    /// Registers the mailbox's descriptor with `loop`.
    public init(loop: EventLoop) {
        fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        precondition(fd >= 0, "eventfd failed")
        loop.watch(fd: fd) { [self] in deliver() }
    }

    deinit { close(fd) }

    /// Queues `work` for the loop's thread and wakes the loop. `work` may capture objects confined to that
    /// thread: it runs there and nowhere else.
    public func post(_ work: @escaping () -> Void) {
        letters.withLock { $0.append(Letter(run: work)) }
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Runs everything posted so far (on the loop's thread).
    private func deliver() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        let batch = letters.withLock { queued -> [Letter] in
            defer { queued.removeAll() }
            return queued
        }
        for letter in batch { letter.run() }
    }
}
