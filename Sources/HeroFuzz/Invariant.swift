/// A promise of the code under test that a fuzz input must never break: a broken one stops the process with a
/// message, which libFuzzer reports as a crash and saves the input of.
enum Invariant {
    /// Crashes with `message` unless `condition` holds; always checked, whatever the optimisation level.
    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
        if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
    }
}
