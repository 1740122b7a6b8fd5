import Testing

/// docs/ARCHITECTURE.md §1 draws each Swift target of Package.swift with its dependencies. A target added, renamed
/// or given a new dependency without the diagram fails here, with the line to write.
@Suite struct ModuleDiagramTests {
    /// The targets the diagram must show: every regular and executable target under Sources that is Swift. System
    /// libraries, the C target (§1.1) and the test targets (§1.9) are described in prose instead.
    static func drawnTargets(_ repository: Repository) -> [PackageManifest.Target] {
        repository.manifest.targets.filter {
            ($0.kind == "target" || $0.kind == "executableTarget") && $0.path.hasPrefix("Sources/") && !repository.isCTarget($0)
        }
    }

    @Test func theDiagramShowsEveryTargetWithExactlyItsDeclaredDependencies() throws {
        let repository = try Repository()
        let document = ArchitectureDocument(text: repository.architectureText)
        let (lines, block, unreadable) = document.diagram()
        var problems = repository.manifest.unreadable + unreadable
        let targets = Self.drawnTargets(repository)
        let path = ArchitectureDocument.path

        for target in targets {
            let expected = "\(target.name) ───▶ " + (target.dependencies.isEmpty ? "(none)" : target.dependencies.joined(separator: ", "))
            let drawn = lines.filter { $0.target == target.name }
            guard let line = drawn.first else {
                problems.append("\(path):\(block): §1's diagram has no line for \(target.name) (Package.swift:\(target.line)); add \"\(expected)\"")
                continue
            }
            for duplicate in drawn.dropFirst() {
                problems.append("\(path):\(duplicate.line): \(target.name) is drawn twice (also line \(line.line)); remove one")
            }
            let missing = target.dependencies.filter { !line.dependencies.contains($0) }
            let extra = line.dependencies.filter { !target.dependencies.contains($0) }
            let repeated = Set(line.dependencies.filter { name in line.dependencies.filter { $0 == name }.count > 1 })
            if !missing.isEmpty || !extra.isEmpty || !repeated.isEmpty {
                let changes = (missing.isEmpty ? [] : ["add " + missing.joined(separator: ", ")])
                    + (extra.isEmpty ? [] : ["remove " + extra.joined(separator: ", ")])
                    + (repeated.isEmpty ? [] : ["name once " + repeated.sorted().joined(separator: ", ")])
                problems.append("\(path):\(line.line): \(target.name)'s dependencies differ from Package.swift:\(target.line) ("
                                + changes.joined(separator: "; ") + "); the line should read \"\(expected)\"")
            }
        }
        let names = Set(targets.map(\.name))
        for line in lines where !names.contains(line.target) {
            problems.append("\(path):\(line.line): \(line.target) is not a regular or executable Swift target of Package.swift; remove the line")
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }
}
