// Shortcuts for running importers and looking at what they made.
import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Runs the standard registry on `data` offered under `target`.
func decode(_ target: String, _ data: Data, limits: TransferLimits = .default) throws(TransferError) -> ImportResult {
    try MIMERegistry.standard.decode(target: target, data: data, limits: limits)
}

/// Runs the standard registry on the UTF-8 bytes of `text`.
func decode(_ target: String, utf8 text: String, limits: TransferLimits = .default) throws(TransferError) -> ImportResult {
    try decode(target, Data(text.utf8), limits: limits)
}

/// The `reason` of an `.importFailed`, or nil for any other outcome.
func importFailure(_ error: TransferError?) -> (target: String, reason: String)? {
    guard case let .importFailed(target, reason)? = error else { return nil }
    return (target, reason)
}

extension MultiTypeTransferable {
    /// The image inside, or nil for text and heroes.
    var image: TransferImage? {
        if case let .image(image) = self { return image }
        return nil
    }

    /// The hero inside, or nil for text and images.
    var hero: HeroPayload? {
        if case let .hero(hero) = self { return hero }
        return nil
    }
}

/// Runs `body` on its own thread and returns its value; a body still running after `seconds` is a recorded
/// issue, `unblock` is called to free it, and nil is returned if that does not help within two more seconds.
/// Guards the tests of inputs (FIFOs, devices) that a careless importer would block on forever.
func finishes<T: Sendable>(within seconds: Double, unblock: @escaping @Sendable () -> Void = {},
                           _ body: @escaping @Sendable () -> T,
                           sourceLocation: SourceLocation = #_sourceLocation) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.value = body()
        done.signal()
    }.start()
    if done.wait(timeout: .now() + seconds) == .timedOut {
        Issue.record("still running after \(seconds) s", sourceLocation: sourceLocation)
        unblock()
        guard done.wait(timeout: .now() + 2) == .success else { return nil }
    }
    return box.value
}

/// Hands a value from the thread in `finishes` back to the test; the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
