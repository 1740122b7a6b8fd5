/// Why the favorites database could not be used. Each message names the file and says what to do.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, detail: String)
    case notHeroBridge(path: String, detail: String)
    case corrupt(path: String, detail: String)
    case readOnly(path: String)
    case newerSchema(path: String, version: Int, supported: Int)
    case busy(path: String)
    case sqlite(path: String, detail: String)
    /// A portrait kept as a file beside the database (`PortraitFiles`) could not be written or read.
    case portraitFile(path: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, detail):
            return "cannot open database \(path): \(detail)"
        case let .notHeroBridge(path, detail):
            return "\(path) is not a HeroBridge database (\(detail)); it was left untouched. Pass --db with another path"
        case let .corrupt(path, detail):
            return "database \(path) is corrupt (\(detail)); it was left untouched. Move it aside to start afresh"
        case let .readOnly(path):
            return "database \(path) is read-only; check the permissions of the file and its folder"
        case let .newerSchema(path, version, supported):
            return "database \(path) has schema version \(version), newer than this HeroBridge understands "
                + "(\(supported)); upgrade HeroBridge"
        case let .busy(path):
            return "database \(path) stayed locked by another process for too long"
        case let .sqlite(path, detail):
            return "database \(path): \(detail)"
        case let .portraitFile(path, detail):
            return "portrait file \(path): \(detail)"
        }
    }
}
