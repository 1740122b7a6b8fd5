#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import FoundationEssentials
import Synchronization

/// Reads one listed file on a thread of its own and waits for it with deadlines, so that a file on a mount that
/// never answers (a hung FUSE or hard NFS server) costs the caller seconds instead of blocking it for good.
///
/// A read given up on keeps its thread until the file system answers, and its result is then dropped. At most
/// `maxUnanswered` reads may be outstanding at once, given up on or not: past that a read is refused at once
/// (`.busy`) until one of them returns, so hung files cannot pile up threads. The reading itself is `load`, which
/// a test may replace with one that blocks, and a fuzzer with one that serves files from memory (`inline`).
public final class FileReadGate: Sendable {
    /// The blocking read of one file (`FileReader.load` unless a test says otherwise). It must call `answered` each
    /// time the file system answers a call, and read the whole file only when `wantsWhole` says so.
    public typealias Load = @Sendable (_ path: String, _ limit: Int, _ headBytes: Int, _ answered: @escaping @Sendable () -> Void,
                                _ wantsWhole: @escaping @Sendable (FileReader.Loaded) -> Bool)
        throws(FileReader.Failure) -> FileReader.Loaded

    /// How one read ended for the caller.
    enum Outcome {
        /// The read returned in time, with the file or the reason it was not read.
        case finished(Result<FileReader.Loaded, FileReader.Failure>)
        /// The file system did not answer one call in time; the read was given up on.
        case silent
        /// The deadline passed while the file was still being read (answering, but not done).
        case overtime
        /// `maxUnanswered` earlier reads have not returned yet; this one was not started.
        case busy
    }

    /// The gate the URI lists of this process read through.
    public static let shared = FileReadGate(maxUnanswered: 4)

    /// Most reads outstanding at once.
    let maxUnanswered: Int
    private let load: Load
    /// `load` runs on the caller's thread, with no deadline: for a `load` that cannot block.
    private let inline: Bool
    /// Reads started whose thread has not returned yet.
    private let outstanding = Mutex(0)

    /// How many reads are outstanding now (stuck ones included).
    var unanswered: Int { outstanding.withLock { $0 } }

    init(maxUnanswered: Int, load: @escaping Load = { path, limit, headBytes, answered, wantsWhole throws(FileReader.Failure) in
        try FileReader.load(path, limit: limit, headBytes: headBytes, answered: answered, wantsWhole: wantsWhole)
    }) {
        self.maxUnanswered = maxUnanswered
        self.load = load
        inline = false
    }

    /// A gate whose `load` never blocks (files served from memory, as the fuzzer's are), run on the caller's thread.
    public static func inline(_ load: @escaping Load) -> FileReadGate {
        FileReadGate(maxUnanswered: .max, load: load, inline: true)
    }

    private init(maxUnanswered: Int, load: @escaping Load, inline: Bool) {
        self.maxUnanswered = maxUnanswered
        self.load = load
        self.inline = inline
    }

    /// Reads `path` (see `FileReader.load`) on a thread of its own, and waits as long as the file system answers
    /// each call within `seconds`, but never past `deadline`.
    func read(_ path: String, limit: Int, headBytes: Int, answerWithin seconds: Double, until deadline: DispatchTime,
              wantsWhole: @escaping @Sendable (FileReader.Loaded) -> Bool) -> Outcome {
        if inline {
            return .finished(Result { () throws(FileReader.Failure) in try self.load(path, limit, headBytes, {}, wantsWhole) })
        }
        let admitted = outstanding.withLock { count in
            guard count < maxUnanswered else { return false }
            count += 1
            return true
        }
        guard admitted else { return .busy }

        let pending = Pending()
        let load = load
        let started = Self.startThread { [self] in
            let result = Result { () throws(FileReader.Failure) in
                try load(path, limit, headBytes, { pending.answered() }, wantsWhole)
            }
            // Counted as returned before the caller hears of it, so a caller that got its result can start another.
            outstanding.withLock { $0 -= 1 }
            pending.finish(result)
        }
        guard started else {
            outstanding.withLock { $0 -= 1 }
            return .finished(.failure(.cannotOpen(path: path, reason: "no thread could be started to read it")))
        }

        let patience = UInt64(max(0, seconds) * 1e9)
        while true {
            let due = min(DispatchTime(uptimeNanoseconds: pending.lastAnswer + patience), deadline)
            _ = pending.done.wait(timeout: due)
            if let result = pending.result { return .finished(result) }
            let now = DispatchTime.now()
            if now >= deadline { return .overtime }
            if pending.lastAnswer + patience <= now.uptimeNanoseconds { return .silent }
        }
    }

    /// What the reading thread and the waiting caller share.
    private final class Pending: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let outcome = Mutex<Result<FileReader.Loaded, FileReader.Failure>?>(nil)
        /// When the file system last answered, in `DispatchTime` nanoseconds; the start counts as an answer.
        private let answer = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)

        var lastAnswer: UInt64 { answer.load(ordering: .acquiring) }
        var result: Result<FileReader.Loaded, FileReader.Failure>? { outcome.withLock { $0 } }

        func answered() { answer.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing) }

        func finish(_ result: Result<FileReader.Loaded, FileReader.Failure>) {
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// The closure a thread runs, carried through pthread_create's one pointer.
    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread (not a Dispatch queue's: a pool thread stuck in a hung read would be
    /// one the pool no longer has). False when no thread could be started.
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
