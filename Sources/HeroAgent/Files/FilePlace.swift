/// Where a file is: its folder and its name, and the folders above it up to the root, nearest first. Text only:
/// nothing is looked up on disk.
struct FilePlace: Equatable, Sendable {
    /// The folder the file is in ("." for a bare name).
    let folder: String
    /// The file's name in that folder.
    let name: String

    init(_ path: String) {
        let slash = path.lastIndex(of: "/")
        folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The file's folder, then each folder above it, ending with "/" (or "." for a relative path): the places
    /// where, when the ones below do not exist yet, their making can be seen.
    var folders: [String] {
        var folders = [folder]
        while let last = folders.last, last != "/", last != "." {
            folders.append(FilePlace(last).folder)
        }
        return folders
    }
}
