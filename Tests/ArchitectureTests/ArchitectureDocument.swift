/// The two parts of docs/ARCHITECTURE.md that state facts about Package.swift and the source tree: §1's module
/// diagram and rule 6's list of the files that import a C module. Line numbers are 1-based, as an editor shows them.
struct ArchitectureDocument {
    /// One line of the diagram: `X11Bridge ───▶ HeroTransfer, CX11` (`───▶ (none)` for a target with none).
    struct DiagramLine {
        let target: String
        let dependencies: [String]
        let line: Int
    }

    /// One bullet of rule 6: `` - `CPNG` (libpng): `PNGDecoder`, `PNGEncoder`, … ``, continued on the lines below it.
    /// The first backticked name is the C module, every later one a file (`PNGDecoder` is a `PNGDecoder.swift`
    /// anywhere under Sources; a name with a slash and `.swift`, such as `HeroFuzz/main.swift`, is a path).
    struct CModuleBullet {
        let module: String
        let files: [(name: String, line: Int)]
        let line: Int
    }

    static let path = "docs/ARCHITECTURE.md"
    /// The heading of the section whose first code block is the diagram.
    static let diagramSection = "## 1. Modules"
    /// The heading of the section holding the rules, and how rule 6 and the rule after it start.
    static let rulesSection = "## 2. Rules between modules"
    static let cRuleStart = "6. "
    static let nextRuleStart = "7. "

    let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The diagram's lines and where its code block is ("31-39", the fences included), or why they cannot be read
    /// (each message names the line).
    func diagram() -> (lines: [DiagramLine], block: String, problems: [String]) {
        guard let heading = lines.firstIndex(where: { $0 == Self.diagramSection }) else {
            return ([], "", ["\(Self.path): no \"\(Self.diagramSection)\" heading, under which the module diagram is the first code block"])
        }
        guard let open = lines[heading...].firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else {
            return ([], "", ["\(Self.path):\(heading + 1): \(Self.diagramSection) has no code block for the module diagram"])
        }
        var parsed: [DiagramLine] = []
        var problems: [String] = []
        for index in (open + 1)..<close where !lines[index].allSatisfy({ $0 == " " }) {
            let text = lines[index]
            guard let arrow = text.firstIndex(of: "▶") else {
                problems.append("\(Self.path):\(index + 1): \"\(text)\" does not read as `Target ───▶ Dependency, …`")
                continue
            }
            let target = text[..<arrow].trimmingCharacters(" ─")
            let right = text[text.index(after: arrow)...].trimmingCharacters(" ")
            let dependencies = right == "(none)" ? [] : right.split(separator: ",").map { $0.trimmingCharacters(" ") }
            parsed.append(DiagramLine(target: target, dependencies: dependencies, line: index + 1))
        }
        return (parsed, "\(open + 1)-\(close + 1)", problems)
    }

    /// Rule 6's bullets, or why they cannot be read.
    func cModuleBullets() -> (bullets: [CModuleBullet], problems: [String]) {
        guard let section = lines.firstIndex(where: { $0 == Self.rulesSection }),
              let start = lines[section...].firstIndex(where: { $0.hasPrefix(Self.cRuleStart) }) else {
            return ([], ["\(Self.path): no rule \"\(Self.cRuleStart)…\" under \"\(Self.rulesSection)\" (the files that import a C module)"])
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(Self.nextRuleStart) || $0.hasPrefix("## ") } ?? lines.count
        var bullets: [CModuleBullet] = []
        var problems: [String] = []
        var module: (name: String, line: Int)?
        var files: [(name: String, line: Int)] = []
        func finishBullet() {
            if let module { bullets.append(CModuleBullet(module: module.name, files: files, line: module.line)) }
            module = nil
            files = []
        }
        for index in start..<end {
            let trimmed = lines[index].drop { $0 == " " }
            if trimmed.hasPrefix("- ") {
                finishBullet()
                var names = Self.backticked(trimmed)
                guard !names.isEmpty else {
                    problems.append("\(Self.path):\(index + 1): a bullet of rule 6 that does not start with a backticked C module")
                    continue
                }
                module = (names.removeFirst(), index + 1)
                files = names.map { ($0, index + 1) }
            } else if module != nil {
                files += Self.backticked(trimmed).map { ($0, index + 1) }
            }
        }
        finishBullet()
        if bullets.isEmpty {
            problems.append("\(Self.path):\(start + 1): rule 6 has no bullets of the form - `CModule` (library): `File`, …")
        }
        return (bullets, problems)
    }

    /// The names between backticks in a line, in order.
    private static func backticked(_ text: Substring) -> [String] {
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: pieces.count - 1, by: 2).map { String(pieces[$0]) }
    }
}

extension Substring {
    /// The text without the given characters at either end.
    func trimmingCharacters(_ characters: String) -> String {
        let set = Set(characters)
        return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
