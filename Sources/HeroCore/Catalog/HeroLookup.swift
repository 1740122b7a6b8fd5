/// What an ingest matches a name against (`IngestPlan`): the hero a trimmed name means, the exact name first, else
/// the first hero with its key, with that hero's own key. `Catalog` answers from memory, `StoredCatalog` from the
/// store, one indexed lookup at a time.
protocol HeroLookup {
    func match(trimmed name: String, key: String) throws(StoreError) -> (hero: Hero, key: String)?
}

extension Catalog: HeroLookup {}
