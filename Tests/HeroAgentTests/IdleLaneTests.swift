import Dispatch
import Synchronization
import Testing
@testable import HeroAgent

/// `IdleLane`'s lock-free hand-over: every job posted runs once, and the jobs of one poster run in the order
/// posted, however the posts and the lane's takes interleave.
@Suite struct IdleLaneTests {
    @Test func everyJobRunsOnceInEachPostersOrder() throws {
        let lane = try #require(IdleLane())
        let perPoster = 5_000
        let seen = Mutex<[[Int]]>([[], []])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { poster in
            for i in 0..<perPoster {
                lane.async {
                    seen.withLock { $0[poster].append(i) }
                    if i == perPoster - 1 { done.signal() }
                }
            }
        }
        done.wait()
        done.wait()
        let result = seen.withLock { $0 }
        #expect(result[0] == Array(0..<perPoster))
        #expect(result[1] == Array(0..<perPoster))
    }
}
