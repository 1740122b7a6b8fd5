import HeroBase
import HeroTransfer

/// The decisions of one ingest, made without touching the store: which heroes the transfer names, which
/// portraits go where, and what is ignored and why. `Favorites.ingest` then applies it in one transaction.
///
/// Rules: every non-blank line of a text (at most 50 lines; texts over 1 MiB ignored whole; lines over 100
/// characters or 400 UTF-8 bytes are never names) that matches a catalog hero names that hero, and an unknown name
/// is ignored unless `acceptUnknown` makes it a custom hero; no substring search. An image goes to the hero its own
/// file name names, else to the first hero the transfer's text names, else to `onto`; an image with none of these
/// is ignored. Hero JSON adds its hero and enters it into the catalog without `acceptUnknown`: only a program that
/// speaks HeroBridge's own format writes it, deliberately, with a description and a portrait, so it is a hero
/// definition rather than stray text. A hero named twice is added once, and gets the first portrait offered.
///
/// Bounds (`IngestContext`): at most `maxNames` names are considered and at most `maxNewHeroes` new heroes enter
/// the catalog; each cap that applies yields one outcome line. Every key is computed once, and each name is looked
/// up (`HeroLookup`: in the store, by index), never matched by walking the catalog, so a plan costs time in
/// proportion to the names it considers, whatever the size of the catalog.
struct IngestPlan: Equatable {
    struct Favorite: Equatable {
        var hero: Hero
        /// `HeroName.key(hero.name)`, computed once.
        var key: String
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

    /// Index in `favorites` of each key.
    private var indexByKey: [String: Int] = [:]
    private var namesConsidered = 0
    private var namesOverCap = 0
    private var newHeroes = 0
    private var newHeroesOverCap = 0

    /// Plans are equal when they decide the same: the same favorites, ignored outcomes and portrait for `onto`.
    /// Written by hand on purpose: the synthesized one would also compare the bookkeeping above (`indexByKey`
    /// and the cap counters), which only serves building the plan, and `ontoPortrait` is a tuple, which has no `==`.
    static func == (a: IngestPlan, b: IngestPlan) -> Bool {
        a.favorites == b.favorites && a.ignored == b.ignored
            && a.ontoPortrait?.name == b.ontoPortrait?.name && a.ontoPortrait?.image == b.ontoPortrait?.image
    }

    init(items: [MultiTypeTransferable], context: IngestContext, catalog: some HeroLookup) throws(StoreError) {
        var texts: [String] = []
        var images: [TransferImage] = []
        for item in items {
            switch item {
            case let .text(text): texts.append(text)
            case let .image(image): images.append(image)
            case let .hero(payload): if takeName(context) { try addHero(payload, catalog: catalog, context) }
            }
        }

        // An image's own name (its file name) is spoken for by the image; the same name as text adds nothing more.
        let imageNameKeys = Set(images.compactMap { image in
            image.name.flatMap { NameLimit.fitsBytes($0) ? HeroName.key($0) : nil }
        })
        var unnamedImages: [TransferImage] = []
        if let onto = context.onto {
            if let first = images.first { ontoPortrait = (onto, first) }
            for _ in images.dropFirst() { ignored.append(.ignored(what: "image", reason: "only one portrait per hero")) }
        } else {
            for image in images {
                if let name = image.name, takeName(context),
                   case let .success(resolved) = try resolve(name, catalog, context) {
                    add(resolved, portrait: image, context)
                } else {
                    unnamedImages.append(image)
                }
            }
        }

        var textNamedKeys: [String] = []
        for text in texts {
            for line in lines(of: text) {
                let lineKey = NameLimit.fitsBytes(line) ? HeroName.key(line) : nil
                if let lineKey, imageNameKeys.contains(lineKey) { continue }
                guard takeName(context) else { continue }
                switch try resolve(line, key: lineKey, catalog, context) {
                case let .success(resolved):
                    if add(resolved, portrait: nil, context) { textNamedKeys.append(resolved.key) }
                case let .failure(reason):
                    ignored.append(.ignored(what: "text", reason: reason.text))
                }
            }
        }

        // Text-named heroes in order; a slot once filled stays filled, so one cursor walks the list once.
        var slot = 0
        for image in unnamedImages {
            while slot < textNamedKeys.count, favorites[indexByKey[textNamedKeys[slot]]!].portrait != nil { slot += 1 }
            guard slot < textNamedKeys.count else {
                let detail = image.name.map { " (\"\(NameLimit.preview($0))\" is not a hero)" } ?? ""
                ignored.append(.ignored(what: "image", reason: Self.noHeroForImage + detail))
                continue
            }
            favorites[indexByKey[textNamedKeys[slot]]!].portrait = image
        }

        // A browser's plain text is the image's URL: not worth a line when the transfer did something else.
        if !favorites.isEmpty || ontoPortrait != nil {
            ignored.removeAll { $0 == .ignored(what: "text", reason: HeroError.urlReason) }
        }
        // The caps' lines go first, so that a log collapsing many ignored lines (`IngestReport.lines`) still shows them.
        var caps: [IngestReport.Outcome] = []
        if namesOverCap > 0 {
            caps.append(.ignored(what: "names", reason: "\(namesOverCap) past the first \(context.maxNames) not read"))
        }
        if newHeroesOverCap > 0 {
            caps.append(.ignored(what: "names", reason: "\(newHeroesOverCap) new heroes past the first "
                                 + "\(context.maxNewHeroes) not added (at most \(context.maxNewHeroes) new heroes a transfer)"))
        }
        ignored.insert(contentsOf: caps, at: 0)
    }

