/// Where the favorites database lives: `--db PATH`, else `$HEROBRIDGE_DB`, else
/// `$XDG_DATA_HOME/herobridge/herobridge.sqlite3` (XDG's default for that folder is `~/.local/share`).
public enum StoreLocation {
    public static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["HEROBRIDGE_DB"], !path.isEmpty { return path }
        // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/herobridge/herobridge.sqlite3"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/herobridge/herobridge.sqlite3"
    }
}
