import Foundation

/// The checkout these tests were compiled from, found from this file's own path: the manifest, the architecture
/// document and the Swift files of every target, read as text.
struct Repository {
    /// The checkout's root, with a trailing slash.
    let root: String
    let manifest: PackageManifest
    let architectureText: String

    /// One Swift file of a target and the modules it imports.
    struct SwiftFile {
        /// The path from the checkout's root, such as `Sources/HeroCore/SHA256.swift`.
        let path: String
        let imports: [Import]
    }

    /// One `import` line: the top-level module it names and the 1-based line.
    struct Import {
        let module: String
        let line: Int
    }

    /// Reads the checkout that holds `filePath` (this target's sources sit two folders below the root).
    init(filePath: String = #filePath) throws {
        var url = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // Tests/ArchitectureTests/Repository.swift → the root
        root = url.path.hasSuffix("/") ? url.path : url.path + "/"
        manifest = PackageManifest(text: try String(contentsOfFile: root + "Package.swift", encoding: .utf8))
        architectureText = try String(contentsOfFile: root + "docs/ARCHITECTURE.md", encoding: .utf8)
    }

    /// The Swift files under a target's folder (`path` as the manifest gives it), sorted by path.
    func swiftFiles(under path: String) throws -> [SwiftFile] {
        let folder = root + path
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [SwiftFile] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
            files.append(SwiftFile(path: path + "/" + relative, imports: Repository.imports(in: text)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Whether a target's folder holds C or C++ code and no Swift (`CXlibReply`): with the system libraries, such a
    /// target is a C module.
    func isCTarget(_ target: PackageManifest.Target) -> Bool {
        guard target.kind != "systemLibrary" else { return true }
        guard let enumerator = FileManager.default.enumerator(atPath: root + target.path) else { return false }
        let files = enumerator.compactMap { $0 as? String }
        return !files.contains { $0.hasSuffix(".swift") } && files.contains { $0.hasSuffix(".c") || $0.hasSuffix(".cpp") }
    }

    /// The `import` declarations of a Swift file, read line by line: any attributes (`@testable`,
    /// `@preconcurrency`), an access level, `import`, an optional kind (`import struct Foo.Bar`), then the module,
    /// whose first component is kept. Lines inside `/* */` comments and `//` lines are not declarations.
    static func imports(in text: String) -> [Import] {
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        var found: [Import] = []
        var inBlockComment = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlockComment {
                if trimmed.contains("*/") { inBlockComment = false }
                continue
            }
            if trimmed.hasPrefix("/*") {
                inBlockComment = !trimmed.contains("*/")
                continue
            }
            var words = trimmed.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
            guard let module = words.first?.split(separator: ".").first else { continue }
            found.append(Import(module: String(module), line: index + 1))
        }
        return found
    }
}
