import FoundationEssentials
import HeroBase

/// Reads catalog files for `herobridge catalog import`: a Marvel Comics API `/v1/public/characters` response
/// (`data.results[].name`, `.description`, `.thumbnail`) or a plain JSON array of `{"name","description"}`.
public enum CatalogFile {
    private struct Plain: Decodable {
        var name: String
        var description: String?
    }

    private struct MarvelResponse: Decodable {
        struct Payload: Decodable { var results: [Character] }
        struct Character: Decodable {
            struct Thumbnail: Decodable {
                var path: String
                var `extension`: String
            }
            var name: String
            var description: String?
            var thumbnail: Thumbnail?
        }
        var data: Payload
    }

    /// One parsed entry; `thumbnailURL` is the API's `path.extension`, kept for reference (never fetched).
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var description: String
        public var thumbnailURL: String?
    }

    /// Parses either format; throws `HeroError.invalidCatalog` saying which shape was expected.
    public static func parse(_ data: Data) throws(HeroError) -> [Entry] {
        let decoder = JSONDecoder()
        if let response = try? decoder.decode(MarvelResponse.self, from: data) {
            return response.data.results.map {
                Entry(name: $0.name, description: ($0.description ?? "").trimmed(),
                      thumbnailURL: $0.thumbnail.map { "\($0.path).\($0.extension)" })
            }
        }
        do {
            return try decoder.decode([Plain].self, from: data).map {
                Entry(name: $0.name, description: ($0.description ?? "").trimmed(), thumbnailURL: nil)
            }
        } catch {
            throw .invalidCatalog("expected a Marvel API characters response ({\"data\":{\"results\":[…]}}) "
                                  + "or a JSON array of {\"name\",\"description\"}")
        }
    }
}
