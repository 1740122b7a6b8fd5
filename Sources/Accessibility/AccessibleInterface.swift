/// The D-Bus names of the AT-SPI interfaces the tree answers.
public enum AccessibleInterface {
    public static let accessible = "org.a11y.atspi.Accessible"
    public static let application = "org.a11y.atspi.Application"
    public static let action = "org.a11y.atspi.Action"
    public static let selection = "org.a11y.atspi.Selection"
    public static let component = "org.a11y.atspi.Component"
    public static let text = "org.a11y.atspi.Text"
    public static let cache = "org.a11y.atspi.Cache"
    public static let properties = "org.freedesktop.DBus.Properties"
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
}
