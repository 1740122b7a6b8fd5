import FoundationEssentials
import HeroTransfer

/// `application/x-herobridge-hero+json` through the registry (`HeroJSONImporter`): JSON decoding, the name byte
/// limit, base64 portraits and their validation. Input: one byte picks the limits, the rest is the JSON.
enum HeroJSONHarness {
    static let harness = Harness(name: "hero-json", maxLength: 16384,
                                 summary: "hero JSON: objects and arrays, name limits, base64 portraits",
                                 run: run)

    static func run(_ data: Data) {
        var input = FuzzInput(data)
        let limits = FuzzLimits.chosen(input.byte())
        let json = input.rest()
        let outcome = Result { () throws(TransferError) in
            try MIMERegistry.standard.decode(target: HeroJSONImporter.target, data: json, limits: limits)
        }
        switch outcome {
        case let .success(result):
            Invariant.check(!result.items.isEmpty && result.items.count <= limits.maxHeroes,
                            "\(result.items.count) heroes under maxHeroes \(limits.maxHeroes)")
            for item in result.items {
                guard case let .hero(hero) = item else { fatalError("invariant broken: hero JSON gave \(item)") }
                Invariant.check(NameLimit.fitsBytes(hero.name), "a hero name of \(hero.name.utf8.count) bytes passed")
                if let image = hero.image {
                    ImportChecks.checkImage(image, limits: limits, what: "a hero portrait")
                    Invariant.check(image.name == hero.name, "the portrait of \(hero.name) is named \(image.name ?? "nil")")
                }
            }
            // What `encode` writes, `run` reads back the same (portraits included: they were validated).
            let heroes = result.items.compactMap { if case let .hero(hero) = $0 { hero } else { nil } }
            if json.count <= limits.maxBytes, HeroJSONImporter.encode(heroes).count <= limits.maxBytes {
                let again = try? MIMERegistry.standard.decode(target: HeroJSONImporter.target,
                                                             data: HeroJSONImporter.encode(heroes), limits: limits)
                Invariant.check(again?.items == result.items, "hero JSON does not read back what encode wrote")
            }
        case .failure(.importFailed), .failure(.tooLarge):
            break
        case let .failure(error):
            fatalError("invariant broken: hero JSON failed with \(error)")
        }
    }
}
