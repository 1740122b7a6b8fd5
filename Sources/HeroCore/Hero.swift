import FoundationEssentials
import HeroTransfer

/// Where a hero's definition comes from.
public enum HeroOrigin: String, Sendable, Codable, CaseIterable {
    /// The catalog built into the binary.
    case catalog
    /// A catalog file imported with `herobridge catalog import`, or a hero that arrived as HeroBridge JSON.
    case `import`
    /// A name the user made a hero of (`add --new`, or an unknown name with `--accept-unknown`).
    case custom
}

/// How a favorite arrived.
public enum IngestSource: String, Sendable, Codable, CaseIterable {
    case clipboard, primary, drop, cli
}

/// A hero: a valid name, a description, where it comes from, and optionally a portrait.
public struct Hero: Sendable, Equatable {
    public var name: String
    public var description: String
    public var origin: HeroOrigin
    public var portrait: PortraitInfo?

    public init(name: String, description: String = "", origin: HeroOrigin, portrait: PortraitInfo? = nil) {
        self.name = name
        self.description = description
        self.origin = origin
        self.portrait = portrait
    }

    /// The matching key of the name (`HeroName.key`).
    public var key: String { HeroName.key(name) }
}

/// A favorite: the hero, how and when it was added.
public struct Favorite: Sendable, Equatable {
    public var hero: Hero
    public var source: IngestSource
    public var addedAt: Date
}

/// What is known about a stored portrait without loading its bytes.
public struct PortraitInfo: Sendable, Equatable {
    public var mime: String
    public var width: Int
    public var height: Int
    public var byteCount: Int
    /// Lower-case hex SHA-256 of the bytes.
    public var sha256: String
}

/// A portrait with its bytes, as stored.
public struct Portrait: Sendable, Equatable {
    public var info: PortraitInfo
    public var data: Data

    /// Wraps a validated image, computing its SHA-256 unless it came with it.
    public init(_ image: TransferImage) {
        info = PortraitInfo(mime: image.mime, width: image.width, height: image.height,
                            byteCount: image.data.count, sha256: image.sha256 ?? SHA256.hex(image.data))
        data = image.data
    }

    init(info: PortraitInfo, data: Data) {
        self.info = info
        self.data = data
    }
}
