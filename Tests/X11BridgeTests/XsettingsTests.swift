import Testing
@testable import X11Bridge

/// The XSETTINGS property parser (`Xsettings.parse`), without a server: a manager's value in either byte order,
/// what counts as a dark theme, and every malformed value refused with its typed error (the property is another
/// client's, so a broken one must cost a log line, never a crash).
@Suite("XSETTINGS values (Xsettings)")
struct XsettingsTests {
    /// A setting as the spec lays it out: the test's own writer, independent of the parser.
    enum Entry {
        case integer(String, Int32)
        case string(String, String)
        case color(String, red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    static func value(_ entries: [Entry], serial: UInt32 = 3, bigEndian: Bool = false) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ v: UInt16) { out += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xff)] : [UInt8(v & 0xff), UInt8(v >> 8)] }
        func card32(_ v: UInt32) {
            let bytes = [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
            out += bigEndian ? bytes.reversed() : bytes
        }
        func text(_ s: String) { out += Array(s.utf8) + Array(repeating: 0, count: (4 - s.utf8.count % 4) % 4) }
        func header(_ type: UInt8, _ name: String) {
            out += [type, 0]
            card16(UInt16(name.utf8.count))
            text(name)
            card32(serial)
        }
        card32(serial)
        card32(UInt32(entries.count))
        for entry in entries {
            switch entry {
            case let .integer(name, v): header(0, name); card32(UInt32(bitPattern: v))
            case let .string(name, s): header(1, name); card32(UInt32(s.utf8.count)); text(s)
            case let .color(name, r, g, b, a): header(2, name); card16(r); card16(b); card16(g); card16(a)
            }
        }
        return out
    }

    static let desktop: [Entry] = [.string("Net/ThemeName", "Adwaita-dark"), .integer("Xft/DPI", 98304),
                                   .integer("Gtk/ApplicationPreferDarkTheme", -1),
                                   .color("Gtk/Accent", red: 0xffff, green: 0x8000, blue: 0x1234, alpha: 0xffff),
                                   .string("Gtk/FontName", "Cantarell 11")]
    static let expected = Xsettings(serial: 3, values: [
        "Net/ThemeName": .string("Adwaita-dark"), "Xft/DPI": .integer(98304), "Gtk/ApplicationPreferDarkTheme": .integer(-1),
        "Gtk/Accent": .color(red: 0xffff, green: 0x8000, blue: 0x1234, alpha: 0xffff), "Gtk/FontName": .string("Cantarell 11"),
    ])

    @Test(arguments: [false, true])
    func aManagersValueReadsTheSameInEitherByteOrder(bigEndian: Bool) throws {
        #expect(try Xsettings.parse(Self.value(Self.desktop, bigEndian: bigEndian)) == Self.expected)
    }

    @Test func anEmptyValueHasNoSettings() throws {
        #expect(try Xsettings.parse(Self.value([], serial: 9)) == Xsettings(serial: 9, values: [:]))
    }

    @Test func aDarkThemeNameOrTheDarkPreferenceMeansDark() throws {
        #expect(try Xsettings.parse(Self.value([.string("Net/ThemeName", "Adwaita-dark")])).prefersDark)
        #expect(try Xsettings.parse(Self.value([.string("Net/ThemeName", "Arc-Dark")])).prefersDark)
        #expect(try Xsettings.parse(Self.value([.string("Net/ThemeName", "Adwaita"),
                                                 .integer("Gtk/ApplicationPreferDarkTheme", 1)])).prefersDark)
        #expect(try !Xsettings.parse(Self.value([.string("Net/ThemeName", "Adwaita")])).prefersDark)
        #expect(try !Xsettings.parse(Self.value([.string("Net/ThemeName", "Darkness"),
                                                  .integer("Gtk/ApplicationPreferDarkTheme", 0)])).prefersDark)
        #expect(try !Xsettings.parse(Self.value([.integer("Net/ThemeName", 1)])).prefersDark, "a theme name must be a string")
        #expect(try Xsettings.parse(Self.value([.string("Net/ThemeName", "Adwaita-dark")])).themeName == "Adwaita-dark")
    }

    @Test func aNameGivenTwiceKeepsItsLastValue() throws {
        let settings = try Xsettings.parse(Self.value([.integer("Xft/DPI", 1), .integer("Xft/DPI", 2)]))
        #expect(settings.values == ["Xft/DPI": .integer(2)])
    }

    @Test func textThatIsNotUTF8IsKeptWithReplacementCharacters() throws {
        var bytes = Self.value([.string("Net/ThemeName", "ab")])
        bytes[bytes.count - 4] = 0xff
        #expect(try Xsettings.parse(bytes).values["Net/ThemeName"] == .string("\u{FFFD}b"))
    }

    @Test func theLastStringMayComeWithoutItsPadding() throws {
        let bytes = Self.value([.string("Net/ThemeName", "Adwaita")]) // 7 bytes and one of padding
        #expect(try Xsettings.parse(bytes.dropLast()).themeName == "Adwaita")
    }

    @Test func malformedValuesAreRefusedWithTheirReason() {
        let good = Self.value(Self.desktop)
        func refusal(_ bytes: [UInt8]) -> XsettingsError? {
            do throws(XsettingsError) {
                _ = try Xsettings.parse(bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal([]) == .headerTruncated(bytes: 0))
        #expect(refusal(Array(good.prefix(11))) == .headerTruncated(bytes: 11))
        #expect(refusal([2] + good.dropFirst()) == .unknownByteOrder(2))
        var lying = good
        lying[8] = 0xff; lying[9] = 0xff; lying[10] = 0xff; lying[11] = 0xff
        #expect(refusal(lying) == .countTooLarge(count: 0xffff_ffff, bytes: good.count))
        // Cut short of 12 bytes a setting, the count is refused first; cut anywhere else inside the settings, the
        // setting it cuts is named.
        #expect(refusal(Array(good.prefix(40))) == .countTooLarge(count: 5, bytes: 40))
        for cut in [72, 75, 100, 130, good.count - 10, good.count - 13] {
            guard case .truncated = refusal(Array(good.prefix(cut))) else {
                Issue.record("cut at \(cut): \(String(describing: refusal(Array(good.prefix(cut)))))")
                continue
            }
        }
        #expect(refusal(Array(good.prefix(good.count - 13))) == .truncated(index: 4))
        var unknown = good
        unknown[12] = 7
        #expect(refusal(unknown) == .unknownType(7, index: 0))
        #expect(refusal(Self.value([.integer("", 1)])) == .emptyName(index: 0))
        // A string whose length runs past the end.
        var long = Self.value([.string("Net/ThemeName", "Adwaita")])
        long[long.count - 12] = 0xff
        #expect(refusal(long) == .truncated(index: 0))
        #expect(XsettingsError.truncated(index: 4).description == "the XSETTINGS value ends inside setting 5")
    }
}
