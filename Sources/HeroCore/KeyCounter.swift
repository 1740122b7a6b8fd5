import Synchronization

/// A count of `HeroName.key` calls, set as `HeroName.keyCounter` for the span of one test.
final class KeyCounter: Sendable {
    private let value = Atomic<Int>(0)

    func add() { value.add(1, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}
