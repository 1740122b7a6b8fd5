import FoundationEssentials
import HeroAgent
import HeroCore
import HeroTransfer

/// The JSON shapes the CLI prints. Keys are sorted so that output is stable.
enum JSONOutput {
    struct Image: Encodable {
        var mime: String
        var width: Int
        var height: Int
        var bytes: Int
        var sha256: String?
        var name: String?
    }

    /// `list --json` row: `image` is always present, null when there is no portrait.
    struct FavoriteRow: Encodable {
        var favorite: Favorite

        enum Keys: String, CodingKey { case name, description, origin, source, addedAt, image }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(favorite.hero.name, forKey: .name)
            try container.encode(favorite.hero.description, forKey: .description)
            try container.encode(favorite.hero.origin.rawValue, forKey: .origin)
            try container.encode(favorite.source.rawValue, forKey: .source)
            try container.encode(favorite.addedAt.formatted(.iso8601), forKey: .addedAt)
            if let p = favorite.hero.portrait {
                try container.encode(Image(mime: p.mime, width: p.width, height: p.height, bytes: p.byteCount,
                                           sha256: p.sha256), forKey: .image)
            } else {
                try container.encodeNil(forKey: .image)
            }
        }
    }

    struct CatalogRow: Encodable {
        var name: String
        var description: String
        var origin: String
    }

    /// `decode` row: `{"type":"text","text":…}`, `{"type":"image",…}` or `{"type":"hero",…}`.
    struct Item: Encodable {
        var type: String
        var text: String?
        var image: Image?
        var name: String?
        var description: String?

        init(_ item: MultiTypeTransferable) {
            switch item {
            case let .text(text):
                type = "text"
                self.text = text
            case let .image(image):
                type = "image"
                self.image = Self.describe(image)
            case let .hero(hero):
                type = "hero"
                name = hero.name
                description = hero.description
                image = hero.image.map(Self.describe)
            }
        }

        static func describe(_ image: TransferImage) -> Image {
            Image(mime: image.mime, width: image.width, height: image.height, bytes: image.data.count,
                  sha256: SHA256.hex(image.data), name: image.name)
        }
    }

    /// `inspect --json`.
    struct Inspection: Encodable {
        struct Received: Encodable {
            var target: String
            var bytes: Int
            var milliseconds: Double
        }
        var selection: String
        var owner: String
        var offered: [String]
        var chosen: [String]
        var skipped: String?
        var received: [Received]
        var items: [Item]
        var problems: [String]

        init(_ content: SelectionContent) {
            selection = content.selectionName
            owner = content.ownerText
            offered = content.offered
            chosen = content.chosen
            skipped = content.skipped
            received = content.received.map { Received(target: $0.target, bytes: $0.bytes, milliseconds: $0.seconds * 1000) }
            items = content.items.map(Item.init)
            problems = content.problems
        }
    }

    /// `status --json` when an agent answered. Times are ISO 8601; `favorites` is null when the database could
    /// not be read (`problem` says why), `pausedUntil` when not paused or paused until resumed.
    struct Status: Encodable {
        struct LastAdded: Encodable {
            var name: String
            var addedAt: String
        }
        var running = true
        var display: String
        var pid: Int32
        var paused: Bool
        var pausedUntil: String?
        var database: String
        var favorites: Int?
        var lastAdded: LastAdded?
        var problem: String?
        /// The longest turn of the agent's event loop so far (ms); null from an agent that does not say.
        var longestStallMs: Double?
        /// What watches the selections (`X11`, `Wayland (…)`); null from an agent that does not say.
        var watching: String?

        init(_ status: AgentStatus) {
            display = status.display
            pid = status.pid
            paused = status.paused
            pausedUntil = status.pausedUntil.map { Date(timeIntervalSince1970: $0).formatted(.iso8601) }
            database = status.database
            favorites = status.favorites
            lastAdded = status.lastAdded.map {
                LastAdded(name: $0.name, addedAt: Date(timeIntervalSince1970: $0.at).formatted(.iso8601))
            }
            problem = status.problem
            longestStallMs = status.longestStallMs
            watching = status.watching
        }

        enum Keys: String, CodingKey { case running, display, pid, paused, pausedUntil, database, favorites, lastAdded, problem, longestStallMs, watching }

        /// Every key is always there, null when it has no value, so a script can read any of them.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(running, forKey: .running)
            try container.encode(display, forKey: .display)
            try container.encode(pid, forKey: .pid)
            try container.encode(paused, forKey: .paused)
            try container.encode(pausedUntil, forKey: .pausedUntil)
            try container.encode(database, forKey: .database)
            try container.encode(favorites, forKey: .favorites)
            try container.encode(lastAdded, forKey: .lastAdded)
            try container.encode(problem, forKey: .problem)
            try container.encode(longestStallMs, forKey: .longestStallMs)
            try container.encode(watching, forKey: .watching)
        }
    }

    /// `status --json` when no agent runs on the display.
    struct NotRunning: Encodable {
        var running = false
        var display: String
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
