import X11Bridge

/// The atoms the agent interns on its way to READY=1 that no batch of their own covers (`XdndAtoms` and the
/// readers' transfer properties are interned in one round trip each), interned together right after the
/// connection opens. One by one they were a dozen more round trips before READY, each waiting for the X server to
/// be scheduled, which a busy machine stretches. A name missing here costs its round trip when it is first used, a
/// name no longer used costs a few bytes: the list is a prefetch, never a source of atoms.
enum StartupAtoms {
    static func names(screen: Int32) -> [String] {
        [ManagerSelection.selectionName(screen: screen), "_HEROBRIDGE_TIMESTAMP", "MANAGER", "INCR", "CLIPBOARD",
         "UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_SYSTEM_TRAY_OPCODE",
         "_NET_SYSTEM_TRAY_VISUAL", "_XEMBED_INFO", ControlRequest.messageType, ControlRequest.replyProperty,
         // What the windows say to the window manager (WindowManagerHints) and the tray menu's and drag image's
         // types.
         "_NET_WM_PING", "WM_CLIENT_MACHINE", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE", "_NET_WM_ICON", "CARDINAL",
         "_NET_WM_USER_TIME", "_NET_STARTUP_ID", StartupNotification.beginType, StartupNotification.continuationType,
         WindowManagerHints.WindowType.normal.rawValue, WindowManagerHints.WindowType.popupMenu.rawValue,
         WindowManagerHints.WindowType.dnd.rawValue, ManagerSelection.startupIDProperty]
    }

    /// Interns them on `connection` (into its atom cache), in one round trip.
    static func prefetch(on connection: XConnection) {
        _ = connection.atoms(named: names(screen: connection.screen))
    }
}
