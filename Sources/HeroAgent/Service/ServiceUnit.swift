import HeroBase

/// The systemd user unit and the session autostart entry that `herobridge service install` writes.
///
/// `packaging/systemd/herobridge.service` is this text with `/usr/bin/herobridge` as the binary; the .deb and
/// `make install` ship that file, and a test keeps the two identical, so there is one unit wherever it comes from.
public enum ServiceUnit {
    public static let name = "herobridge.service"

    /// The unit, running `executable`.
    public static func text(executable: String) -> String {
        let execStart = quoted(executable)
        return """
            # HeroBridge: the clipboard and drag-and-drop agent of an X11 desktop session, as a systemd user service.
            # Installed by the .deb in /usr/lib/systemd/user, by `make install` in the user's unit folder, and written
            # with the real binary path into ~/.config/systemd/user by `herobridge service install`.
            [Unit]
            Description=HeroBridge clipboard and drag-and-drop agent
            Documentation=man:herobridge(1)
            # Runs while the graphical session runs and stops with it; DISPLAY and XAUTHORITY come from the user
            # manager's environment (the desktop session imports them, and so does `herobridge service start`).
            PartOf=graphical-session.target
            After=graphical-session.target
            # A display gone for good or an unreadable database fails every restart: give up after five tries in a
            # minute instead of restarting forever.
            StartLimitIntervalSec=60
            StartLimitBurst=5

            [Service]
            # The agent sends READY=1 once it watches the selections and its drop window is up.
            Type=notify
            ExecStart=\(execStart) agent
            # Restart after a crash or a lost X connection (exit 1), but not after a clean stop (exit 0) or when
            # another agent already runs on the display (exit 3).
            Restart=on-failure
            RestartSec=2
            RestartPreventExitStatus=\(ExitStatus.notRunning.rawValue)
            TimeoutStopSec=10
            # Hardening that a user manager can apply without privileges (no mount namespaces: those would need
            # PrivateUsers= and hide the dropped files the agent must read). Each one was checked with the agent
            # running under `systemd --user`.
            NoNewPrivileges=yes
            LockPersonality=yes
            MemoryDenyWriteExecute=yes
            RestrictRealtime=yes
            RestrictSUIDSGID=yes
            RestrictNamespaces=yes
            SystemCallArchitectures=native
            SystemCallFilter=@system-service
            SystemCallErrorNumber=EPERM
            # X11 over a local socket, or TCP for DISPLAY=host:N; the agent needs nothing else.
            RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
            UMask=0077

            [Install]
            WantedBy=graphical-session.target

            """
    }

    /// An XDG autostart entry that runs `herobridge service start` at each graphical login. GNOME and KDE
    /// start graphical-session.target themselves; Xfce, MATE, LXDE and plain X sessions on Debian 12 do not,
    /// and none of them may have put this login's DISPLAY into the user manager. Starting an active unit is a
    /// no-op, so on GNOME this does no harm.
    public static func autostartEntry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=HeroBridge agent
        Comment=Start the HeroBridge systemd user service with this session's display
        Exec=\(desktopQuoted(executable)) service start
        Icon=herobridge
        NoDisplay=true
        X-GNOME-Autostart-Phase=Applications

        """
    }

    /// `path` as one systemd command-line word: quoted when it has spaces or quotes, `%` doubled (specifiers).
    public static func quoted(_ path: String) -> String {
        let escaped = path.replacing("%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0 == "'" }) else { return escaped }
        return "\"" + escaped.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// `path` as the program of a desktop entry's Exec key (the spec's quoting rules).
    public static func desktopQuoted(_ path: String) -> String {
        let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]
        let escaped = path.replacing("%", with: "%%")
        guard escaped.contains(where: reserved.contains) else { return escaped }
        var inner = ""
        for character in escaped {
            if character == "\"" || character == "`" || character == "$" || character == "\\" { inner += "\\" }
            inner.append(character)
        }
        return "\"" + inner + "\""
    }
}
