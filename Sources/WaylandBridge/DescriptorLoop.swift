/// The event loop WaylandBridge runs on: descriptors watched with poll() events, and timers. X11Bridge's
/// `EventLoop` is one (HeroAgent declares the conformance), `PollLoop` another (no X server needed). Everything
/// is called on the loop's one thread; handlers must not block.
public protocol DescriptorLoop: AnyObject {
    /// Calls `handler` with the descriptor's `revents` whenever poll() reports one of `events` (or POLLHUP,
    /// POLLERR, POLLNVAL) for `fd`. One watch per descriptor: watching it again replaces the first.
    func watch(fd: Int32, events: Int16, _ handler: @escaping (Int16) -> Void)
    /// Stops watching `fd`; safe from inside any handler, the descriptor's own included, and a handler not yet
    /// called in the current turn is then not called.
    func unwatch(fd: Int32)
    /// Runs `action` once, `seconds` from now, unless the timer is cancelled first.
    func startTimer(after seconds: Double, _ action: @escaping () -> Void) -> LoopTimer
}
