import WaylandBridge
import X11Bridge

/// X11Bridge's loop runs WaylandBridge's objects too (the Wayland path under XWayland, or next to the X one).
/// Declared here because X11Bridge and WaylandBridge know nothing of each other.
extension EventLoop: DescriptorLoop {
    public func startTimer(after seconds: Double, _ action: @escaping () -> Void) -> LoopTimer {
        let deadline = schedule(after: seconds, action)
        return LoopTimer { [weak self] in self?.cancel(deadline) }
    }
}
