import FoundationEssentials
import HeroTransfer

/// Browsers' link targets through the registry (`URLTitleImporter`): `text/x-moz-url` (UTF-16 `URL\ntitle`),
/// `_NETSCAPE_URL` (UTF-8), `text/x-moz-url-desc`. Input: one byte picks the target and the link cap, the rest is
/// the bytes.
enum URLTitleHarness {
    static let harness = Harness(name: "moz-url", maxLength: 2048,
                                 summary: "text/x-moz-url, _NETSCAPE_URL, text/x-moz-url-desc: the name a link carries",
                                 run: run)

    private static let targets = ["text/x-moz-url", "_NETSCAPE_URL", "text/x-moz-url-desc"]

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let choice = Int(input.byte())
        let target = targets[choice % targets.count]
        let limits = TransferLimits(maxLinkBytes: choice / targets.count % 2 == 0 ? 64 << 10 : 24)
        let bytes = input.rest()
        let outcome = Result { () throws(TransferError) in
            try MIMERegistry.standard.decode(target: target, data: bytes, limits: limits)
        }
        let cap = min(limits.maxBytes, limits.maxLinkBytes)
        switch outcome {
        case let .success(result):
            Invariant.check(bytes.count <= cap, "\(bytes.count) bytes of \(target) passed the cap \(cap)")
            ImportChecks.checkTexts(result, target: target)
            let texts = ImportChecks.texts(result, target: target)
            Invariant.check(texts.count == (target == "text/x-moz-url-desc" ? min(1, texts.count) : 1),
                            "\(target) gave \(texts.count) names")
            for name in texts {
                ImportChecks.checkClean(name, "a \(target) name")
                if target != "text/x-moz-url-desc" {
                    Invariant.check(!name.contains("\n"), "a \(target) name spans lines: \(name.debugDescription)")
                }
            }
        case let .failure(.tooLarge(_, count, limit)):
            Invariant.check(count == bytes.count && limit == cap && count > cap, "tooLarge(\(count), \(limit)) for \(bytes.count) bytes")
        case .failure(.importFailed):
            Invariant.check(bytes.count <= cap, "an over-cap \(target) was decoded before it was refused")
        case let .failure(error):
            fatalError("invariant broken: \(target) failed with \(error)")
        }
    }
}
