import FoundationEssentials

/// How `URIListImporter` opens the local files a list names: `FileReader.disk` in the product, a double where the
/// disk must not be touched (the fuzzer, tests).
public protocol FileOpener: Sendable {
    /// Opens the regular file at `path`, refusing it when it is over `limit` bytes, as `FileReader.disk` does.
    func open(_ path: String, limit: Int) throws(FileReader.Failure) -> any OpenedFile
}

/// A file opened for reading whose size is known to be within the limit it was opened with.
public protocol OpenedFile: AnyObject {
    /// The size when it was opened: nothing larger is ever read from it.
    var size: Int { get }
    /// The same file under two names (or twice in one list) has the same identity.
    var identity: FileReader.Identity { get }
    /// Reads up to `count` bytes from the start of the file.
    func read(upTo count: Int) throws(FileReader.Failure) -> Data
    /// Reads exactly `size` bytes; a file that grew since it was opened is refused rather than cut.
    func readWhole() throws(FileReader.Failure) -> Data
}
