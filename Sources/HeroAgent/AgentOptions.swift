import DropWindow
import HeroBase
import HeroTransfer

/// Everything `herobridge agent` can be told, with the defaults a desktop session wants.
public struct AgentOptions: Sendable {
    /// `--display`, else `$DISPLAY`.
    public var display: String?
    /// The favorites database path, already resolved.
    public var database: String
    /// `clipboard`, and `primary` when asked.
    public var selections: [String] = ["clipboard"]
    /// Unknown names become custom heroes.
    public var acceptUnknown = false
    /// Limits of one transfer: bytes for all its targets together, and seconds of owner silence at any step.
    public var maxBytes = TransferLimits.default.maxBytes
    public var timeout: Double = 5
    /// Seconds PRIMARY must stay unchanged before it is read.
    public var primarySettle: Double = 0.4
    /// Take over from an agent already running on the display.
    public var replace = false
    /// Open the drop window (`--no-window` turns it off).
    public var window = true
    /// Dock an icon into the system tray (`--no-tray` turns it off). It goes with the drop window, whose
    /// handle it is: with `window` off there is no tray icon either.
    public var tray = true
    /// Its size and place in pixels (`--geometry`); nil: the default size at the display's scale.
    public var geometry: WindowGeometry?
    /// The windows' scale (`scale =`): `auto` follows GDK_SCALE and Xft.dpi.
    public var scale = DisplayScale.Choice.auto
    /// The windows' look (`theme =`): `auto` follows the desktop (the appearance portal, else XSETTINGS).
    public var theme = Appearance.Choice.auto
    /// A desktop notification when a copy adds a hero while the drop window is hidden (`notify = yes`).
    public var notify = false
    /// Which protocol watches the selections (`--backend`): Wayland's data control where offered, else X11.
    public var backend = ClipboardBackend.auto
    /// Log threshold.
    public var logLevel: AgentLog.Level = .info
    /// The config file and the flags these options came from, for following edits of the file while running
    /// (`ConfigWatcher`); nil: nothing is followed.
    public var source: ConfigSource?

    public init(database: String) {
        self.database = database
    }

    /// Parses `clipboard,primary` (either order, each at most once); nil for anything else.
    public static func parseSelections(_ text: String) -> [String]? {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed().lowercased() }
        guard !names.isEmpty, Set(names).count == names.count,
              names.allSatisfy({ $0 == "clipboard" || $0 == "primary" }) else { return nil }
        return names.sorted() // clipboard before primary
    }
}
