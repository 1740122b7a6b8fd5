import Foundation
import Testing
import TestSupport
@testable import HeroTransfer

/// Offered target lists as real apps send them (docs/X11.md §11), and what HeroBridge fetches.
enum Offered {
    static let gtkText = ["TIMESTAMP", "TARGETS", "MULTIPLE", "UTF8_STRING", "COMPOUND_TEXT", "TEXT", "STRING",
                          "text/plain;charset=utf-8", "text/plain"]
    static let qtText = ["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "text/plain", "UTF8_STRING", "STRING", "TEXT"]
    static let chromiumText = ["TIMESTAMP", "TARGETS", "text/plain", "TEXT", "STRING", "UTF8_STRING", "text/html"]
    static let xtermText = ["TARGETS", "UTF8_STRING", "TEXT", "COMPOUND_TEXT", "STRING"]
    static let libreOfficeText = [
        "TARGETS", "application/x-openoffice-embed-source-xml;windows_formatname=\"Star Embed Source (XML)\"",
        "text/rtf", "text/richtext", "text/html", "text/plain;charset=utf-16",
        "application/x-openoffice-objectdescriptor-xml;windows_formatname=\"Star Object Descriptor (XML)\"",
        "text/plain;charset=utf-8", "UTF8_STRING", "STRING", "application/x-libreoffice-internal-id-7",
    ]
    static let xclipImage = ["TARGETS", "image/png"]
    static let gimpImage = ["TIMESTAMP", "TARGETS", "MULTIPLE", "image/png", "image/bmp", "image/x-bmp", "image/x-MS-bmp",
                            "image/x-icon", "image/tiff", "image/jpeg"]
    static let firefoxImageDrag = [
        "text/x-moz-url", "_NETSCAPE_URL", "text/x-moz-url-data", "text/x-moz-url-desc", "text/_moz_htmlcontext",
        "text/_moz_htmlinfo", "text/html", "text/plain", "text/plain;charset=utf-8", "UTF8_STRING", "STRING",
        "application/x-moz-nativeimage", "image/png", "image/jpeg", "image/jpg", "image/gif",
        "application/x-moz-file-promise", "application/x-moz-file-promise-url", "XdndDirectSave0", "text/uri-list",
    ]
    static let chromiumImageDrag = ["text/x-moz-url", "UTF8_STRING", "STRING", "TEXT", "text/plain", "text/html",
                                    "XdndDirectSave0", "application/octet-stream", "chromium/x-renderer-taint",
                                    "chromium/x-drag-id"]
    static let chromiumCopyImage = ["TIMESTAMP", "TARGETS", "text/html", "image/png", "chromium/x-source-url"]
    static let firefoxCopyImage = ["TIMESTAMP", "TARGETS", "MULTIPLE", "text/html", "text/_moz_htmlcontext",
                                   "text/_moz_htmlinfo", "image/png", "image/bmp", "image/x-bmp", "image/x-ico",
                                   "image/jpeg", "image/tiff"]
    static let thunarFiles = ["TIMESTAMP", "TARGETS", "MULTIPLE", "text/uri-list", "x-special/gnome-copied-files", "UTF8_STRING"]
    static let pcmanfmFiles = ["TARGETS", "text/uri-list", "x-special/gnome-copied-files", "application/x-kde-cutselection",
                               "UTF8_STRING"]
    static let dolphinFiles = ["TARGETS", "text/uri-list", "text/x-moz-url", "text/plain", "application/x-kde4-urilist"]
    static let cajaFiles = ["TIMESTAMP", "TARGETS", "MULTIPLE", "x-special/mate-copied-files", "text/uri-list",
                            "UTF8_STRING", "COMPOUND_TEXT", "TEXT", "STRING", "text/plain;charset=utf-8", "text/plain"]
    static let keePassXC = ["TARGETS", "MULTIPLE", "TIMESTAMP", "text/plain", "UTF8_STRING", "STRING", "TEXT",
                            "x-kde-passwordManagerHint"]
}

@Suite struct MIMERegistryChooseTests {
    let registry = MIMERegistry.standard

