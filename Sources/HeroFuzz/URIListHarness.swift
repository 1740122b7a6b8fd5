import FoundationEssentials
import HeroTransfer

/// `text/uri-list`, `x-special/gnome-copied-files` and KDE's list through the registry, their files opened on a
/// `FakeFileSystem`. Input: one byte picks the target and the limits, then the list up to the first NUL byte, then
/// the bytes of every listed `i…` file.
enum URIListHarness {
    static let harness = Harness(name: "uri-list", maxLength: 8192,
                                 summary: "URI lists: parsing, percent-decoding, per-list file budget (fake file system)",
                                 run: run)

    private static let targets = ["text/uri-list", "x-special/gnome-copied-files", "application/x-kde4-urilist"]

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let choice = input.byte()
        let target = targets[Int(input.byte()) % targets.count]
        let limits = FuzzLimits.chosen(choice)
        let rest = input.rest()
        let split = rest.firstIndex(of: 0) ?? rest.endIndex
        let list = Data(rest[..<split])
        let files = FakeFileSystem(image: split < rest.endIndex ? Data(rest[rest.index(after: split)...]) : Data())

        let outcome = Result { () throws(TransferError) in
            try MIMERegistry.standard.decode(target: target, data: list, limits: limits, files: files.gate)
        }
        Invariant.check(files.opened.count <= limits.maxURIs, "\(files.opened.count) files opened, over maxURIs \(limits.maxURIs)")
        Invariant.check(files.wholeBytes <= limits.maxBytes,
                        "the list's files read \(files.wholeBytes) bytes, over its budget of \(limits.maxBytes)")
        for (identity, reads) in files.wholeReads {
            Invariant.check(reads == 1, "file \(identity) read whole \(reads) times in one list")
        }
        guard case let .success(result) = outcome else {
            if case let .failure(error) = outcome, case .unsupportedTarget = error {
                fatalError("invariant broken: \(target) is in the registry, yet \(error)")
            }
            return
        }
        ImportChecks.checkTexts(result, target: target)
        Invariant.check(!result.items.isEmpty, "\(target) succeeded with no item")
        Invariant.check(result.items.count <= 2 * limits.maxURIs, "\(result.items.count) items from at most \(limits.maxURIs) URIs")
        for (index, item) in result.items.enumerated() {
            guard case let .image(image) = item else { continue }
            ImportChecks.checkImage(image, limits: limits, what: target)
            // An image travels with its name, the file's stem, as the next item.
            let next = index + 1 < result.items.count ? result.items[index + 1] : nil
            Invariant.check(image.name != nil && next == .text(image.name ?? ""), "\(target): image \(image.name ?? "nil") without its name next")
        }
    }
}
