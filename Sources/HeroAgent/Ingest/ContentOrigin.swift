/// Who offered a selection's content: an X11 window (a selection owner or a drag source), or a Wayland client
/// through the compositor's data-control offer, which names no client.
public enum ContentOrigin: Sendable, Equatable {
    case window(UInt)
    case wayland

    /// How log lines name the owner: `0x1a00003`, or `the Wayland source`.
    public var ownerText: String {
        switch self {
        case let .window(window): return "0x" + String(window, radix: 16)
        case .wayland: return "the Wayland source"
        }
    }

    /// How `herobridge inspect` names it: `window 0x1a00003`, or `a Wayland client`.
    public var description: String {
        switch self {
        case .window: return "window " + ownerText
        case .wayland: return "a Wayland client"
        }
    }
}
