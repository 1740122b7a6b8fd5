/// freedesktop.org startup notification (startup-notification 0.1), the launchee's side: a launcher (a panel, a
/// menu, a file manager) starts a program with `DESKTOP_STARTUP_ID` in its environment and shows a busy cursor
/// until the program says, with a "remove" message naming that id, that its window is up (docs/X11.md §14.4).
///
/// A message is text, `remove: ID="…"` with `"`, `\` and space escaped by a backslash inside the quotes, as GTK
/// writes it, NUL-terminated. It crosses the server as a series of format-8 ClientMessages to the root window, 20
/// bytes each: the first of type `_NET_STARTUP_INFO_BEGIN`, the rest `_NET_STARTUP_INFO`, the last padded with NULs.
/// Receivers put a series back together by the window the messages name, so one series is sent whole, at once.
/// Only the rules, as values; `XConnection.sendStartupRemove` sends them.
public struct StartupNotification: Equatable, Sendable {
    /// The variable a launcher puts the id in.
    public static let environmentKey = "DESKTOP_STARTUP_ID"
    /// The first message's type, and the type of every later one.
    public static let beginType = "_NET_STARTUP_INFO_BEGIN"
    public static let continuationType = "_NET_STARTUP_INFO"
    /// The bytes of text one ClientMessage carries.
    public static let bytesPerMessage = 20
    /// The longest id taken: launchers make ids of a few dozen bytes; any more is some client's nonsense, and would
    /// be hundreds of messages to the root window.
    public static let maxIDBytes = 1024

    /// One ClientMessage of a series: its type's name and its 20 bytes.
    public struct Message: Equatable, Sendable {
        public var type: String
        public var bytes: [UInt8]
    }

    /// The launch's id, as the launcher gave it.
    public let id: String

    /// Nil for an empty id (`DESKTOP_STARTUP_ID=` means no launch to end), one longer than `maxIDBytes`, or one with
    /// a NUL or another control character (the text is NUL-terminated, and no launcher makes such ids).
    public init?(id: String) {
        guard !id.isEmpty, id.utf8.count <= Self.maxIDBytes, !id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        else { return nil }
        self.id = id
    }

    /// The id in `environment`, if it holds a usable one.
    public init?(environment: [String: String]) {
        guard let id = environment[Self.environmentKey] else { return nil }
        self.init(id: id)
    }

    /// The time of the user's action that started the launch: the number after the id's last `_TIME` (the spec's
    /// convention, which GTK and libstartup-notification read the same way), nil when there is none. A window
    /// mapped for this launch carries it as its `_NET_WM_USER_TIME`, so focus-stealing prevention sees the click
    /// that asked for it.
    public var timestamp: Time? {
        guard let marker = id.ranges(of: "_TIME").last else { return nil }
        let digits = id[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = UInt32(digits) else { return nil }
        return Time(value)
    }

    /// `value` quoted for a startup-notification message: in double quotes, with `"`, `\` and space escaped.
    public static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value {
            if character == "\"" || character == "\\" || character == " " { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }

    /// The "remove" message's text: the launch is complete.
    public var removeText: String { "remove: ID=\(Self.quoted(id))" }

    /// The "remove" message as the ClientMessages that carry it, in order.
    public var removeMessages: [Message] { Self.messages(for: removeText) }

    /// `text`, NUL-terminated, cut into 20-byte messages (the last padded with NULs).
    public static func messages(for text: String) -> [Message] {
        var bytes = Array(text.utf8) + [0]
        let padding = (bytesPerMessage - bytes.count % bytesPerMessage) % bytesPerMessage
        bytes += Array(repeating: 0, count: padding)
        return stride(from: 0, to: bytes.count, by: bytesPerMessage).map { start in
            Message(type: start == 0 ? beginType : continuationType, bytes: Array(bytes[start..<start + bytesPerMessage]))
        }
    }
}
