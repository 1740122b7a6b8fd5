import Testing
import HeroBase
#if canImport(Glibc)
import Glibc
#endif

/// The table both event loops poll: one watch per descriptor, and a watch taken in a snapshot stands only until
/// it is unwatched or replaced.
@Suite struct DescriptorWatchesTests {
    @Test func aSnapshotListsEachDescriptorOnceWithItsEvents() {
        var watches = DescriptorWatches()
        #expect(watches.isEmpty)
        watches.watch(fd: 5, events: Int16(POLLIN)) { _ in }
        watches.watch(fd: 7, events: Int16(POLLOUT)) { _ in }
        let polled = watches.snapshot().map(\.pollDescriptor)
        #expect(polled.map(\.fd) == [5, 7])
        #expect(polled.map(\.events) == [Int16(POLLIN), Int16(POLLOUT)])
        #expect(polled.allSatisfy { $0.revents == 0 })
    }

    @Test func watchingAgainReplacesTheFirstWatch() {
        var watches = DescriptorWatches()
        var calls: [String] = []
        watches.watch(fd: 5, events: Int16(POLLIN)) { _ in calls.append("first") }
        let first = watches.snapshot()[0]
        watches.watch(fd: 5, events: Int16(POLLOUT)) { _ in calls.append("second") }
        #expect(watches.snapshot().count == 1)
        #expect(!watches.stands(first))
        let second = watches.snapshot()[0]
        #expect(watches.stands(second))
        #expect(second.events == Int16(POLLOUT))
        second.handler(Int16(POLLOUT))
        #expect(calls == ["second"])
    }

    @Test func anUnwatchedDescriptorNoLongerStandsAndOthersDo() {
        var watches = DescriptorWatches()
        watches.watch(fd: 5, events: Int16(POLLIN)) { _ in }
        watches.watch(fd: 7, events: Int16(POLLIN)) { _ in }
        let polled = watches.snapshot()
        watches.unwatch(fd: 5)
        #expect(!watches.stands(polled[0]))
        #expect(watches.stands(polled[1]))
        watches.unwatch(fd: 7)
        #expect(watches.isEmpty)
        watches.unwatch(fd: 9) // never watched: nothing happens
        #expect(watches.isEmpty)
    }

    /// Unwatching and watching the same descriptor again in one turn (a reconnect reusing the number) is a new
    /// watch: the old snapshot's handler must not be called for it.
    @Test func aDescriptorWatchedAgainAfterUnwatchIsANewWatch() {
        var watches = DescriptorWatches()
        watches.watch(fd: 5, events: Int16(POLLIN)) { _ in }
        let old = watches.snapshot()[0]
        watches.unwatch(fd: 5)
        watches.watch(fd: 5, events: Int16(POLLIN)) { _ in }
        #expect(!watches.stands(old))
        #expect(watches.stands(watches.snapshot()[0]))
    }
}
