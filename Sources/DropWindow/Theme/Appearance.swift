import X11Bridge

/// Which look our windows have, light or dark, and why. Worked out without a display (`resolve`) from three
/// sources, strongest first: the `theme =` setting, the freedesktop appearance portal's `color-scheme`, the
/// XSETTINGS manager's theme; with none of them, light.
public struct Appearance: Equatable, Sendable {
    public enum Look: String, Equatable, Sendable {
        case light
        case dark
    }

    /// What the user asked for with `theme =`: a fixed look, or `auto` (follow the desktop).
    public enum Choice: String, Equatable, Sendable {
        case auto
        case light
        case dark
    }

    /// The portal's `color-scheme` (org.freedesktop.appearance): 1 prefers dark, 2 prefers light, 0 (or any other
    /// number) says nothing.
    public enum PortalScheme: Equatable, Sendable {
        case noPreference
        case dark
        case light

        public init(colorScheme value: UInt32) {
            switch value {
            case 1: self = .dark
            case 2: self = .light
            default: self = .noPreference
            }
        }
    }

    /// Where the look came from, for the log.
    public enum Source: Equatable, Sendable {
        case config
        case portal
        /// The XSETTINGS manager, with its theme name when it gives one.
        case xsettings(theme: String?)
        /// Nothing said anything: light.
        case none
    }

    public let look: Look
    public let source: Source

    public init(look: Look, source: Source) {
        self.look = look
        self.source = source
    }

    public static let light = Appearance(look: .light, source: .none)

    /// The palette the windows draw with.
    public var palette: Palette { look == .dark ? .dark : .light }

    /// The precedence rule: the setting's fixed look; else the portal when it runs and prefers one; else the
    /// XSETTINGS manager when one runs (a dark theme, or the GTK dark preference, means dark; any other theme light);
    /// else light. A portal that says "no preference" passes the word on to XSETTINGS, which often knows the
    /// theme the user picked where the portal's backend does not.
    public static func resolve(choice: Choice, portal: PortalScheme?, xsettings: Xsettings?) -> Appearance {
        switch choice {
        case .light: return Appearance(look: .light, source: .config)
        case .dark: return Appearance(look: .dark, source: .config)
        case .auto: break
        }
        switch portal {
        case .dark: return Appearance(look: .dark, source: .portal)
        case .light: return Appearance(look: .light, source: .portal)
        case .noPreference, nil: break
        }
        if let xsettings {
            return Appearance(look: xsettings.prefersDark ? .dark : .light, source: .xsettings(theme: xsettings.themeName))
        }
        return .light
    }

    /// Where it came from, in words for the log.
    public var origin: String {
        switch source {
        case .config: "the theme setting"
        case .portal: "the desktop portal's color-scheme"
        case let .xsettings(theme?): "the XSETTINGS theme \(theme)"
        case .xsettings(nil): "the XSETTINGS manager"
        case .none: "no theme setting, portal preference or XSETTINGS manager"
        }
    }
}
