import Foundation
import Testing
import TestSupport

@Suite struct DatabaseCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    @Test func aCorruptDatabaseIsOneClearLineAndExitOne() throws {
        try cli.run("add", "Thor")
        var data = try Data(contentsOf: URL(fileURLWithPath: cli.db))
        for i in 100..<min(data.count, 4096) { data[i] = 0x5A }
        try data.write(to: URL(fileURLWithPath: cli.db))
        try? FileManager.default.removeItem(atPath: cli.db + "-wal")
        try? FileManager.default.removeItem(atPath: cli.db + "-shm")
        let result = try cli.run("list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("herobridge: "))
        #expect(result.stderr.contains(cli.db))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!looksLikeACrash(result.stderr))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.db)) == data)
    }

    @Test func aTextFileGivenAsDatabaseIsLeftAlone() throws {
        let notes = try cli.dir.write("notes.txt", Data("milk\neggs\n".utf8))
        let result = try HeroBridgeProcess.run(["--db", notes, "add", "Thor"],
                                               environment: HeroBridgeProcess.environment(home: cli.dir.path))
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: \(notes) is not a HeroBridge database (not an SQLite file); it was left untouched. Pass --db with another path\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "milk\neggs\n")
    }

    /// Read-only for the user running it: as root (CI), the binary runs as `nobody` through setpriv.
    @Test func aReadOnlyDatabaseIsOneClearLineAndExitOne() throws {
        try cli.run("add", "Thor")
        chmod(cli.db, 0o444)
        chmod(cli.dir.path, 0o755)
        var arguments = ["--db", cli.db, "add", "Hulk"]
        var executable = HeroBridgeProcess.binary
        if getuid() == 0 {
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments
            executable = "/usr/bin/setpriv"
            // nobody must be able to reach the binary and the database through every parent folder.
            for folder in [cli.dir.path, URL(fileURLWithPath: HeroBridgeProcess.binary).deletingLastPathComponent().path] {
                var url = URL(fileURLWithPath: folder)
                while url.path != "/" {
                    var info = stat()
                    if stat(url.path, &info) == 0 && info.st_mode & 0o001 == 0 { chmod(url.path, info.st_mode | 0o001) }
                    url.deleteLastPathComponent()
                }
            }
        }
        let result = try HeroBridgeProcess.run(arguments, environment: HeroBridgeProcess.environment(home: cli.dir.path),
                                               executable: executable)
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: database \(cli.db) is read-only; check the permissions of the file and its folder\n")
        chmod(cli.db, 0o644)
        #expect(try cli.run("list").stdout == "Thor\n")
    }

    /// Regression: `:memory:` cannot be WAL, and the WAL switch retried forever at 100 % CPU.
    @Test func anInMemoryDatabaseWorksInsteadOfSpinning() throws {
        let added = try HeroBridgeProcess.run(["--db", ":memory:", "add", "Thor"],
                                              environment: HeroBridgeProcess.environment(home: cli.dir.path), timeout: 30)
        #expect(!added.timedOut)
        #expect(added.status == 0)
        #expect(added.stdout == "added Thor\n")
        let listed = try HeroBridgeProcess.run(["list"], environment: HeroBridgeProcess.environment(
            home: cli.dir.path, extra: ["HEROBRIDGE_DB": ":memory:"]), timeout: 30)
        #expect(!listed.timedOut)
        #expect(listed.status == 0)
        #expect(listed.stdout == "")
    }

    /// Done-when of the core issue: two `herobridge add` loops of 200 heroes each, at once, on one database.
    @Test func twoAddLoopsOf200HeroesAtOnceKeepAll400() throws {
        let script = """
            for i in $(seq 1 200); do "$BIN" --db "$DB" add --new "$PREFIX $i" >/dev/null || { echo "failed at $i" >&2; exit 1; }; done
            """
        let loops = try ["Alpha", "Beta"].map { prefix -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = HeroBridgeProcess.environment(home: cli.dir.path,
                                                                extra: ["BIN": HeroBridgeProcess.binary, "DB": cli.db, "PREFIX": prefix])
            try process.run()
            return process
        }
        for loop in loops { loop.waitUntilExit() }
        #expect(loops.allSatisfy { $0.terminationStatus == 0 })
        let names = Set(try cli.favorites().compactMap { $0["name"] as? String })
        #expect(names.count == 400)
        #expect(names.contains("Alpha 200") && names.contains("Beta 1"))
    }

    /// Regression: the schema check once read the application id and the table count in two snapshots, so a
    /// process that raced another one's first migration called the new database "another program's".
    @Test func processesCreatingTheSameDatabaseAtOnceAllSucceed() throws {
        for round in 0..<15 {
            let db = cli.dir.file("race-\(round).sqlite3")
            let errors = ["Thor", "Hulk", "Storm"].map { cli.dir.file("race-\(round)-\($0).err") }
            let adds = try zip(["Thor", "Hulk", "Storm"], errors).map { name, errorFile -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: HeroBridgeProcess.binary)
                process.arguments = ["--db", db, "add", name]
                process.environment = HeroBridgeProcess.environment(home: cli.dir.path)
                process.standardOutput = FileHandle.nullDevice
                _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
                try process.run()
                return process
            }
            for add in adds { add.waitUntilExit() }
            let messages = try errors.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
            #expect(adds.map(\.terminationStatus) == [0, 0, 0], "round \(round): \(messages)")
        }
    }
}
