import FoundationEssentials

/// `application/x-herobridge-hero+json`: one hero object or an array of them (the first `maxHeroes` read), portraits
/// in base64. Public for
/// `encode` and the target name: `herobridge copy` writes what this importer reads.
public enum HeroJSONImporter {
    public static let target = "application/x-herobridge-hero+json"

    private struct Wire: Codable {
        struct Image: Codable {
            var mime: String
            var base64: String
        }
        var name: String
        var description: String?
        var image: Image?
    }

    static func run(_ data: Data, limits: TransferLimits) throws(TransferError) -> ImportResult {
        let wires: [Wire]
        do {
            let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if trimmed.first == UInt8(ascii: "[") {
                wires = try JSONDecoder().decode([Wire].self, from: data)
            } else {
                wires = [try JSONDecoder().decode(Wire.self, from: data)]
            }
        } catch {
            throw .importFailed(target: target, reason: "not a hero JSON object or array: \(describe(error))")
        }
        guard !wires.isEmpty else { throw .importFailed(target: target, reason: "the array holds no hero") }
        var result = ImportResult()
        for wire in wires.prefix(limits.maxHeroes) {
            // A name over the byte limit is no name: its portrait is not worth validating, and the note quotes
            // only its start.
            guard NameLimit.fitsBytes(wire.name) else {
                result.notes.append("a hero name of \(wire.name.utf8.count) bytes (\"\(NameLimit.preview(wire.name))\") "
                                    + "is over \(NameLimit.maxUTF8Bytes) bytes; hero skipped")
                continue
            }
            var image: TransferImage?
            if let wireImage = wire.image {
                guard let bytes = Data(base64Encoded: wireImage.base64, options: .ignoreUnknownCharacters) else {
                    result.notes.append("\(wire.name): portrait is not valid base64; hero kept without it")
                    result.items.append(.hero(HeroPayload(name: wire.name, description: wire.description ?? "")))
                    continue
                }
                do {
                    image = try ImageValidator.validate(bytes, target: target, name: wire.name, limits: limits)
                } catch {
                    result.notes.append("\(wire.name): portrait refused (\(error)); hero kept without it")
                }
            }
            result.items.append(.hero(HeroPayload(name: wire.name, description: wire.description ?? "", image: image)))
        }
        if wires.count > limits.maxHeroes {
            result.notes.append("\(wires.count - limits.maxHeroes) heroes past the first \(limits.maxHeroes) not read")
        }
        guard !result.items.isEmpty else {
            throw .importFailed(target: target, reason: result.notes.joined(separator: "; "))
        }
        return result
    }

    /// Encodes heroes in the same shape `run` reads (an object for one hero, an array for several).
    public static func encode(_ heroes: [HeroPayload]) -> Data {
        let wires = heroes.map { hero in
            Wire(name: hero.name, description: hero.description,
                 image: hero.image.map { Wire.Image(mime: $0.mime, base64: $0.data.base64EncodedString()) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = wires.count == 1 ? try? encoder.encode(wires[0]) : try? encoder.encode(wires)
        return encoded ?? Data("[]".utf8)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context): return context.debugDescription
        case DecodingError.valueNotFound(_, let context): return context.debugDescription
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        default: return "\(error)"
        }
    }
}
