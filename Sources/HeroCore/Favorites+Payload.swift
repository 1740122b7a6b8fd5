import HeroTransfer

extension Favorites {
    /// The hero `name` means, as `herobridge copy` and a drag out serve it: a favorite first (with its
    /// description and portrait), else a catalog hero (name and description); nil when it is neither.
    public func payload(named name: String) throws -> HeroPayload? {
        if let favorite = try favorite(named: name) {
            var payload = HeroPayload(name: favorite.hero.name, description: favorite.hero.description)
            if let info = favorite.hero.portrait {
                let portrait = try portrait(of: favorite.hero.name)
                payload.image = TransferImage(mime: info.mime, data: portrait.data, width: info.width, height: info.height)
            }
            return payload
        }
        return catalog.match(name).map { HeroPayload(name: $0.name, description: $0.description) }
    }
}
