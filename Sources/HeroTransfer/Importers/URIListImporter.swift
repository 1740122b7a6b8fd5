import Dispatch
import FoundationEssentials
import HeroBase

/// `text/uri-list` (RFC 2483), `x-special/gnome-copied-files` and KDE's list: each local file becomes its image
/// (when its bytes are one) plus its name without extension as text; other URIs stay text.
///
/// Bounded: at most `limits.maxURIs` entries are read (one note for the rest); all the files of one list share
/// one budget of `limits.maxBytes`, checked from each file's size before it is read (a file that does not fit is
/// skipped with a note); a file listed twice (also under another name) is read once. Each file is read through a
/// `FileReadGate`, in time as well as in size: its file system must answer each call within
/// `limits.fileAnswerSeconds`, and the list's files all together get `limits.listReadSeconds`.
public enum URIListImporter {
    /// The bytes of a file read to tell whether it is an image, before deciding to read the rest.
    static let headBytes = 16

    /// Parses the list; `gnomeCopiedFiles` skips the leading `copy`/`cut` line. Its files are read through `files`.
    static func run(_ data: Data, target: String, gnomeCopiedFiles: Bool, limits: TransferLimits,
                    files: FileReadGate = .shared) throws(TransferError) -> ImportResult
    {
        var lines = TextDecoding.utf8OrLatin1(data).split(separator: "\n").map {
            $0.trimmed()
        }
        if gnomeCopiedFiles, let first = lines.first, first == "copy" || first == "cut" { lines.removeFirst() }
        var uris = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !uris.isEmpty else { throw .importFailed(target: target, reason: "the list names no URI") }

        var result = ImportResult()
        let skippedEntries = max(0, uris.count - limits.maxURIs)
        uris = Array(uris.prefix(limits.maxURIs))
        var budget = Budget(remaining: limits.maxBytes)
        let deadline = DispatchTime.now() + limits.listReadSeconds
        var outOfTime = 0, refused = 0
        for uri in uris {
            guard let path = localPath(of: uri) else {
                if uri.lowercased().hasPrefix("file:") {
                    result.notes.append("\(NameLimit.preview(uri)): not a local file")
                } else {
                    result.items.append(.text(uri))
                }
                continue
            }
            guard DispatchTime.now() < deadline else { outOfTime += 1; continue }
            let decided = budget
            let outcome = files.read(path, limit: limits.maxBytes, headBytes: headBytes, answerWithin: limits.fileAnswerSeconds,
                                     until: deadline, wantsWhole: { decided.decision(for: $0) == .read })
            switch outcome {
            case let .finished(loaded):
                do {
                    result.items += try importFile(try loaded.get(), path: path, target: target, limits: limits, budget: &budget)
                } catch {
                    result.notes.append("\(error)")
                }
            case .silent:
                result.notes.append("\(path) did not answer within \(format(limits.fileAnswerSeconds)); skipped")
            case .overtime:
                result.notes.append("\(path) was still being read when the list's \(format(limits.listReadSeconds)) "
                                    + "for reading files ran out; skipped")
            case .busy:
                refused += 1
            }
        }
        if refused > 0 {
            result.notes.append("\(refused) file\(refused == 1 ? "" : "s") not read: \(files.maxUnanswered) earlier file reads "
                                + "are still waiting for their file system to answer")
        }
        if outOfTime > 0 {
            result.notes.append("\(outOfTime) entr\(outOfTime == 1 ? "y" : "ies") not read: the list's "
                                + "\(format(limits.listReadSeconds)) for reading files ran out")
        }
        if budget.repeats > 0 {
            result.notes.append("\(budget.repeats) entr\(budget.repeats == 1 ? "y" : "ies") naming a file already listed, read once")
        }
        if skippedEntries > 0 {
            result.notes.append("\(skippedEntries) entr\(skippedEntries == 1 ? "y" : "ies") past the first \(limits.maxURIs) not read")
        }
        guard !result.items.isEmpty else {
            throw .importFailed(target: target, reason: result.notes.joined(separator: "; "))
        }
        return result
    }

    /// What the files of one list may still read, and which files it has read.
    struct Budget: Sendable {
        var remaining: Int
        var seen: Set<FileReader.Identity> = []
        var repeats = 0

        /// What to do with a file, from its identity, size and first bytes.
        enum Decision: Equatable {
            /// The list named this file already.
            case repeated
            /// Not an image: only its name is taken.
            case nameOnly
            /// An image whose size would pass what is left of the budget.
            case overBudget
            /// An image within the budget: read it whole.
            case read
        }

        /// The decision for `file`, without changing the budget: the reading thread asks it before reading the
        /// whole file, and `take` gives the same answer afterwards.
        func decision(for file: FileReader.Loaded) -> Decision {
            if seen.contains(file.identity) { return .repeated }
            if ImageFormat.sniff(file.head) == nil { return .nameOnly }
            return file.size <= remaining ? .read : .overBudget
        }

        /// `decision(for:)`, with `file` counted: its identity remembered, its bytes (its head only when it is
        /// not read whole) taken from `remaining`.
        mutating func take(_ file: FileReader.Loaded) -> Decision {
            let decision = decision(for: file)
            switch decision {
            case .repeated: repeats += 1
            case .nameOnly, .overBudget: seen.insert(file.identity); remaining -= file.head.count
            case .read: seen.insert(file.identity); remaining -= file.size
            }
            return decision
        }
    }

    /// `2 s`, `0.5 s`: a time limit as the notes say it.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// The file's name without its last extension: `Thor Odinson.png` → `Thor Odinson`.
    public static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The decoded path of a `file:` URI on this host (`file:///p`, `file://localhost/p`, `file:/p`), else nil.
    static func localPath(of uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file:") else { return nil }
        var rest = Substring(uri.dropFirst(5))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<hostEnd].lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[hostEnd...]
        }
        guard rest.hasPrefix("/"), let path = percentDecode(rest), !path.contains("\0") else { return nil }
        return path
    }

    /// `%XX` escapes to bytes, read as UTF-8 (Latin-1 when they are not); nil for a malformed escape.
    static func percentDecode<S: StringProtocol>(_ text: S) -> String? {
        var bytes = [UInt8]()
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            // Two hex digits, nothing else: UInt8(_:radix:) alone would also take a sign ("%+D" is not a CR).
            guard utf8.count >= 2, utf8.prefix(2).allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }),
                  let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return TextDecoding.utf8OrLatin1(Data(bytes))
    }

    /// The image and name of one listed file, its bytes counted against `budget`; empty for a file the list named
    /// already.
    private static func importFile(_ file: FileReader.Loaded, path: String, target: String, limits: TransferLimits,
                                   budget: inout Budget) throws -> [MultiTypeTransferable]
    {
        let name = stem(of: path)
        switch budget.take(file) {
        case .repeated:
            return []
        case .nameOnly:
            return [.text(name)]
        case .overBudget:
            throw FileReader.Failure.rejected(
                path: path, reason: "not read: its \(ByteCount.format(file.size)) would pass the list's budget of "
                    + "\(ByteCount.format(limits.maxBytes)) (\(ByteCount.format(max(0, budget.remaining))) left)")
        case .read:
            guard let bytes = file.whole else {
                throw FileReader.Failure.readFailed(path: path, reason: "it was not read whole")
            }
            do {
                let image = try ImageValidator.validate(bytes, target: target, name: name, limits: limits)
                return [.image(image), .text(name)]
            } catch {
                throw FileReader.Failure.rejected(path: path, reason: "\(error)".replacingPrefix("\(target): ", with: ""))
            }
        }
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
