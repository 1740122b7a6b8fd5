import FoundationEssentials
import HeroTransfer

/// A hero added to this database's catalog (imported, or created by the user), as `herobridge catalog --custom`
/// lists it. A name over `HeroName.maxUTF8Bytes` (stored before that limit) holds only its first 41 characters.
public struct CatalogAddition: Sendable, Equatable {
    /// The matching key under which it is stored: `catalog remove` finds it by any spelling of it.
    public var key: String
    public var name: String
    /// Length of the whole stored name in UTF-8 bytes.
    public var nameBytes: Int
    public var description: String
    public var origin: HeroOrigin
    public var addedAt: Date

    /// Whether the stored name is over the limit (and therefore left out of matching).
    public var isOverLong: Bool { nameBytes > HeroName.maxUTF8Bytes }

    /// The name for a listing: whole, or its start with how long it really is.
    public var displayName: String {
        isOverLong ? NameLimit.preview(name) + " (\(nameBytes) bytes)" : name
    }
}
