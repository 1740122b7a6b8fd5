import Testing

/// docs/ARCHITECTURE.md rule 6 lists, for each C module, the Swift files that import it. A file that starts
/// importing a C library, or stops, without the list fails here, naming the file and the bullet to change.
@Suite struct CModuleRuleTests {
    @Test func ruleSixListsExactlyTheFilesThatImportEachCModule() throws {
        let repository = try Repository()
        let document = ArchitectureDocument(text: repository.architectureText)
        let (bullets, unreadable) = document.cModuleBullets()
        var problems = repository.manifest.unreadable + unreadable
        let path = ArchitectureDocument.path

        let cModules = Set(repository.manifest.targets.filter(repository.isCTarget).map(\.name))
        var files: [Repository.SwiftFile] = []
        for target in repository.manifest.targets where target.path.hasPrefix("Sources/") && !repository.isCTarget(target) {
            files += try repository.swiftFiles(under: target.path)
        }

        // The files each bullet names, resolved to paths; a name that matches no file, or several, is a problem.
        var listed: [String: Set<String>] = [:]
        for bullet in bullets {
            if !cModules.contains(bullet.module) {
                problems.append("\(path):\(bullet.line): `\(bullet.module)` is not a C module of Package.swift (a system library or a C target)")
            }
            if listed[bullet.module] != nil {
                problems.append("\(path):\(bullet.line): rule 6 has a second bullet for `\(bullet.module)`; make it one")
            }
            var paths = listed[bullet.module] ?? []
            for name in bullet.files {
                let matches = files.filter { Self.file($0.path, isNamed: name.name) }
                switch matches.count {
                case 1: paths.insert(matches[0].path)
                case 0: problems.append("\(path):\(name.line): `\(name.name)` (under `\(bullet.module)`) names no Swift file under Sources")
                default: problems.append("\(path):\(name.line): `\(name.name)` names \(matches.count) files ("
                                         + matches.map(\.path).joined(separator: ", ") + "); give the path, such as `\(Self.shortPath(matches[0].path))`")
                }
            }
            listed[bullet.module] = paths
        }

        // Both ways: every import of a C module is listed, and every listed file imports its module.
        for file in files {
            for imported in file.imports where cModules.contains(imported.module) {
                guard let paths = listed[imported.module] else {
                    problems.append("\(file.path):\(imported.line): imports \(imported.module), which rule 6 of \(path) has no bullet for;"
                                    + " add - `\(imported.module)` (…): `\(Self.listedName(file.path))`")
                    continue
                }
                if !paths.contains(file.path) {
                    let line = bullets.first { $0.module == imported.module }?.line ?? 0
                    problems.append("\(file.path):\(imported.line): imports \(imported.module), but \(path):\(line) (rule 6's"
                                    + " `\(imported.module)`) does not list `\(Self.listedName(file.path))`; list it, or do not import C here")
                }
            }
        }
        for bullet in bullets {
            for name in bullet.files {
                guard let file = files.first(where: { Self.file($0.path, isNamed: name.name) }) else { continue }
                if !file.imports.contains(where: { $0.module == bullet.module }) {
                    problems.append("\(path):\(name.line): rule 6 lists `\(name.name)` under `\(bullet.module)`, but \(file.path)"
                                    + " does not import \(bullet.module); remove it from the list")
                }
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Whether a path under Sources is the file a rule-6 name means: `SHA256` is any `SHA256.swift`, a name with
    /// `.swift` (`HeroFuzz/main.swift`) the file whose path ends with it.
    static func file(_ path: String, isNamed name: String) -> Bool {
        let suffix = name.hasSuffix(".swift") ? name : name + ".swift"
        return path == suffix || path.hasSuffix("/" + suffix)
    }

    /// How rule 6 names a file: its type's name (`SHA256`).
    static func listedName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file
    }

    /// A file's folder and name, which tells two files of the same name apart (`HeroFuzz/main.swift`).
    static func shortPath(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
