import Foundation

/// A fresh directory under the system temp folder, removed by `remove()`; tests keep their files and databases here.
public final class TempDirectory: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ label: String = "herobridge-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to `name` inside the directory and returns the full path.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file.path
    }

    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func remove() {
        // Restore write permission first: tests make read-only files and folders here.
        if let items = FileManager.default.enumerator(atPath: path) {
            for case let item as String in items { chmod(file(item), 0o700) }
        }
        chmod(path, 0o700)
        try? FileManager.default.removeItem(at: url)
    }

    deinit { remove() }
}

/// Files of the source tree (packaging, fixtures), found from this file's own path.
public enum Repository {
    public static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    public static func path(_ relative: String) -> String { root + "/" + relative }
}
