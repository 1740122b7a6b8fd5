import Foundation

/// Polls `condition` every 20 ms until it holds (true) or `timeout` seconds pass (false).
@discardableResult
public func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)  // the poll's interval: a wait for a condition, not a fixed sleep
    }
    return condition()
}
