/// The accessible ids of a window's rows: one per hero shown, kept while the hero is shown, never given to another
/// hero (a screen reader may still hold an old id; it must not come to name someone else). Each window has its
/// own `prefix` ("drop_item_", "catalog_item_").
struct RowIDs: Equatable {
    let prefix: String
    private var byName: [String: Int] = [:]
    private var next = 1

    init(prefix: String) {
        self.prefix = prefix
    }

    /// Keeps the ids of `names`, gives each new name the next id, forgets the names that went.
    mutating func keep(_ names: [String]) {
        let wanted = Set(names)
        byName = byName.filter { wanted.contains($0.key) }
        for name in names where byName[name] == nil {
            byName[name] = next
            next += 1
        }
    }

    func id(of name: String) -> String? { byName[name].map { prefix + String($0) } }

    func name(of id: String) -> String? { byName.first { prefix + String($0.value) == id }?.key }
}
