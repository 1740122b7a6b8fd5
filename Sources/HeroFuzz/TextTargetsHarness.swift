import FoundationEssentials
import HeroTransfer

/// The plain-text targets of `MIMERegistry.standard` (`TextDecoding`'s strict UTF-8, UTF-8-else-Latin-1 and
/// UTF-16, under several spellings). Input: one byte picks the target and the text cap, the rest is the bytes.
enum TextTargetsHarness {
    static let harness = Harness(name: "text-targets", maxLength: 4096,
                                 summary: "UTF8_STRING, text/plain(;charset=utf-8|utf-16), STRING, TEXT decoding",
                                 run: run)

    private static let strictUTF8 = ["UTF8_STRING", "text/plain;charset=utf-8", "Text/Plain; Charset=\"UTF8\""]
    private static let lenient = ["text/plain", "STRING", "TEXT"]
    private static let utf16 = ["text/plain;charset=utf-16", "text/plain; charset=UTF-16"]
    private static let textCaps = [1 << 20, 64, 7]

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let choice = Int(input.byte())
        let targets = strictUTF8 + lenient + utf16
        let target = targets[choice % targets.count]
        let limits = TransferLimits(maxTextBytes: textCaps[(choice / targets.count) % textCaps.count])
        let bytes = input.rest()
        let registry = MIMERegistry.standard
        let cap = min(limits.maxBytes, limits.maxTextBytes)

        let outcome = Result { () throws(TransferError) in
            try registry.decode(target: target, data: bytes, limits: limits)
        }
        if bytes.count > cap {
            guard case .failure(.tooLarge(_, bytes.count, cap)) = outcome else {
                fatalError("invariant broken: \(bytes.count) bytes of \(target) over the cap \(cap) gave \(outcome)")
            }
            return
        }
        switch outcome {
        case let .success(result):
            ImportChecks.checkTexts(result, target: target)
            Invariant.check(result.items.count <= 1, "\(target) gave \(result.items.count) items")
            let text = ImportChecks.texts(result, target: target).first ?? ""
            if !utf16.contains(target) {
                Invariant.check(text.utf8.count <= 2 * bytes.count, "\(target) grew \(bytes.count) bytes to \(text.utf8.count)")
            }
            if strictUTF8.contains(target) {
                Invariant.check(String(validating: bytes, as: UTF8.self) != nil, "\(target) accepted invalid UTF-8")
                let lenientResult = try? registry.decode(target: "text/plain", data: bytes, limits: limits)
                Invariant.check(lenientResult == result, "strict and lenient UTF-8 disagree on valid UTF-8")
            }
        case let .failure(error):
            Invariant.check(!lenient.contains(target), "\(target) cannot fail, yet gave \(error)")
            guard case .importFailed = error else { fatalError("invariant broken: \(target) failed with \(error)") }
            if strictUTF8.contains(target) {
                Invariant.check(String(validating: bytes, as: UTF8.self) == nil, "\(target) refused valid UTF-8: \(error)")
            }
        }
    }
}
