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
/// Jobs run one at a time, in the order posted (a poster's own jobs in its order; a job may post more). The thread
/// sleeps on a semaphore between jobs: no wakeup while idle.
///
/// Why an `Atomic` and not a `Mutex`: handing a job over must never wait for the lane. The X thread posts one job
/// per INCR chunk, and any lock it shared with this thread, Synchronization's `Mutex` included, would be a
/// priority inversion: the lane runs at `SCHED_IDLE`, and were it preempted while holding the lock, on a busy
/// machine it might not run again for a long while, with the X thread, at normal priority, blocked behind it all
/// that time. So a poster pushes its job onto a stack by compare-and-swap on an `Atomic` (it may retry, never
/// wait), and the lane takes the whole stack at once with an exchange and runs it oldest first. The lane never
/// pops a single node, the one operation a stack by compare-and-swap gets wrong when a node is freed and another
/// made at its address (ABA); a push that meets such a node links to the stack as it really is.
final class IdleLane: @unchecked Sendable {
    /// The newest job's node, as `Unmanaged` bits (0: none); each node holds the one posted before it.
    private let posted = Atomic<UInt>(0)
    private let ready = DispatchSemaphore(value: 0)

    private final class Node {
        let job: @Sendable () -> Void
        var older: UInt = 0
        init(_ job: @escaping @Sendable () -> Void) { self.job = job }
    }

    /// Nil when no thread could be started (the caller then does without it).
    init?() {
        // The thread holds the lane for as long as the process lives: it waits for jobs forever.
        let body = Body { [self] in
            // Lowering one's own policy needs no privilege; when refused the lane still works, at normal priority.
            _ = hb_become_idle_thread()
            while true {
                ready.wait()
                for job in takeAll() { job() }
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
        let node = Unmanaged.passRetained(Node(job))
        let bits = UInt(bitPattern: node.toOpaque())
        var older = posted.load(ordering: .relaxed)
        while true {
            node.takeUnretainedValue().older = older
            let (exchanged, current) = posted.compareExchange(expected: older, desired: bits, ordering: .releasing)
            if exchanged { break }
            older = current
        }
        ready.signal()
    }

    /// Every job posted so far, oldest first. The semaphore may count jobs already taken: a wakeup then finds none.
    private func takeAll() -> [@Sendable () -> Void] {
        var bits = posted.exchange(0, ordering: .acquiring)
        var jobs: [@Sendable () -> Void] = []
        while bits != 0 {
            let node = Unmanaged<Node>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue()
            jobs.append(node.job)
            bits = node.older
        }
        return jobs.reversed()
    }

    /// The closure the thread runs, carried through pthread_create's one pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