    @Test(arguments: [Offered.gtkText, Offered.qtText, Offered.chromiumText, Offered.xtermText])
    func textCopyFetchesOnlyUTF8String(offered: [String]) {
        #expect(registry.choose(offered: offered) == ["UTF8_STRING"])
    }

    @Test func libreOfficeTextCopyFetchesUTF8StringNotItsFirstListedUTF16() {
        #expect(registry.choose(offered: Offered.libreOfficeText) == ["UTF8_STRING"])
    }

    @Test func utf16IsFetchedWhenItIsTheOnlyText() {
        #expect(registry.choose(offered: ["TARGETS", "text/plain;charset=utf-16"]) == ["text/plain;charset=utf-16"])
    }

    @Test func textPreferenceOrderIsUTF8StringThenCharsetUTF8ThenPlainThenStringThenText() {
        var offered = ["TEXT", "STRING", "text/plain", "text/plain;charset=utf-8", "UTF8_STRING", "text/plain;charset=utf-16"]
        var picks: [String] = []
        while let pick = registry.choose(offered: offered).first {
            picks.append(pick)
            offered.removeAll { $0 == pick }
        }
        #expect(picks == ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT", "text/plain;charset=utf-16"])
    }

    @Test func xclipImageFetchesThePNG() {
        #expect(registry.choose(offered: Offered.xclipImage) == ["image/png"])
    }

    @Test func gtkImageOwnerFetchesPNGFirstAmongItsImageTypes() {
        #expect(registry.choose(offered: Offered.gimpImage) == ["image/png"])
        // Without PNG, the lossless BMP before JPEG, and a lossy or 256-colour type only when nothing better is there.
        #expect(registry.choose(offered: ["TARGETS", "image/bmp", "image/jpg", "image/jpeg"]) == ["image/bmp"])
        #expect(registry.choose(offered: ["TARGETS", "image/gif", "image/jpeg", "image/webp"]) == ["image/webp"])
        #expect(registry.choose(offered: ["TARGETS", "image/gif", "image/jpeg"]) == ["image/jpeg"])
        #expect(registry.choose(offered: ["TARGETS", "image/gif"]) == ["image/gif"])
        #expect(registry.choose(offered: ["TARGETS", "image/x-MS-bmp", "image/gif"]) == ["image/x-MS-bmp"])
    }

    @Test func gtkImageOwnerWithTextFetchesTheImageAndTheText() {
        #expect(registry.choose(offered: Offered.gimpImage + ["UTF8_STRING", "TEXT", "STRING", "text/plain"])
            == ["image/png", "UTF8_STRING"])
    }

    @Test func firefoxImageDragFetchesFilesImageAndTitleButNoPlainText() {
        let chosen = registry.choose(offered: Offered.firefoxImageDrag)
        #expect(chosen == ["text/uri-list", "image/png", "text/x-moz-url"])
        #expect(!chosen.contains { ["UTF8_STRING", "STRING", "text/plain", "text/plain;charset=utf-8"].contains($0) })
    }

    @Test func chromiumImageDragFetchesTheOctetStreamBytesAndTheMozURLTitle() {
        let chosen = registry.choose(offered: Offered.chromiumImageDrag)
        #expect(chosen.first == "application/octet-stream")
        #expect(chosen.contains("text/x-moz-url"))
        #expect(!chosen.contains("text/html"), "one name-bearing target is enough")
    }

    @Test func chromiumCopyImageFetchesThePNGAndTheHTMLAlt() {
        #expect(registry.choose(offered: Offered.chromiumCopyImage) == ["image/png", "text/html"])
    }

    @Test func firefoxCopyImageFetchesThePNGAndTheHTMLAlt() {
        #expect(registry.choose(offered: Offered.firefoxCopyImage) == ["image/png", "text/html"])
    }

