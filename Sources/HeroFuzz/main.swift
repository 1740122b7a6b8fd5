#if canImport(Glibc)
import Glibc
#endif
#if FUZZING
import CFuzzer
#endif
import FoundationEssentials
import HeroTransfer

// herobridge-fuzz NAME [libFuzzer flags] [corpus dirs or files]  (NAME may also come from HEROBRIDGE_FUZZ_HARNESS,
// which is how libFuzzer's child processes, started without NAME, find it)
// herobridge-fuzz --list: every harness with its -max_len and what it fuzzes.
let environmentKey = "HEROBRIDGE_FUZZ_HARNESS"
let arguments = CommandLine.arguments
if arguments.count >= 2 && arguments[1] == "--list" {
    for harness in Harnesses.all { print("\(harness.name)\t\(harness.maxLength)\t\(harness.summary)") }
    exit(0)
}
let dropsName: Bool
if arguments.count >= 2, let harness = Harnesses.named(arguments[1]) {
    FuzzEntry.harness = harness
    dropsName = true
    setenv(environmentKey, harness.name, 1)
} else if let name = getenv(environmentKey).map({ String(cString: $0) }), let harness = Harnesses.named(name) {
    FuzzEntry.harness = harness
    dropsName = false
} else {
    let names = Harnesses.all.map(\.name).joined(separator: ", ")
    let usage = "usage: herobridge-fuzz NAME [libFuzzer options] [corpus...]  (or \(environmentKey)=NAME); names: \(names)\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

#if FUZZING
// libFuzzer parses the rest of the command line itself: hand it argv without NAME.
var argc = CommandLine.argc - (dropsName ? 1 : 0)
let passed = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(argc) + 1)
passed[0] = CommandLine.unsafeArgv[0]
for index in 1..<Int(argc) { passed[index] = CommandLine.unsafeArgv[index + (dropsName ? 1 : 0)] }
passed[Int(argc)] = nil
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = passed
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in FuzzEntry.testOneInput(data, size) })
#else
// Built without libFuzzer (a plain `swift build`): run the harness once on each file named, to reproduce a crash.
for path in arguments.dropFirst(dropsName ? 2 : 1) {
    do {
        FuzzEntry.harness?.run(try FileReader.readAll(path, limit: 1 << 24))
        print("\(path): ok")
    } catch {
        _ = "\(path): \(error)\n".withCString { write(2, $0, strlen($0)) }
        exit(1)
    }
}
#endif
