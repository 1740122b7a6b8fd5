import CDataControl
import CWaylandClient

/// Which data-control protocol a compositor offers, and the requests of that family. ext-data-control-v1 and
/// wlr-data-control-unstable-v1 are the same protocol under two names (same requests, events and signatures, in
/// the same order; `DataControlProtocolTests` compares the generated tables), so one implementation serves both:
/// it is written against this value, which calls the wayland-scanner wrappers of the family it was made for. Each
/// family's own wrappers are called (not the ext ones on wlr objects), so every proxy carries its true interface:
/// version checks and WAYLAND_DEBUG output stay right. Events arrive through `wl_proxy_add_listener` with ext's
/// listener structures, whose layout is the same for both families.
public struct DataControlProtocol: Sendable, Equatable, CustomStringConvertible {
    /// The two names of the protocol.
    public enum Family: String, Sendable, Equatable {
        /// `ext_data_control_manager_v1` (wayland-protocols staging): KDE Plasma 6.2+, sway 1.10+, others.
        case ext = "ext-data-control-v1"
        /// `zwlr_data_control_manager_v1`: wlroots compositors (sway 1.7 offers version 2), KDE before 6.2.
        case wlr = "wlr-data-control-unstable-v1"
    }

    public let family: Family
    /// The version bound (ext: 1; wlr: at most 2, which brought the primary selection).
    public let version: UInt32

    public init(family: Family, version: UInt32) {
        self.family = family
        self.version = version
    }

    /// "ext-data-control-v1" or "wlr-data-control-unstable-v1 version 2", for the log.
    public var description: String {
        family == .ext ? family.rawValue : "\(family.rawValue) version \(version)"
    }

    /// Whether the primary selection can be watched and set (ext always; wlr from version 2).
    public var hasPrimarySelection: Bool { family == .ext || version >= 2 }

    /// The newest version HeroBridge speaks of each family's manager.
    static func supportedVersion(of family: Family) -> UInt32 { family == .ext ? 1 : 2 }

    /// The registry's name of the manager global.
    static func managerInterfaceName(of family: Family) -> String {
        family == .ext ? "ext_data_control_manager_v1" : "zwlr_data_control_manager_v1"
    }

    /// The manager's interface table, for `wl_registry_bind`.
    var managerInterface: UnsafePointer<wl_interface> {
        switch family {
        case .ext: return hb_ext_data_control_manager_interface()
        case .wlr: return hb_wlr_data_control_manager_interface()
        }
    }
}
