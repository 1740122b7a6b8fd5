/// One character of a catalog: a name and a short description.
public struct CatalogEntry: Sendable, Hashable {
    public let name: String
    public let description: String

    public init(_ name: String, _ description: String) {
        self.name = name
        self.description = description
    }
}
