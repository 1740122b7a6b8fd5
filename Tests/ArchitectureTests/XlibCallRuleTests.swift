import Testing

/// docs/ARCHITECTURE.md rule 2: only `XConnection` and its extensions (`XConnection+*.swift`) call Xlib. Xlib's
/// functions are all `X` and a capital (`XGetWindowProperty`, `XSync`), so a call is such a name followed by `(`,
/// outside a `//` comment: the rule's own grep, as a test that names the file and line.
@Suite struct XlibCallRuleTests {
    @Test func onlyXConnectionAndItsExtensionsCallXlib() throws {
        let repository = try Repository()
        var problems = repository.manifest.unreadable
        let call = try Regex(#"\bX[A-Z][A-Za-z0-9_]*\("#)

        for target in repository.manifest.targets where target.path.hasPrefix("Sources/") && !repository.isCTarget(target) {
            for file in try repository.swiftFiles(under: target.path) where !Self.isXConnection(file.path) {
                let text = try String(contentsOfFile: repository.root + file.path, encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                    if let found = code.firstMatch(of: call) {
                        problems.append("\(file.path):\(index + 1): calls \(code[found.range].dropLast()), but only XConnection"
                                        + " and its extensions call Xlib (docs/ARCHITECTURE.md rule 2); ask the connection")
                    }
                }
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// `XConnection.swift` or an extension file `XConnection+Name.swift`.
    static func isXConnection(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name == "XConnection.swift" || name.hasPrefix("XConnection+")
    }
}
