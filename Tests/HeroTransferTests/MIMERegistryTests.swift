import Foundation
import HeroBase
import Testing
import TestSupport
@testable import HeroTransfer

/// The registry's table and its gatekeeping, and byte counts as people type and read them.
@Suite struct MIMERegistryTests {
    @Test(arguments: ["image/tiff", "application/x-qt-image", "COMPOUND_TEXT", "text/rtf", ""])
    func unknownTargetIsUnsupported(target: String) {
        #expect(throws: TransferError.unsupportedTarget(target)) { try decode(target, utf8: "Thor") }
    }

    @Test func dataOverTheLimitIsTooLargeBeforeAnyImporterRuns() {
        // Invalid UTF-8: had the importer run, this would be importFailed instead.
        let data = Data(repeating: 0xFF, count: 11)
        #expect(throws: TransferError.tooLarge(target: "UTF8_STRING", bytes: 11, limit: 10)) {
            try decode("UTF8_STRING", data, limits: TransferLimits(maxBytes: 10))
        }
    }

    @Test func dataExactlyAtTheLimitIsAccepted() throws {
        #expect(try decode("UTF8_STRING", utf8: "0123456789", limits: TransferLimits(maxBytes: 10)).items == [.text("0123456789")])
    }

    @Test func everyImporterIsFoundByItsOwnNameAndNamesAreUnique() {
        let registry = MIMERegistry.standard
        for importer in registry.importers {
            #expect(registry.importer(for: importer.target)?.target == importer.target)
            #expect(!importer.summary.isEmpty)
        }
        #expect(Set(registry.importers.map { MIMERegistry.canonical($0.target) }).count == registry.importers.count)
    }

    @Test func importerRolesAreTheDocumentedOnes() {
        let registry = MIMERegistry.standard
        #expect(registry.importer(for: "application/x-herobridge-hero+json")?.role == .hero)
        #expect(registry.importer(for: "x-special/gnome-copied-files")?.role == .files)
        #expect(registry.importer(for: "application/octet-stream")?.role == .image)
        #expect(registry.importer(for: "STRING")?.role == .text)
        #expect(registry.importer(for: "text/html")?.role == .name)
    }

    @Test func transferErrorsReadWellAtTheTerminal() {
        #expect(TransferError.importFailed(target: "UTF8_STRING", reason: "invalid UTF-8 at byte 2").description
            == "UTF8_STRING: invalid UTF-8 at byte 2")
        #expect(TransferError.tooLarge(target: "image/png", bytes: 80 << 20, limit: 64 << 20).description
            == "image/png: 80 MiB is over the limit of 64 MiB")
        #expect(TransferError.unsupportedTarget("image/gif").description == "image/gif: no importer for this target")
    }

    @Test func defaultLimitsAre64MiB16384PxAnd64Megapixels() {
        #expect(TransferLimits.default == TransferLimits(maxBytes: 64 << 20, maxImageSide: 16_384, maxImagePixels: 64_000_000))
    }

    @Test(arguments: [
        ("64M", 64 << 20), ("512K", 512 << 10), ("1G", 1 << 30), ("65536", 65536), ("5MB", 5 << 20),
        ("64KiB", 64 << 10), (" 2m ", 2 << 20), ("3gib", 3 << 30), ("100B", 100), ("0", 0),
    ])
    func byteCountParsesSizes(text: String, bytes: Int) {
        #expect(ByteCount.parse(text) == bytes)
    }

    @Test(arguments: ["", "M", "abc", "12X", "-5", "1.5M", "5 M", "64MiBs", "99999999999999999999", "9999999999999G"])
    func byteCountRejectsWhatIsNotASize(text: String) {
        #expect(ByteCount.parse(text) == nil)
    }

    @Test(arguments: [
        (0, "0 B"), (512, "512 B"), (1023, "1023 B"), (1024, "1 KiB"), (1536, "1.5 KiB"), (3 << 10 + 100, "3.1 KiB"),
        (64 << 20, "64 MiB"), (1 << 30, "1 GiB"), (5 << 40, "5 TiB"),
    ])
    func byteCountFormatsForPeople(bytes: Int, text: String) {
        #expect(ByteCount.format(bytes) == text)
    }
}
