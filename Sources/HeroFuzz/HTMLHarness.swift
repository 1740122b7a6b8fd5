import FoundationEssentials
import HeroTransfer

/// `text/html` through the registry: `TextDecoding.html`'s encoding guess, then `HTMLText`'s tag scanner.
/// Input: the target's bytes.
enum HTMLHarness {
    static let harness = Harness(name: "html", maxLength: 8192, summary: "text/html: encoding guess, img alt/title, visible text",
                                 run: run)

    static func run(_ data: Data) {
        let outcome = Result { () throws(TransferError) in try MIMERegistry.standard.decode(target: "text/html", data: data) }
        switch outcome {
        case let .success(result):
            ImportChecks.checkTexts(result, target: "text/html")
            for text in ImportChecks.texts(result, target: "text/html") {
                // Image names are one line; the visible text is lines, each collapsed and trimmed, none blank.
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    Invariant.check(!line.isEmpty, "text/html gave a blank line in \(text.debugDescription)")
                    ImportChecks.checkClean(String(line), "a text/html line")
                    Invariant.check(!line.contains("  "), "a text/html line keeps a double space: \(line.debugDescription)")
                }
            }
        case let .failure(error):
            // Only UTF-16 (recognised by its BOM or NUL bytes) can be invalid; anything else decodes as Latin-1.
            guard case let .importFailed(_, reason) = error, reason.contains("UTF-16") else {
                fatalError("invariant broken: text/html failed with \(error)")
            }
        }
    }
}
