import HeroTransfer

/// The decisions of one ingest, made without touching the store: which heroes the transfer names, which
/// portraits go where, and what is ignored and why. `Favorites.ingest` then applies it in one transaction.
///
/// Rules: every non-blank line of a text (at most 50 lines; texts over 1 MiB ignored whole; lines over 100
/// characters are never names) that matches a catalog hero names that hero, and an unknown name is ignored
/// unless `acceptUnknown` makes it a custom hero; no substring search. An image goes to the hero its own file
/// name names, else to the first hero the transfer's text names, else to `onto`; an image with none of these is
/// ignored. Hero JSON adds its hero and enters it into the catalog. A hero named twice is added once, and gets
/// the first portrait offered.
struct IngestPlan: Equatable {
    struct Favorite: Equatable {
        var hero: Hero
        var portrait: TransferImage?
        /// The hero is not in the catalog yet and goes into its additions.
        var addToCatalog: Bool
    }

    /// Heroes to make favorites, in the order the transfer named them, each key once.
    var favorites: [Favorite] = []
    /// An image dropped onto a row: the named favorite's new portrait.
    var ontoPortrait: (name: String, image: TransferImage)?
    var ignored: [IngestReport.Outcome] = []

    static let maxTextBytes = 1 << 20
    static let maxLines = 50
    static let noHeroForImage = "no hero named for this image"

    static func == (a: IngestPlan, b: IngestPlan) -> Bool {
        a.favorites == b.favorites && a.ignored == b.ignored
            && a.ontoPortrait?.name == b.ontoPortrait?.name && a.ontoPortrait?.image == b.ontoPortrait?.image
    }

    init(items: [MultiTypeTransferable], context: IngestContext, catalog: Catalog) {
        var texts: [String] = []
        var images: [TransferImage] = []
        for item in items {
            switch item {
            case let .text(text): texts.append(text)
            case let .image(image): images.append(image)
            case let .hero(payload): addHero(payload, catalog: catalog)
            }
        }

        // An image's own name (its file name) is spoken for by the image; the same name as text adds nothing more.
        let imageNameKeys = Set(images.compactMap { $0.name.map(HeroName.key) })
        var unnamedImages: [TransferImage] = []
        if let onto = context.onto {
            if let first = images.first { ontoPortrait = (onto, first) }
            for _ in images.dropFirst() { ignored.append(.ignored(what: "image", reason: "only one portrait per hero")) }
        } else {
            for image in images {
                if let name = image.name, case let .success(resolved) = resolve(name, catalog, context) {
                    add(resolved.hero, portrait: image, addToCatalog: resolved.isNew)
                } else {
                    unnamedImages.append(image)
                }
            }
        }

        var textNamedKeys: [String] = []
        for text in texts {
            for line in lines(of: text) where !imageNameKeys.contains(HeroName.key(line)) {
                switch resolve(line, catalog, context) {
                case let .success(resolved):
                    add(resolved.hero, portrait: nil, addToCatalog: resolved.isNew)
                    textNamedKeys.append(resolved.hero.key)
                case let .failure(reason):
                    ignored.append(.ignored(what: "text", reason: reason.text))
                }
            }
        }

        for image in unnamedImages {
            let slot = textNamedKeys.first { key in favorites.contains { $0.hero.key == key && $0.portrait == nil } }
            guard let key = slot, let index = favorites.firstIndex(where: { $0.hero.key == key }) else {
                let detail = image.name.map { " (\"\($0)\" is not a hero)" } ?? ""
                ignored.append(.ignored(what: "image", reason: Self.noHeroForImage + detail))
                continue
            }
            favorites[index].portrait = image
        }

        // A browser's plain text is the image's URL: not worth a line when the transfer did something else.
        if !favorites.isEmpty || ontoPortrait != nil {
            ignored.removeAll { $0 == .ignored(what: "text", reason: HeroError.urlReason) }
        }
    }

    /// The non-blank lines of `text` that may be names, recording why the rest were skipped.
    private mutating func lines(of text: String) -> [String] {
        guard text.utf8.count <= Self.maxTextBytes else {
            ignored.append(.ignored(what: "text", reason: "over 1 MiB of text is not a list of heroes"))
            return []
        }
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmed() }.filter { !$0.isEmpty }
        if lines.count > Self.maxLines {
            ignored.append(.ignored(what: "text", reason: "\(lines.count - Self.maxLines) lines past the first \(Self.maxLines) not read"))
            lines = Array(lines.prefix(Self.maxLines))
        }
        return lines
    }

    private mutating func addHero(_ payload: HeroPayload, catalog: Catalog) {
        do {
            let name = try HeroName.validate(payload.name)
            if let known = catalog.match(name) {
                var hero = known
                if hero.description.isEmpty { hero.description = payload.description }
                add(hero, portrait: payload.image, addToCatalog: false)
            } else {
                add(Hero(name: name, description: payload.description.trimmed(), origin: .import),
                    portrait: payload.image, addToCatalog: true)
            }
        } catch {
            ignored.append(.ignored(what: "hero", reason: error.description))
        }
    }

    private mutating func add(_ hero: Hero, portrait: TransferImage?, addToCatalog: Bool) {
        if let index = favorites.firstIndex(where: { $0.hero.key == hero.key }) {
            if favorites[index].portrait == nil { favorites[index].portrait = portrait }
            return
        }
        favorites.append(Favorite(hero: hero, portrait: portrait, addToCatalog: addToCatalog))
    }

    private struct Resolved { var hero: Hero; var isNew: Bool }
    private struct Unresolved: Error { var text: String }

    /// The catalog hero `name` means, or a new custom hero when unknown names are accepted.
    private func resolve(_ name: String, _ catalog: Catalog, _ context: IngestContext) -> Result<Resolved, Unresolved> {
        if name.count > HeroName.maxLength {
            return .failure(Unresolved(text: "a line of \(name.count) characters is not a name"))
        }
        if let hero = catalog.match(name) { return .success(Resolved(hero: hero, isNew: false)) }
        let valid: String
        do { valid = try HeroName.validate(name) } catch {
            if case let .invalidName(_, reason) = error { return .failure(Unresolved(text: reason)) }
            return .failure(Unresolved(text: error.description))
        }
        guard context.acceptUnknown else { return .failure(Unresolved(text: "no hero named \"\(valid)\"")) }
        return .success(Resolved(hero: Hero(name: valid, origin: .custom), isNew: true))
    }
}
