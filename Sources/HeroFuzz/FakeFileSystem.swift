import FoundationEssentials
import HeroTransfer

/// Files that never touch the disk, for the URI list harness (`gate` reads through them): what a path is comes
/// from the first letter of its file name, and every read is recorded so the harness can check the importer's
/// budget.
///
/// `i…` holds the harness's image bytes, `d…` is a directory, `m…` is missing, `h…` is over any limit, `g…` grows
/// while it is read, `e…` is empty; any other name holds its own stem as text. Names with the same stem are the
/// same file (one identity), as a hard link or a symlink would be.
final class FakeFileSystem: @unchecked Sendable {
    private let image: Data
    /// Every file the importer asked for, in order.
    private(set) var opened: [String] = []
    /// How many times each file was read whole, and the bytes those reads handed out.
    private(set) var wholeReads: [FileReader.Identity: Int] = [:]
    private(set) var wholeBytes = 0

    init(image: Data) {
        self.image = image
    }

    /// A gate that reads these files on the caller's thread, as `FileReader.load` reads the disk's.
    var gate: FileReadGate {
        FileReadGate.inline { [self] path, limit, headBytes, _, wantsWhole throws(FileReader.Failure) in
            try load(path, limit: limit, headBytes: headBytes, wantsWhole: wantsWhole)
        }
    }

    private func load(_ path: String, limit: Int, headBytes: Int,
                      wantsWhole: (FileReader.Loaded) -> Bool) throws(FileReader.Failure) -> FileReader.Loaded {
        opened.append(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = URIListImporter.stem(of: name)
        let identity = FileReader.Identity(device: 1, inode: stem.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })
        let content: Data
        var grows = false
        switch name.unicodeScalars.first.map({ Character($0).lowercased() }) {
        case "i": content = image
        case "d": throw .notRegular(path: path, kind: "a directory")
        case "m": throw .cannotOpen(path: path, reason: "No such file or directory")
        case "h": throw .tooLarge(path: path, bytes: limit + 1, limit: limit)
        case "g": content = Data(stem.utf8); grows = true
        case "e": content = Data()
        default: content = Data(stem.utf8)
        }
        guard content.count <= limit else { throw .tooLarge(path: path, bytes: content.count, limit: limit) }
        Invariant.check(headBytes >= 0, "asked for \(headBytes) head bytes")
        let head = FileReader.Loaded(identity: identity, size: content.count, head: content.prefix(headBytes), whole: nil)
        guard wantsWhole(head) else { return head }
        wholeReads[identity, default: 0] += 1
        wholeBytes += content.count
        if grows { throw .readFailed(path: path, reason: "it grew while being read") }
        return FileReader.Loaded(identity: identity, size: content.count, head: head.head, whole: content)
    }
}
