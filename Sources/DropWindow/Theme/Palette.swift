/// Every colour our windows draw with (the drop window, the catalog window, the tray menu, the drag image), for
/// one look: `light` and `dark` are the two values of this one type, so a colour added for one look must be given
/// for the other. Each text colour meets WCAG AA (a contrast of at least 4.5:1) against every background it is
/// drawn on: `textPairs` lists those pairs, and a test computes their ratios. The tray icon is not here: it sits
/// on the tray's own background, whichever look the tray has.
public struct Palette: Equatable, Sendable {
    /// An opaque sRGB colour, each channel from 0 to 1: what `cairo_set_source_rgb` takes.
    public struct Color: Equatable, Sendable {
        public var red: Double, green: Double, blue: Double

        public init(_ red: Double, _ green: Double, _ blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        public static func gray(_ value: Double) -> Color { Color(value, value, value) }
    }

    /// Behind everything: the windows' background, also their X background pixel.
    public var background: Color
    /// The status line of the drop window and the search strip of the catalog window.
    public var panel: Color
    /// Names, the query typed, the drag image's name.
    public var text: Color
    /// Descriptions, "No favorites yet".
    public var secondaryText: Color
    /// The status line's text, on `panel`.
    public var statusText: Color
    /// The search field's placeholder, on `field`.
    public var hintText: Color
    /// The line between two rows.
    public var separator: Color
    /// A row under a drag that carries an image, where the image would go.
    public var dropHighlight: Color
    /// Behind a thumbnail (its transparent pixels).
    public var thumbnailBackdrop: Color
    /// A row's thumbnail before its portrait is decoded, or with none, and the initial drawn on it.
    public var placeholder: Color
    public var placeholderText: Color
    /// The search field, its frame, and its frame while it has the keyboard focus.
    public var field: Color
    public var fieldFrame: Color
    /// The keyboard focus: the search field's frame, and the ring around a selected row.
    public var focus: Color
    /// A row the keyboard selected, under its name and the focus ring.
    public var selection: Color
    /// The "Drop here!" circle, the tray menu's selected row, the drag image's initial: HeroBridge's green.
    public var accent: Color
    /// The circle while an acceptable drag is over the window, and while it is over the circle itself.
    public var accentHover: Color
    public var accentOver: Color
    /// The ring around the circle while a drag hovers.
    public var accentRing: Color
    /// Text and marks drawn on the accent colours.
    public var onAccent: Color
    /// A favorite's star.
    public var star: Color
    /// The tray menu: its panel, its text, its frame.
    public var menu: Color
    public var menuText: Color
    public var menuFrame: Color
    /// The drag image's card and its frame.
    public var card: Color
    public var cardFrame: Color

    /// Dark text on near-white: the look the windows always had.
    public static let light = Palette(
        background: .gray(0.98), panel: Color(0.93, 0.93, 0.94), text: .gray(0.1), secondaryText: .gray(0.40),
        statusText: .gray(0.3), hintText: .gray(0.45), separator: Color(0.88, 0.88, 0.9),
        dropHighlight: Color(0.80, 0.88, 1.0), thumbnailBackdrop: .gray(0.92), placeholder: Color(0.78, 0.79, 0.82),
        placeholderText: .gray(0.22), field: .gray(1), fieldFrame: Color(0.70, 0.70, 0.74), focus: Color(0.20, 0.45, 0.85),
        selection: Color(0.89, 0.93, 1.0),
        accent: Color(0.12, 0.52, 0.22), accentHover: Color(0.10, 0.47, 0.19), accentOver: Color(0.08, 0.41, 0.16),
        accentRing: Color(0.05, 0.30, 0.11), onAccent: .gray(1), star: Color(1.0, 0.76, 0.03),
        menu: Color(0.97, 0.97, 0.98), menuText: .gray(0.15), menuFrame: Color(0.45, 0.45, 0.5),
        card: .gray(1), cardFrame: Color(0.2, 0.55, 0.3))

    /// Light text on near-black, for a desktop that prefers dark windows.
    public static let dark = Palette(
        background: Color(0.13, 0.13, 0.14), panel: Color(0.18, 0.18, 0.20), text: .gray(0.93), secondaryText: .gray(0.68),
        statusText: .gray(0.78), hintText: .gray(0.62), separator: Color(0.26, 0.26, 0.29),
        dropHighlight: Color(0.16, 0.26, 0.42), thumbnailBackdrop: .gray(0.22), placeholder: Color(0.32, 0.33, 0.37),
        placeholderText: .gray(0.95), field: Color(0.09, 0.09, 0.10), fieldFrame: Color(0.38, 0.38, 0.42),
        focus: Color(0.45, 0.65, 1.0), selection: Color(0.17, 0.23, 0.34),
        accent: Color(0.12, 0.52, 0.22), accentHover: Color(0.10, 0.47, 0.19), accentOver: Color(0.08, 0.41, 0.16),
        accentRing: Color(0.45, 0.85, 0.55), onAccent: .gray(1), star: Color(1.0, 0.76, 0.03),
        menu: Color(0.16, 0.16, 0.18), menuText: .gray(0.92), menuFrame: Color(0.40, 0.40, 0.45),
        card: Color(0.16, 0.16, 0.18), cardFrame: Color(0.35, 0.70, 0.45))

    /// Every text colour with each background it is drawn on, named for a failing test's message.
    public var textPairs: [(name: String, text: Color, background: Color)] {
        [("names on the window", text, background),
         ("descriptions on the window", secondaryText, background),
         ("names on a drop highlight", text, dropHighlight),
         ("names on the selected row", text, selection),
         ("descriptions on the selected row", secondaryText, selection),
         ("the status line", statusText, panel),
         ("the search hint", hintText, field),
         ("the query", text, field),
         ("a placeholder's initial", placeholderText, placeholder),
         ("\"Drop here!\"", onAccent, accent),
         ("\"Drop here!\" under an acceptable drag", onAccent, accentHover),
         ("\"Drop here!\" under a drag over the circle", onAccent, accentOver),
         ("menu items", menuText, menu),
         ("the selected menu item", onAccent, accent),
         ("the drag image's name", text, card)]
    }
}
