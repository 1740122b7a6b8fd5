import FoundationEssentials
import HeroTransfer
import X11Bridge

/// What HeroBridge offers when it puts a hero on a selection (`herobridge copy`, and the drag source): the
/// hero JSON another HeroBridge ingests whole, the portrait as PNG and under its stored type, the name in every
/// text form GTK, Qt and xterm ask for, and the marker that keeps our own agent from ingesting the copy.
public enum HeroOffer {
    /// The data of the marker target; its presence is what counts (`SelectionFetcher.ownMarker`).
    static let markerData = Data("herobridge".utf8)

    /// The offer for `hero`, best target first. A hero without a portrait offers no image target. The JSON
    /// (with the portrait in base64) and a PNG converted from a JPEG, WebP, GIF or BMP portrait are made on the
    /// first request.
    public static func make(_ hero: HeroPayload) -> SelectionOffer {
        var entries = [SelectionOffer.Entry(target: HeroJSONImporter.target) { HeroJSONImporter.encode([hero]) }]
        if let image = hero.image {
            if image.mime == ImageFormat.png.mime {
                entries.append(.init(target: image.mime, data: image.data))
            } else {
                entries.append(.init(target: ImageFormat.png.mime) { try? pngData(of: image) })
                entries.append(.init(target: image.mime, data: image.data))
            }
        }
        let utf8 = Data(hero.name.utf8)
        let latin1 = latin1(hero.name)
        entries += [
            .init(target: "UTF8_STRING", data: utf8),
            .init(target: "text/plain;charset=utf-8", data: utf8),
            // Qt and Chromium serve text/plain as UTF-8 too; GTK's ASCII-only variant would lose accents.
            .init(target: "text/plain", data: utf8),
            .init(target: "STRING", data: latin1),
            // ICCCM: TEXT may be answered in any encoding, its type naming which one; STRING is the one all read.
            .init(target: "TEXT", type: "STRING", data: latin1),
            .init(target: SelectionFetcher.ownMarker, data: markerData),
        ]
        return SelectionOffer(entries)
    }

    /// `text` in ISO Latin-1 (ICCCM `STRING`): characters beyond U+00FF become `?`.
    public static func latin1(_ text: String) -> Data {
        Data(text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") })
    }

    /// A PNG of the same pixels as `image` (a portrait stored in another format; a GIF's first frame).
    static func pngData(of image: TransferImage) throws -> Data {
        try PNGEncoder.encode(DecodedImage.decode(image.data))
    }
}
