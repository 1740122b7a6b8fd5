/// The targets of Package.swift, read from its text with a small scanner, so the architecture tests need no toolchain
/// call and no dependency.
///
/// The scanner knows only what a manifest of this shape contains: `Package(…)` whose `targets:` argument is an array
/// of calls such as `.target(name: "X", dependencies: ["A", .product(name: "B", package: "c")], path: "…")`. Comments
/// are blanked out first (keeping every byte's offset, so line numbers stay true); string literals are skipped when
/// counting brackets and commas. An element of `targets:` it cannot read is reported, never skipped.
struct PackageManifest {
    /// One element of `targets:`.
    struct Target {
        /// The call's name: `target`, `executableTarget`, `testTarget`, `systemLibrary`, …
        let kind: String
        let name: String
        /// The `dependencies:` argument's names, in the manifest's order (a `.product` or `.target` by its `name:`).
        let dependencies: [String]
        /// The `path:` argument, or SwiftPM's default: `Tests/<name>` for a test target, `Sources/<name>` otherwise.
        let path: String
        /// Package.swift's line where the call starts, 1-based.
        let line: Int
    }

    let targets: [Target]
    /// The elements of `targets:` the scanner could not read, each as "Package.swift:<line>: why".
    let unreadable: [String]

    init(text: String) {
        (targets, unreadable) = PackageManifest.scan(PackageManifest.blankingComments(Array(text.utf8)))
    }

    /// The targets of the manifest's code (comments blanked), and the elements it could not read.
    private static func scan(_ code: [UInt8]) -> ([Target], [String]) {
        var targets: [Target] = []
        var unreadable: [String] = []
        guard let packageCall = PackageManifest.find(Array("Package(".utf8), in: code),
              let packageArguments = PackageManifest.bracketed(code, openAt: packageCall + "Package".utf8.count),
              let targetsArgument = PackageManifest.arguments(code, packageArguments)["targets"],
              let targetsOpen = PackageManifest.firstNonSpace(code, targetsArgument), code[targetsOpen] == UInt8(ascii: "["),
              let targetsArray = PackageManifest.bracketed(code, openAt: targetsOpen) else {
            return ([], ["Package.swift: no `Package(…, targets: [ … ])` found"])
        }
        for element in PackageManifest.splitTopLevel(code, targetsArray) {
            guard let start = PackageManifest.firstNonSpace(code, element) else { continue }   // a trailing comma
            let line = PackageManifest.lineNumber(code, start)
            guard let target = PackageManifest.target(code, element, startingAt: start, line: line) else {
                unreadable.append("Package.swift:\(line): this element of `targets:` does not read as `.kind(name: \"…\", …)`")
                continue
            }
            targets.append(target)
        }
        return (targets, unreadable)
    }

    // MARK: - One target

    /// Reads `.kind(name: "X", dependencies: […], path: "…", …)`; nil when the element has another shape.
    private static func target(_ code: [UInt8], _ element: Range<Int>, startingAt start: Int, line: Int) -> Target? {
        guard code[start] == UInt8(ascii: ".") else { return nil }
        var open = start + 1
        while open < element.upperBound, isIdentifierByte(code[open]) { open += 1 }
        guard open < element.upperBound, code[open] == UInt8(ascii: "("),
              let inside = bracketed(code, openAt: open) else { return nil }
        let kind = String(decoding: code[(start + 1)..<open], as: UTF8.self)
        let labeled = arguments(code, inside)
        guard let nameRange = labeled["name"], let name = stringLiteral(code, nameRange) else { return nil }

        var dependencies: [String] = []
        if let dependencyArgument = labeled["dependencies"] {
            guard let arrayOpen = firstNonSpace(code, dependencyArgument), code[arrayOpen] == UInt8(ascii: "["),
                  let array = bracketed(code, openAt: arrayOpen) else { return nil }
            for item in splitTopLevel(code, array) {
                guard let itemStart = firstNonSpace(code, item) else { continue }
                if let literal = stringLiteral(code, item) {
                    dependencies.append(literal)                       // "HeroCore"
                } else if code[itemStart] == UInt8(ascii: "."),          // .product(name: "X", package: "y")
                          let itemOpen = code[itemStart..<item.upperBound].firstIndex(of: UInt8(ascii: "(")),
                          let itemInside = bracketed(code, openAt: itemOpen),
                          let itemName = arguments(code, itemInside)["name"],
                          let literal = stringLiteral(code, itemName) {
                    dependencies.append(literal)
                } else {
                    return nil
                }
            }
        }
        let path: String
        if let pathRange = labeled["path"] {
            guard let literal = stringLiteral(code, pathRange) else { return nil }
            path = literal
        } else {
            path = (kind == "testTarget" ? "Tests/" : "Sources/") + name
        }
        return Target(kind: kind, name: name, dependencies: dependencies, path: path, line: line)
    }

