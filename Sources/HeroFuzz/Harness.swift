import FoundationEssentials

/// One libFuzzer target: the name it is run by, the longest input worth trying, and a function of the input that
/// crashes (`Invariant.check`) when the code under test breaks one of its promises.
struct Harness: Sendable {
    /// The command-line name, also the corpus directory under `Fuzz/corpus/`.
    let name: String
    /// libFuzzer's `-max_len` for this harness: longer inputs only slow it down.
    let maxLength: Int
    /// What is fuzzed, for `--list`.
    let summary: String
    let run: @Sendable (Data) -> Void
}
