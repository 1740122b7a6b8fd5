/// What an edit of the config file changes in a running program: which settings now have another value, which
/// of them take effect at once (the windows' look: `theme` and `scale`), and which wait for a restart (every
/// other one: the selections, limits and backend are built into the parts that read the clipboard, and the
/// window, tray and log settings into the parts made at start).
struct ConfigEdit: Equatable, Sendable {
    /// The settings applied while running.
    static let live: Set<AgentSetting> = [.theme, .scale]

    /// Changed settings that take effect now, in `AgentSetting` order.
    let applied: [AgentSetting]
    /// Changed settings that take effect at the next start.
    let waiting: [AgentSetting]

    /// Compares the options in force with those the edited file gives; `describe` is the settings' own text, as
    /// `herobridge config show` prints it, so two values differ exactly when the user would see them differ.
    init(from old: AgentOptions, to new: AgentOptions) {
        let changed = AgentSetting.allCases.filter { $0.describe(old) != $0.describe(new) }
        applied = changed.filter { Self.live.contains($0) }
        waiting = changed.filter { !Self.live.contains($0) }
    }

    var isEmpty: Bool { applied.isEmpty && waiting.isEmpty }

    /// The log lines that say what the edit did, one per kind of outcome; `restarting` names the program whose
    /// restart the waiting settings need (nil: they do not concern it, and are not mentioned).
    func lines(_ options: AgentOptions, restarting program: String?) -> [String] {
        var lines: [String] = []
        if !applied.isEmpty {
            lines.append("config: " + applied.map { "\($0.rawValue) = \($0.describe(options))" }.joined(separator: ", ") + " applied")
        }
        if let program, !waiting.isEmpty {
            let names = waiting.map(\.rawValue).joined(separator: ", ")
            lines.append("config: \(names) changed; \(waiting.count == 1 ? "it applies" : "they apply") when \(program) restarts")
        }
        return lines
    }
}
