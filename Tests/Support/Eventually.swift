import Foundation

/// Polls `condition` every 20 ms until it holds (true) or the wait gives up (false).
///
/// The wait is a guard against a hang, never a speed assertion, so it gives up only after `timeout` seconds or
/// `eventuallyPatience`, whichever is longer. `make test` also runs with two CPU hogs and, in its second pass,
/// under AddressSanitizer: there a step that takes milliseconds on a quiet machine (a tray icon docking, a window
/// mapping) took more than the 10 s a test had allowed, and the test failed for the machine's load alone. A test
/// whose condition holds returns as soon as it does; only a failing one waits the whole guard.
@discardableResult
public func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(max(timeout, eventuallyPatience))
    while Date() < end {
        if condition() { return true }
        usleep(20_000)  // the poll's interval: a wait for a condition, not a fixed sleep
    }
    return condition()
}

/// The shortest time `eventually` waits before it gives up.
public let eventuallyPatience = 60.0