    @Test(arguments: [Offered.thunarFiles, Offered.pcmanfmFiles, Offered.dolphinFiles, Offered.cajaFiles])
    func fileCopyFetchesOnlyTheURIListNeverThePathsAsText(offered: [String]) {
        #expect(registry.choose(offered: offered) == ["text/uri-list"])
    }

    @Test func gnomeCopiedFilesAloneIsFetched() {
        #expect(registry.choose(offered: ["TARGETS", "x-special/gnome-copied-files"]) == ["x-special/gnome-copied-files"])
    }

    @Test func kdeURIListAloneIsFetched() {
        #expect(registry.choose(offered: ["application/x-kde4-urilist", "text/plain"]) == ["application/x-kde4-urilist"])
    }

    @Test func heroJSONComesFirst() {
        let chosen = registry.choose(offered: ["TARGETS", "UTF8_STRING", "image/png", "application/x-herobridge-hero+json"])
        #expect(chosen == ["application/x-herobridge-hero+json", "image/png", "UTF8_STRING"])
    }

    @Test(arguments: [
        Offered.keePassXC,
        Offered.xclipImage + ["x-kde-passwordManagerHint"],
        Offered.thunarFiles + ["x-kde-passwordManagerHint"],
        ["x-kde-passwordManagerHint", "application/x-herobridge-hero+json"],
    ])
    func passwordManagerHintMeansNothingIsFetched(offered: [String]) {
        #expect(MIMERegistry.isSecret(offered: offered))
        #expect(registry.choose(offered: offered) == [])
        #expect(registry.choose(offered: offered, textOnly: true) == [])
    }

    @Test(arguments: [Offered.gtkText, Offered.firefoxImageDrag, Offered.thunarFiles, []])
    func listWithoutTheHintIsNotSecret(offered: [String]) {
        #expect(!MIMERegistry.isSecret(offered: offered))
    }

    @Test func textOnlyFetchesJustTheBestTextEvenWhenImagesAreOffered() {
        #expect(registry.choose(offered: Offered.gimpImage + ["STRING", "UTF8_STRING"], textOnly: true) == ["UTF8_STRING"])
        #expect(registry.choose(offered: Offered.firefoxImageDrag, textOnly: true) == ["UTF8_STRING"])
        #expect(registry.choose(offered: Offered.libreOfficeText, textOnly: true) == ["UTF8_STRING"])
    }

    @Test func textOnlyWithNoTextFetchesNothing() {
        #expect(registry.choose(offered: Offered.xclipImage, textOnly: true) == [])
        #expect(registry.choose(offered: Offered.chromiumCopyImage, textOnly: true) == [])
    }

    @Test func onlyUnknownTargetsFetchNothing() {
        #expect(registry.choose(offered: ["TIMESTAMP", "TARGETS", "MULTIPLE", "application/x-qt-image", "PIXMAP",
                                          "COMPOUND_TEXT", "image/tiff", "image/x-icon"]) == [])
        #expect(registry.choose(offered: []) == [])
    }

    @Test func nameTargetAloneIsFetchedWhenThereIsNoTextOrFiles() {
        #expect(registry.choose(offered: ["TARGETS", "text/html"]) == ["text/html"])
        #expect(registry.choose(offered: ["text/x-moz-url-desc", "text/html"]) == ["text/x-moz-url-desc"])
    }

    @Test func nameTargetIsNotFetchedNextToPlainTextWithoutAnImage() {
        #expect(registry.choose(offered: ["text/html", "text/x-moz-url", "UTF8_STRING"]) == ["UTF8_STRING"])
    }

    @Test(arguments: ["text/plain;charset=UTF-8", "text/plain; charset=\"utf-8\"", "TEXT/PLAIN;CHARSET=UTF8"])
    func targetIsReturnedSpelledAsOffered(spelling: String) {
        #expect(registry.choose(offered: ["TARGETS", spelling, "text/plain", "STRING"]) == [spelling])
    }

    @Test func imageTargetIsReturnedSpelledAsOffered() {
        #expect(registry.choose(offered: ["Image/PNG"]) == ["Image/PNG"])
    }
}
