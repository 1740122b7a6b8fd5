/// A timer of a `DescriptorLoop`, to cancel. Cancelling one that fired or was cancelled does nothing.
public struct LoopTimer {
    private let cancelAction: () -> Void

    /// `cancel` is what cancels the loop's own timer (for `EventLoop`: its `cancel(_:)` of the deadline).
    public init(cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    public func cancel() { cancelAction() }
}
