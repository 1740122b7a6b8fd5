import FoundationEssentials
import HeroCore
import HeroTransfer

/// `CatalogFile.parse`, what `herobridge catalog import` reads: a Marvel API response or a plain JSON array.
/// Input: the file's bytes.
enum CatalogFileHarness {
    static let harness = Harness(name: "catalog-json", maxLength: 16384,
                                 summary: "catalog import JSON (Marvel API response or plain array)", run: run)

    static func run(_ data: Data) {
        do throws(HeroError) {
            for entry in try CatalogFile.parse(data) {
                ImportChecks.checkClean(entry.description, "a catalog description")
            }
        } catch {
            guard case .invalidCatalog = error else { fatalError("invariant broken: catalog parse failed with \(error)") }
        }
    }
}
