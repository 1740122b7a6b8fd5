import HeroBase
import HeroCore
import HeroTransfer

/// Whether an ingest is worth a desktop notification, and what it says. Only a copy (CLIPBOARD or PRIMARY) that
/// added a favorite while the drop window is hidden notifies: a drop happens on the window, so the user sees its
/// result there, and with the window shown its status line already says "Added Thor". An update (a new portrait
/// for a favorite already there) or a copy of a favorite again does not notify: the user already has the hero,
/// and a popup for every portrait change or repeated copy would be noise. One copy is one notification, however
/// many heroes it added: it names the first, whose portrait and description it shows.
public struct HeroNotice: Sendable, Equatable {
    /// The first hero added: its description is the body, its portrait the image.
    public let hero: String
    /// The others the same copy added, in the order they were added.
    public let others: [String]

    /// The longest body, in UTF-8 bytes: a notification is a glance, and a catalog description has no bound of
    /// its own that a popup should inherit.
    public static let maxBodyBytes = 600
    /// How many of the other names the body lists before "and N more".
    public static let maxOtherNames = 5

    /// The notice for `report`, or nil when it should not notify.
    public static func decide(_ report: IngestReport, source: IngestSource, windowShown: Bool) -> HeroNotice? {
        guard source == .clipboard || source == .primary, !windowShown else { return nil }
        let added = report.added
        guard let first = added.first else { return nil }
        return HeroNotice(hero: first, others: Array(added.dropFirst()))
    }

    /// `Added Thor`, or `Added Thor and 2 more`: the drop window's status line says the same.
    public var summary: String {
        "Added \(hero)" + (others.isEmpty ? "" : " and \(others.count) more")
    }

    /// The hero's description, then the other names added; escaped for the servers that read the body as markup
    /// (the spec's `body-markup`, on by default in dunst and GNOME), so a description with `<` or `&` shows as
    /// written. Cut at a character boundary within `maxBodyBytes`.
    public func body(description: String) -> String {
        var parts: [String] = []
        let text = description.split(whereSeparator: \.isNewline).joined(separator: " ").trimmed()
        if !text.isEmpty { parts.append(text) }
        if !others.isEmpty {
            let shown = others.prefix(Self.maxOtherNames).joined(separator: ", ")
            let rest = others.count - min(others.count, Self.maxOtherNames)
            parts.append("Also added: " + shown + (rest > 0 ? " and \(rest) more" : ""))
        }
        return Self.cut(Self.escaped(parts.joined(separator: "\n")), toBytes: Self.maxBodyBytes)
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Whole characters only, and never inside an entity the escaping wrote: a cut `&am` would show as garbage.
    private static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        let ellipsis = "…"
        for character in text {
            let size = character.utf8.count
            if bytes + size > limit - ellipsis.utf8.count { break }
            result.append(character)
            bytes += size
        }
        if let amp = result.lastIndex(of: "&"), !result[amp...].contains(";") { result = String(result[..<amp]) }
        return result + ellipsis
    }
}
