import Testing

/// The scanners the architecture tests rely on, against small texts: a scanner that read nothing would pass every
/// check above it.
@Suite struct ScannerTests {
    @Test func theManifestScannerReadsNamesDependenciesAndPathsPastCommentsAndStrings() {
        let manifest = PackageManifest(text: """
            // swift-tools-version:6.0
            let package = Package(
                name: "P",
                products: [.executable(name: "tool", targets: ["tool"])],   // (not a target: a product)
                targets: [
                    /* a comment with "quotes" and (brackets] */
                    .systemLibrary(name: "CZ", path: "Sources/CZ", pkgConfig: "z"),
                    .target(name: "Core", dependencies: ["CZ", .product(name: "Parser", package: "x")]), // "B", (
                    .executableTarget(name: "tool", dependencies: [.target(name: "Core")], path: "Sources/Tool"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                    someTargetInAVariable,
                ]
            )
            """)
        #expect(manifest.targets.map(\.name) == ["CZ", "Core", "tool", "CoreTests"])
        #expect(manifest.targets.map(\.kind) == ["systemLibrary", "target", "executableTarget", "testTarget"])
        #expect(manifest.targets.map(\.dependencies) == [[], ["CZ", "Parser"], ["Core"], ["Core"]])
        #expect(manifest.targets.map(\.path) == ["Sources/CZ", "Sources/Core", "Sources/Tool", "Tests/CoreTests"])
        #expect(manifest.targets.map(\.line) == [7, 8, 9, 10])
        #expect(manifest.unreadable == ["Package.swift:11: this element of `targets:` does not read as `.kind(name: \"…\", …)`"])
    }

    @Test func theImportScannerKeepsDeclarationsAndSkipsComments() {
        let imports = Repository.imports(in: """
            import Foundation
            @preconcurrency import CX11
            @testable internal import HeroCore
            import struct HeroTransfer.ByteCount
            // import CommentedOut
            /*
            import InABlock
            */
            let text = "import NotADeclaration"
            """)
        #expect(imports.map(\.module) == ["Foundation", "CX11", "HeroCore", "HeroTransfer"])
        #expect(imports.map(\.line) == [1, 2, 3, 4])
    }

    @Test func theDocumentScannerReadsTheDiagramAndRuleSix() {
        let document = ArchitectureDocument(text: """
            ## 1. Modules

            ```
            App ────▶ Core, CZ
            Core ───▶ (none)
            ```

            ## 2. Rules between modules

            5. **Another rule.** With `Code` in it.
            6. **C stays at the edge.**
               - `CZ` (zlib): `Inflate`,
                 `Tool/main.swift`
               - `CY` (liby): `Y`
            7. **The next rule.** `NotAFile`
            """)
        let diagram = document.diagram()
        #expect(diagram.problems.isEmpty)
        #expect(diagram.lines.map(\.target) == ["App", "Core"])
        #expect(diagram.lines.map(\.dependencies) == [["Core", "CZ"], []])
        #expect(diagram.lines.map(\.line) == [4, 5])
        let rule = document.cModuleBullets()
        #expect(rule.problems.isEmpty)
        #expect(rule.bullets.map(\.module) == ["CZ", "CY"])
        #expect(rule.bullets.map { $0.files.map(\.name) } == [["Inflate", "Tool/main.swift"], ["Y"]])
        #expect(rule.bullets.map { $0.files.map(\.line) } == [[12, 13], [14]])
    }
}
