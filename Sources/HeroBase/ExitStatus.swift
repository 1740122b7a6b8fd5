/// The exit statuses of every `herobridge` command, in one place: the systemd unit, `status` and scripts read them.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Something failed at run time: the display or the database could not be opened, the X server or the
    /// compositor went away.
    case failure = 1
    /// The command line was wrong; the message and the usage say how.
    case usage = 2
    /// The agent asked about is not running (LSB's "program is not running"): `status` finds no agent on the
    /// display, `service status` no installed unit, and `agent` leaves the display to the agent already on it,
    /// which the unit's `RestartPreventExitStatus=` lists as no failure worth a restart.
    case notRunning = 3
}
