import Foundation
import HeroCore
import Testing
import TestSupport

/// WebP, GIF and BMP portraits end to end, under a private Xvfb: files written by Pillow dragged from a GTK3 drag
/// source (as a file manager's text/uri-list) onto the drop window, or copied by a GTK3 owner under their own type
/// with a name; the portrait is stored as received, written back by `herobridge portrait NAME --output`, and
/// served as image/png by `herobridge copy`, each checked by Pillow.
@Suite(.serialized) struct ImageFormatTests {
    /// What Pillow reads from the portrait `portrait NAME --output` writes.
    private func writtenBack(_ name: String, _ world: AgentHarness) throws -> (format: String, width: Int, height: Int)? {
        let out = world.dir.file("\(name)-out")
        let result = try HeroBridgeProcess.run(["--db", world.db, "portrait", name, "--output", out], environment: world.environment())
        #expect(result.status == 0, "\(result.stderr)")
        return try PILImages.check(out)
    }

    /// What Pillow reads from the image/png that `herobridge copy NAME` serves.
    private func servedAsPNG(_ name: String, _ world: AgentHarness) throws -> (format: String, width: Int, height: Int)? {
        #expect(try world.copy([name]).status == 0)
        let pasted = try world.paste("image/png")
        #expect(pasted.status == 0, "\(pasted.stderr)")
        return try PILImages.check(world.dir.write("\(name)-pasted.png", pasted.stdoutData))
    }

    @Test(arguments: [("webp", ["mode=RGBA", "lossless"], "Storm"), ("webp", ["quality=70"], "Thor"),
                      ("gif", ["interlace"], "Rogue"), ("bmp", [], "Cyclops")])
    func aFileDroppedFromAGTKSourceSetsThePortraitOfTheHeroItNames(format: String, options: [String], name: String) throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        let file = try world.dir.write("\(name).\(format)", PILImages.make(format, width: 90, height: 60, options))
        let source = try world.dragSource(["uris", file])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        let hero = try #require(world.waitForFavorite(name))
        let portrait = try #require(hero.hero.portrait)
        #expect(portrait.sha256 == (try sha256(ofFile: file)))
        #expect(portrait.mime == "image/\(format)" && portrait.width == 90 && portrait.height == 60)
        // The row's thumbnail is drawn from the portrait: its middle is the gradient's (red and green about half,
        // blue 90), not the grey placeholder of a portrait that did not decode.
        let middle = AgentHarness.middle(AgentHarness.layout.thumbnailRect(0))
        #expect(eventually(timeout: 5) { (try? world.screenshot())?.isColor(middle.0, middle.1, 128, 128, 90, tolerance: 40) == true },
                "thumbnail: \(String(describing: (try? world.screenshot())?.rgb(middle.0, middle.1)))")
        let back = try #require(try writtenBack(name, world))
        #expect(back.format == format.uppercased() && back.width == 90 && back.height == 60)
        let png = try #require(try servedAsPNG(name, world))
        #expect(png.format == "PNG" && png.width == 90 && png.height == 60)
    }

    /// The file's bytes decide, not its name: a GIF without an extension and a BMP named .png.
    @Test func aDroppedFileIsReadByItsContentWhateverItsExtension() throws {
        let world = try AgentHarness()
        try world.startAgent(AgentHarness.windowArguments)
        let gif = try world.dir.write("Hulk", PILImages.make("gif", width: 30, height: 20))
        let bmp = try world.dir.write("Loki.png", PILImages.make("bmp", width: 25, height: 35, ["mode=P"]))
        let source = try world.dragSource(["uris", gif, bmp])
        #expect(try world.drag(from: source, to: AgentHarness.circlePoint))
        #expect(world.waitForFavorite("Loki") != nil)
        let favorites = try world.favorites()
        let hulk = try #require(favorites.first { $0.hero.name == "Hulk" }?.hero.portrait)
        let loki = try #require(favorites.first { $0.hero.name == "Loki" }?.hero.portrait)
        #expect(hulk.mime == "image/gif" && hulk.width == 30 && hulk.height == 20)
        #expect(loki.mime == "image/bmp" && loki.width == 25 && loki.height == 35)
    }

    @Test func anImageWebPCopyWithANameSetsThatHerosPortrait() throws {
        let world = try AgentHarness()
        try world.startAgent()
        let file = try world.dir.write("portrait.webp", PILImages.make("webp", width: 120, height: 80, ["mode=RGBA", "lossless"]))
        let owner = try world.fixture("gtk_owner.py", ["image", file, "Storm", "image/webp"])
        let storm = try #require(world.waitForFavorite("Storm"))
        let portrait = try #require(storm.hero.portrait)
        #expect(portrait.sha256 == (try sha256(ofFile: file)))
        #expect(portrait.mime == "image/webp" && portrait.width == 120 && portrait.height == 80)
        #expect(owner.output.contains("served image/webp") && owner.output.contains("served UTF8_STRING"))
        let back = try #require(try writtenBack("Storm", world))
        #expect(back.format == "WEBP" && back.width == 120 && back.height == 80)
    }

    @Test(arguments: ["image/gif", "image/bmp", "image/x-ms-bmp"])
    func aGIFOrBMPCopyWithANameSetsThatHerosPortrait(type: String) throws {
        let world = try AgentHarness()
        try world.startAgent()
        let format = type.hasSuffix("gif") ? "gif" : "bmp"
        let file = try world.dir.write("portrait.\(format)", PILImages.make(format, width: 64, height: 48))
        try world.fixture("gtk_owner.py", ["image", file, "Thor", type])
        let thor = try #require(world.waitForFavorite("Thor"))
        #expect(thor.hero.portrait?.sha256 == (try sha256(ofFile: file)))
        #expect(thor.hero.portrait?.mime == "image/\(format)")
    }
}
