import FoundationEssentials

/// The harness this process runs, and the C entry point libFuzzer calls with each input.
enum FuzzEntry {
    /// Set once by `main.swift` before libFuzzer starts; read on libFuzzer's one thread.
    nonisolated(unsafe) static var harness: Harness?

    /// Runs the harness on `size` bytes at `data`; libFuzzer's `int (*)(const uint8_t *, size_t)`.
    static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let harness else { fatalError("no harness selected") }
        harness.run(data.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }
}

/// The symbol libFuzzer's own objects refer to; `LLVMFuzzerRunDriver` is handed `FuzzEntry.testOneInput` instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.testOneInput(data, size)
}