    // MARK: - Scanning

    /// The code with every `//` and `/* */` comment replaced by spaces (newlines kept), string literals untouched.
    private static func blankingComments(_ bytes: [UInt8]) -> [UInt8] {
        var code = bytes
        var index = 0
        while index < code.count {
            let byte = code[index]
            let next = index + 1 < code.count ? code[index + 1] : 0
            if byte == UInt8(ascii: "\"") {
                index = endOfString(code, openAt: index)
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < code.count, code[index] != UInt8(ascii: "\n") { code[index] = UInt8(ascii: " "); index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                while index < code.count, !(code[index] == UInt8(ascii: "*") && index + 1 < code.count && code[index + 1] == UInt8(ascii: "/")) {
                    if code[index] != UInt8(ascii: "\n") { code[index] = UInt8(ascii: " ") }
                    index += 1
                }
                if index < code.count { code[index] = UInt8(ascii: " "); code[index + 1] = UInt8(ascii: " "); index += 2 }
            } else {
                index += 1
            }
        }
        return code
    }

    /// The index just past the string literal whose opening quote is at `openAt` (backslash escapes honoured).
    private static func endOfString(_ code: [UInt8], openAt: Int) -> Int {
        var index = openAt + 1
        while index < code.count, code[index] != UInt8(ascii: "\"") {
            index += code[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index + 1
    }

    /// The range strictly inside the bracket at `openAt` (`(`, `[` or `{`) and its match; nil when unbalanced.
    private static func bracketed(_ code: [UInt8], openAt: Int) -> Range<Int>? {
        var depth = 0
        var index = openAt
        while index < code.count {
            switch code[index] {
            case UInt8(ascii: "\""): index = endOfString(code, openAt: index); continue
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return (openAt + 1)..<index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The range split at the commas that are not inside brackets or strings.
    private static func splitTopLevel(_ code: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var depth = 0
        var pieceStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            switch code[index] {
            case UInt8(ascii: "\""): index = endOfString(code, openAt: index); continue
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                pieces.append(pieceStart..<index)
                pieceStart = index + 1
            default: break
            }
            index += 1
        }
        pieces.append(pieceStart..<range.upperBound)
        return pieces
    }

    /// A call's arguments by label (`name: "X"` → "name": the range of `"X"`); unlabeled arguments are left out.
    private static func arguments(_ code: [UInt8], _ range: Range<Int>) -> [String: Range<Int>] {
        var labeled: [String: Range<Int>] = [:]
        for piece in splitTopLevel(code, range) {
            guard var index = firstNonSpace(code, piece) else { continue }
            let labelStart = index
            while index < piece.upperBound, isIdentifierByte(code[index]) { index += 1 }
            let label = String(decoding: code[labelStart..<index], as: UTF8.self)
            while index < piece.upperBound, code[index] == UInt8(ascii: " ") { index += 1 }
            guard !label.isEmpty, index < piece.upperBound, code[index] == UInt8(ascii: ":") else { continue }
            labeled[label] = (index + 1)..<piece.upperBound
        }
        return labeled
    }

    /// The value of a range holding just a string literal, such as ` "HeroCore"`; nil for anything else.
    private static func stringLiteral(_ code: [UInt8], _ range: Range<Int>) -> String? {
        guard let open = firstNonSpace(code, range), code[open] == UInt8(ascii: "\"") else { return nil }
        let end = endOfString(code, openAt: open)
        guard end <= range.upperBound, code[end..<range.upperBound].allSatisfy(isSpace) else { return nil }
        return String(decoding: code[(open + 1)..<(end - 1)], as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in code: [UInt8]) -> Int? {
        guard code.count >= needle.count else { return nil }
        return (0...(code.count - needle.count)).first { code[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func firstNonSpace(_ code: [UInt8], _ range: Range<Int>) -> Int? {
        range.first { !isSpace(code[$0]) }
    }

    private static func lineNumber(_ code: [UInt8], _ offset: Int) -> Int {
        code[..<offset].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
