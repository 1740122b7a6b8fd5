import Foundation
import Testing
import TestSupport

@Suite struct DecodeCLITests {
    let cli: CLITestCase
    init() throws { cli = try CLITestCase() }

    func items(_ result: HeroBridgeProcess.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
    }

    @Test(arguments: [("Thor.png", "image/png"), ("Thor.jpg", "image/jpeg")])
    func aURIListNamingAnImageFileGivesTheImageAndTheName(_ file: String, _ mime: String) throws {
        let data = mime == "image/png" ? ImageFixtures.png(width: 64, height: 48) : ImageFixtures.jpeg(width: 64, height: 48)
        let path = try cli.dir.write(file, data)
        let list = try cli.dir.write("list", Data("file://\(path)\r\n".utf8))
        let result = try cli.run("decode", "--target", "text/uri-list", list)
        #expect(result.status == 0)
        let decoded = try items(result)
        #expect(decoded.count == 2)
        let image = try #require(decoded.first?["image"] as? [String: Any])
        #expect(decoded.first?["type"] as? String == "image")
        #expect(image["width"] as? Int == 64 && image["height"] as? Int == 48)
        #expect(image["mime"] as? String == mime)
        #expect(decoded.last?["type"] as? String == "text" && decoded.last?["text"] as? String == "Thor")
    }

    @Test func aTruncatedPNGIsAClearImportError() throws {
        let png = ImageFixtures.png(width: 64, height: 48)
        let path = try cli.dir.write("cut.png", png.prefix(png.count / 2))
        let result = try cli.run("decode", "--target", "image/png", path)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("herobridge: image/png: invalid PNG image"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func standardInputIsReadWhenNoFileIsGiven() throws {
        let result = try cli.run("decode", "--target", "text/x-moz-url", stdin: Data("h\0t\0t\0p\0:\0/\0/\0x\0\n\0T\0h\0o\0r\0".utf8))
        #expect(result.status == 0)
        #expect(try items(result).first?["text"] as? String == "Thor")
    }

    @Test func invalidUTF8IsAnErrorNotMojibake() throws {
        let result = try cli.run("decode", "--target", "UTF8_STRING", stdin: Data([0x53, 0x70, 0xFF, 0x69]))
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: UTF8_STRING: invalid UTF-8 at byte 2\n")
    }

    @Test func skippedFilesAreNotesOnStandardError() throws {
        let png = try cli.dir.write("Hulk.png", ImageFixtures.png(width: 5, height: 5))
        let fifo = cli.dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let list = try cli.dir.write("list", Data("file://\(png)\nfile://\(fifo)\nfile:///dev/zero\n".utf8))
        let result = try cli.run("decode", "--target", "text/uri-list", list)
        #expect(result.status == 0)
        #expect(try items(result).count == 2)
        #expect(result.stderr.contains("note: \(fifo) is a FIFO, not a regular file"))
        #expect(result.stderr.contains("note: /dev/zero is a character device, not a regular file"))
    }

    @Test func usageErrorsExitTwo() throws {
        let noTarget = try cli.run("decode")
        #expect(noTarget.status == 2 && noTarget.stderr.contains("--target MIME is required"))
        let unknown = try cli.run("decode", "--target", "image/x-nonsense")
        #expect(unknown.status == 2 && unknown.stderr.contains("no importer for \"image/x-nonsense\""))
        let size = try cli.run("decode", "--target", "STRING", "--max-bytes", "lots")
        #expect(size.status == 2)
    }

    @Test func maxBytesBoundsTheInput() throws {
        let path = try cli.dir.write("big.txt", Data(repeating: 0x41, count: 5000))
        let result = try cli.run("decode", "--target", "STRING", "--max-bytes", "4K", path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("over the limit of 4 KiB"))
    }

    /// Observed: validating a PNG decoded it whole (1 byte a pixel: 64 MB for 64 megapixels). Row by row, it fits in
    /// a data limit (`ulimit -d`, which counts malloc's mmaps) far below the image's size. Under AddressSanitizer,
    /// whose shadow memory no `ulimit` leaves room for, the bound is ASan's own: no single allocation over 40 MB
    /// (the whole-image buffer of the old code was one 64 MB allocation).
    @Test func aSixtyFourMegapixelPNGIsValidatedWithinAFortyMegabyteDataLimit() throws {
        let path = try cli.dir.write("big.png", StreamedPNG.rgba(width: 16_000, height: 4_000))
        var environment = HeroBridgeProcess.environment(home: cli.dir.path)
        var limit = "ulimit -d 40000 && "
        if HeroBridgeProcess.underAddressSanitizer {
            limit = ""
            environment["ASAN_OPTIONS", default: ""] += ":max_allocation_size_mb=40:allocator_may_return_null=0"
        }
        let result = try HeroBridgeProcess.run(
            ["-c", limit + "exec \"$0\" decode --target image/png \"$1\"", HeroBridgeProcess.binary, path],
            environment: environment, executable: "/bin/sh", timeout: CLITestCase.hangGuardSeconds)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(try items(result).first?["image"] as? [String: Any])
        #expect(image["width"] as? Int == 16_000 && image["height"] as? Int == 4_000)
    }

    /// Observed: 60 MB of `&` as text/html was read, decoded and parsed (58 s, 1 GB) before the 1 MiB rule applied.
    @Test func htmlOverOneMebibyteIsRefusedFromItsSizeBeforeItIsRead() throws {
        let path = try cli.dir.write("amp.html", Data(repeating: UInt8(ascii: "&"), count: 3 << 20))
        let result = try cli.run("decode", "--target", "text/html", path)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderr == "herobridge: \(path) is 3 MiB, over the limit of 1 MiB\n")
    }
}
