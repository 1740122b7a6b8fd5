import CLinux
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own at `SCHED_IDLE`, for work that should use only CPU nobody else wants: the check of an image
/// while its INCR transfer runs. On two cores the transfer already keeps both busy (the X server, the owner and
/// the X thread copy the bytes); at the worker's priority the check slowed the transfer it was meant to overlap.
/// Here it runs in the gaps, and at full speed once the transfer ends and the cores go quiet. Under a load that
/// never leaves a gap it may not run at all: whoever waits for its work must be ready to do it another way
/// (`StreamCheck.result` gives up and the worker validates in full).
///
/// Jobs run one at a time, in order. The thread sleeps on a semaphore between jobs: no wakeup while idle.
final class IdleLane: @unchecked Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    /// Nil when no thread could be started (the caller then does without it).
    init?() {
        // The thread holds the lane for as long as the process lives: it waits for jobs forever.
        let body = Body { [self] in
            // Lowering one's own policy needs no privilege; when refused the lane still works, at normal priority.
            _ = hb_become_idle_thread()
            while true {
                ready.wait()
                let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                job?()
            }
        }
        let box = Unmanaged.passRetained(body).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box) == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
        pthread_detach(thread)
    }

    func async(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// The closure the thread runs, carried through pthread_create's one pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
