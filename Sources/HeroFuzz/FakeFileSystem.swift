import FoundationEssentials
import HeroTransfer

/// A `FileOpener` that never touches the disk, for the URI list harness: what a path is comes from the first
/// letter of its file name, and every read is recorded so the harness can check the importer's budget.
///
/// `i…` holds the harness's image bytes, `d…` is a directory, `m…` is missing, `h…` is over any limit, `g…` grows
/// while it is read, `e…` is empty; any other name holds its own stem as text. Names with the same stem are the
/// same file (one identity), as a hard link or a symlink would be.
final class FakeFileSystem: FileOpener, @unchecked Sendable {
    private let image: Data
    /// Every `open` call, in order.
    private(set) var opened: [String] = []
    /// How many times each file was read whole, and the bytes those reads handed out.
    private(set) var wholeReads: [FileReader.Identity: Int] = [:]
    private(set) var wholeBytes = 0

    init(image: Data) {
        self.image = image
    }

    func open(_ path: String, limit: Int) throws(FileReader.Failure) -> any OpenedFile {
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
        return File(system: self, path: path, content: content, identity: identity, grows: grows)
    }

    fileprivate func readWhole(_ identity: FileReader.Identity, bytes: Int) {
        wholeReads[identity, default: 0] += 1
        wholeBytes += bytes
    }

    private final class File: OpenedFile {
        let system: FakeFileSystem
        let path: String
        let content: Data
        let identity: FileReader.Identity
        let grows: Bool
        var size: Int { content.count }

        init(system: FakeFileSystem, path: String, content: Data, identity: FileReader.Identity, grows: Bool) {
            self.system = system
            self.path = path
            self.content = content
            self.identity = identity
            self.grows = grows
        }

        func read(upTo count: Int) throws(FileReader.Failure) -> Data {
            Invariant.check(count >= 0 && count <= size, "read \(count) bytes of a \(size)-byte file")
            return content.prefix(count)
        }

        func readWhole() throws(FileReader.Failure) -> Data {
            system.readWhole(identity, bytes: size)
            if grows { throw .readFailed(path: path, reason: "it grew while being read") }
            return content
        }
    }
}