    /// Counts one more name against `maxNames`; false (and counted as over the cap) once it is reached.
    private mutating func takeName(_ context: IngestContext) -> Bool {
        guard namesConsidered < context.maxNames else { namesOverCap += 1; return false }
        namesConsidered += 1
        return true
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

    private mutating func addHero(_ payload: HeroPayload, catalog: some HeroLookup, _ context: IngestContext)
        throws(StoreError)
    {
        let valid: (name: String, key: String)
        do {
            valid = try HeroName.validated(payload.name)
        } catch {
            ignored.append(.ignored(what: "hero", reason: error.description))
            return
        }
        let (name, key) = valid
        if let known = try catalog.match(trimmed: name, key: key) {
            var hero = known.hero
            if hero.description.isEmpty { hero.description = payload.description }
            add(Resolved(hero: hero, key: known.key, isNew: false), portrait: payload.image, context)
        } else {
            add(Resolved(hero: Hero(name: name, description: payload.description.trimmed(), origin: .import),
                         key: key, isNew: true), portrait: payload.image, context)
        }
    }

    /// Adds `resolved` once per key; false when a new hero was over `maxNewHeroes` and left out.
    @discardableResult
    private mutating func add(_ resolved: Resolved, portrait: TransferImage?, _ context: IngestContext) -> Bool {
        if let index = indexByKey[resolved.key] {
            if favorites[index].portrait == nil { favorites[index].portrait = portrait }
            return true
        }
        if resolved.isNew {
            guard newHeroes < context.maxNewHeroes else { newHeroesOverCap += 1; return false }
            newHeroes += 1
        }
        indexByKey[resolved.key] = favorites.count
        favorites.append(Favorite(hero: resolved.hero, key: resolved.key, portrait: portrait, addToCatalog: resolved.isNew))
        return true
    }

    private struct Resolved { var hero: Hero; var key: String; var isNew: Bool }
    private struct Unresolved: Error { var text: String }

    /// The catalog hero `name` means, or a new custom hero when unknown names are accepted. The byte count is
    /// checked before anything that walks the name; `key` is the name's key when the caller has it already.
    private func resolve(_ name: String, key: String? = nil, _ catalog: some HeroLookup, _ context: IngestContext)
        throws(StoreError) -> Result<Resolved, Unresolved>
    {
        guard NameLimit.fitsBytes(name) else {
            return .failure(Unresolved(text: "a line of \(name.utf8.count) bytes is not a name"))
        }
        if name.count > HeroName.maxLength {
            return .failure(Unresolved(text: "a line of \(name.count) characters is not a name"))
        }
        let trimmed = name.trimmed()
        if let known = try catalog.match(trimmed: trimmed, key: key ?? HeroName.key(trimmed)) {
            return .success(Resolved(hero: known.hero, key: known.key, isNew: false))
        }
        let valid: (name: String, key: String)
        do { valid = try HeroName.validated(trimmed) } catch {
            if case let .invalidName(_, reason) = error { return .failure(Unresolved(text: reason)) }
            return .failure(Unresolved(text: error.description))
        }
        guard context.acceptUnknown else { return .failure(Unresolved(text: "no hero named \"\(valid.name)\"")) }
        return .success(Resolved(hero: Hero(name: valid.name, origin: .custom), key: valid.key, isNew: true))
    }
}
