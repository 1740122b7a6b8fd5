#if canImport(Glibc)
import Glibc
#endif
import Testing
import X11Bridge
@testable import DropWindow

/// The two looks: every text colour against each background it is drawn on meets WCAG AA (4.5:1), computed here
/// from the palette's colours with WCAG 2's formulas; and which look wins (`Appearance.resolve`).
@Suite struct PaletteTests {
    /// WCAG 2.x relative luminance of an sRGB colour.
    static func luminance(_ color: Palette.Color) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    static func contrast(_ a: Palette.Color, _ b: Palette.Color) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test(arguments: [("light", Palette.light), ("dark", Palette.dark)])
    func everyTextMeetsWCAGAAOnItsBackground(name: String, palette: Palette) {
        #expect(palette.textPairs.count >= 13)
        for pair in palette.textPairs {
            let ratio = Self.contrast(pair.text, pair.background)
            #expect(ratio >= 4.5, "\(name): \(pair.name) has a contrast of \(ratio), under 4.5")
        }
    }

    @Test func theFormulaIsWCAGs() {
        #expect(abs(Self.contrast(.gray(0), .gray(1)) - 21) < 1e-9)
        #expect(abs(Self.contrast(.gray(1), .gray(1)) - 1) < 1e-9)
        // WCAG's own example: #767676 is the lightest grey that passes AA on white (4.54:1).
        #expect(abs(Self.contrast(.gray(118.0 / 255), .gray(1)) - 4.54) < 0.01)
    }

    @Test func theDarkLookIsDarkAndTheLightOneLight() {
        #expect(Self.luminance(Palette.dark.background) < 0.05 && Self.luminance(Palette.dark.text) > 0.7)
        #expect(Self.luminance(Palette.light.background) > 0.9 && Self.luminance(Palette.light.text) < 0.05)
        #expect(Palette.light != Palette.dark)
    }

    static let darkTheme = Xsettings(values: ["Net/ThemeName": .string("Adwaita-dark")])
    static let lightTheme = Xsettings(values: ["Net/ThemeName": .string("Adwaita")])

    @Test func theSettingWinsOverTheDesktop() {
        #expect(Appearance.resolve(choice: .light, portal: .dark, xsettings: Self.darkTheme) == Appearance(look: .light, source: .config))
        #expect(Appearance.resolve(choice: .dark, portal: .light, xsettings: Self.lightTheme) == Appearance(look: .dark, source: .config))
    }

    @Test func thePortalWinsOverXSettingsUnlessItHasNoPreference() {
        #expect(Appearance.resolve(choice: .auto, portal: .light, xsettings: Self.darkTheme).look == .light)
        #expect(Appearance.resolve(choice: .auto, portal: .dark, xsettings: Self.lightTheme) == Appearance(look: .dark, source: .portal))
        #expect(Appearance.resolve(choice: .auto, portal: .noPreference, xsettings: Self.darkTheme)
                == Appearance(look: .dark, source: .xsettings(theme: "Adwaita-dark")))
        #expect(Appearance.resolve(choice: .auto, portal: nil, xsettings: Self.lightTheme).look == .light)
    }

    @Test func withNothingSaidTheLookIsLight() {
        #expect(Appearance.resolve(choice: .auto, portal: nil, xsettings: nil) == .light)
        #expect(Appearance.resolve(choice: .auto, portal: .noPreference, xsettings: Xsettings()).look == .light)
        #expect(Appearance.resolve(choice: .auto, portal: nil, xsettings: nil).palette == .light)
        #expect(Appearance(look: .dark, source: .portal).palette == .dark)
    }

    @Test func thePortalsNumbersAreTheSpecs() {
        #expect(Appearance.PortalScheme(colorScheme: 1) == .dark)
        #expect(Appearance.PortalScheme(colorScheme: 2) == .light)
        #expect(Appearance.PortalScheme(colorScheme: 0) == .noPreference)
        #expect(Appearance.PortalScheme(colorScheme: 7) == .noPreference)
    }
}
