import Dispatch
import Foundation
import Synchronization
import Testing
@testable import HeroAgent

/// `IdleLane`'s lock-free hand-over: every job posted runs once, and the jobs of one poster run in the order
/// posted, however the posts and the lane's takes interleave. The lane runs at `SCHED_IDLE`, so on a loaded machine
/// it may wait long for a gap: every test waits for its last job with a generous deadline, never sleeps, and proves
/// that nothing more ran by a last job of its own (the lane runs jobs in order, so once that one ran, every job
/// posted before it has).
@Suite struct IdleLaneTests {
    /// How long a test waits for the lane to run what it was given: far more than it needs even at idle priority.
    private static let deadline = 120.0

    /// Waits for `done` to be signalled `times` times, each within the deadline.
    private func wait(for done: DispatchSemaphore, times: Int = 1, _ what: String) throws {
        for _ in 0..<times {
            try #require(done.wait(timeout: .now() + Self.deadline) == .success, "\(what) never ran")
        }
    }

    /// Posts one more job and waits for it: every job posted before it has run by then.
    private func drain(_ lane: IdleLane) throws {
        let done = DispatchSemaphore(value: 0)
        lane.async { done.signal() }
        try wait(for: done, "the last job")
    }

    @Test func jobsRunInTheOrderPosted() throws {
        let lane = try #require(IdleLane())
        let ran = Mutex<[Int]>([])
        for i in 0..<10_000 {
            lane.async { ran.withLock { $0.append(i) } }
        }
        try drain(lane)
        #expect(ran.withLock { $0 } == Array(0..<10_000))
    }

    @Test func everyJobRunsOnceInEachPostersOrder() throws {
        let lane = try #require(IdleLane())
        let perPoster = 5_000
        let seen = Mutex<[[Int]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { poster in
            for i in 0..<perPoster {
                lane.async { seen.withLock { $0[poster].append(i) } }
            }
        }
        try drain(lane)
        let result = seen.withLock { $0 }
        #expect(result[0] == Array(0..<perPoster))
        #expect(result[1] == Array(0..<perPoster))
    }

    /// Eight threads of their own, released at once, post into one lane: no job is lost, none runs twice, and
    /// each poster's jobs run in its order.
    @Test func manyPostersOnThreadsOfTheirOwnLoseNoJobAndRunEachOnce() throws {
        let lane = try #require(IdleLane())
        let posters = 8, perPoster = 2_000
        let runs = Mutex([Int](repeating: 0, count: posters * perPoster))
        let order = Mutex([[Int]](repeating: [], count: posters))
        let start = DispatchSemaphore(value: 0), posted = DispatchSemaphore(value: 0)
        for poster in 0..<posters {
            Thread {
                start.wait()
                for i in 0..<perPoster {
                    lane.async {
                        runs.withLock { $0[poster * perPoster + i] += 1 }
                        order.withLock { $0[poster].append(i) }
                    }
                }
                posted.signal()
            }.start()
        }
        for _ in 0..<posters { start.signal() }
        try wait(for: posted, times: posters, "a poster")
        try drain(lane)
        let counts = runs.withLock { $0 }
        #expect(counts.allSatisfy { $0 == 1 }, "jobs not run exactly once: \(counts.indices.filter { counts[$0] != 1 }.prefix(10))")
        #expect(order.withLock { $0 }.allSatisfy { $0 == Array(0..<perPoster) })
    }

    /// A job that posts to its own lane: the job it posts runs after it, once, and so on down a chain, the lane
    /// taking each new job after the batch it was posted in.
    @Test func aJobMayPostToItsOwnLane() throws {
        let lane = try #require(IdleLane())
        let ran = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let length = 1_000
        @Sendable func link(_ i: Int) {
            ran.withLock { $0.append(i) }
            if i + 1 < length { lane.async { link(i + 1) } } else { done.signal() }
        }
        lane.async { link(0) }
        // Posts from outside meanwhile interleave with the chain, and do not break it.
        for _ in 0..<100 { lane.async {} }
        try wait(for: done, "the chain's last link")
        try drain(lane)
        #expect(ran.withLock { $0 } == Array(0..<length))
    }

    /// Bursts of posts, each once the lane has run everything before it (and so is asleep, or about to be): each
    /// burst wakes it and is drained whole (its last job runs, and every job posted before ran once).
    @Test func eachBurstWakesTheLaneAndDrainsWhole() throws {
        let lane = try #require(IdleLane())
        let ran = Mutex(0)
        var posted = 0
        for burst in [1, 2, 3, 64, 1, 1_000, 5, 10_000, 2] {
            try drain(lane)
            let last = DispatchSemaphore(value: 0)
            for i in 0..<burst {
                lane.async {
                    ran.withLock { $0 += 1 }
                    if i == burst - 1 { last.signal() }
                }
            }
            posted += burst
            try wait(for: last, "the last job of a burst of \(burst)")
            #expect(ran.withLock { $0 } == posted, "after a burst of \(burst)")
        }
        try drain(lane)
        #expect(ran.withLock { $0 } == posted)
    }
}
