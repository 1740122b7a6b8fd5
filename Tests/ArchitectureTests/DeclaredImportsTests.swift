import Testing

/// A Swift file under Sources imports only modules its target declares in Package.swift. SwiftPM builds a module
/// that is reachable through another dependency, so an undeclared import builds today and breaks the day the
/// dependency in between drops it; here it fails at once, naming the file, the line and the target to change.
@Suite struct DeclaredImportsTests {
    @Test func everyImportedModuleOfThePackageIsADeclaredDependency() throws {
        let repository = try Repository()
        var problems = repository.manifest.unreadable
        let modules = Set(repository.manifest.targets.map(\.name))

        for target in repository.manifest.targets where target.path.hasPrefix("Sources/") && !repository.isCTarget(target) {
            let declared = Set(target.dependencies)
            for file in try repository.swiftFiles(under: target.path) {
                for imported in file.imports where modules.contains(imported.module) && !declared.contains(imported.module) {
                    problems.append("\(file.path):\(imported.line): imports \(imported.module), which Package.swift:\(target.line)"
                                    + " does not declare as a dependency of \(target.name); declare it, or do not import it")
                }
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }
}
