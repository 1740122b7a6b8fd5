/// One action of an accessible object (AT-SPI's Action interface): its name (what `DoAction` is asked by index
/// for, "copy", "remove"), and a description a screen reader may speak.
public struct AccessibleAction: Equatable, Sendable {
    public var name: String
    public var description: String

    public init(_ name: String, description: String) {
        self.name = name
        self.description = description
    }
}
