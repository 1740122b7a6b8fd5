/// The event loop the accessibility connection is serviced from: its descriptor watched for the poll() events
/// libdbus asks for, the handler called with what poll() reported. X11Bridge's `EventLoop` is one (the
/// conformance is in HeroAgent: this module knows no X11). Nothing else: no timer, no thread.
public protocol AccessibilityLoop: AnyObject {
    func watch(fd: Int32, events: Int16, _ handler: @escaping (Int16) -> Void)
    func unwatch(fd: Int32)
}
