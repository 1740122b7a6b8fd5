import CDataControl
import CWaylandClient

/// The data-control requests, each sent through the wayland-scanner wrapper of the protocol's family (the only
/// calls of those wrappers). Proxies are the opaque `struct …_v1 *` pointers libwayland made.
extension DataControlProtocol {
    func getDataDevice(manager: OpaquePointer, seat: OpaquePointer) -> OpaquePointer? {
        switch family {
        case .ext: return ext_data_control_manager_v1_get_data_device(manager, seat)
        case .wlr: return zwlr_data_control_manager_v1_get_data_device(manager, seat)
        }
    }

    func createDataSource(manager: OpaquePointer) -> OpaquePointer? {
        switch family {
        case .ext: return ext_data_control_manager_v1_create_data_source(manager)
        case .wlr: return zwlr_data_control_manager_v1_create_data_source(manager)
        }
    }

    /// Makes `source` (nil: nothing) the device's `selection`.
    func setSelection(device: OpaquePointer, source: OpaquePointer?, _ selection: WaylandSelection) {
        switch (family, selection) {
        case (.ext, .clipboard): ext_data_control_device_v1_set_selection(device, source)
        case (.ext, .primary): ext_data_control_device_v1_set_primary_selection(device, source)
        case (.wlr, .clipboard): zwlr_data_control_device_v1_set_selection(device, source)
        case (.wlr, .primary): zwlr_data_control_device_v1_set_primary_selection(device, source)
        }
    }

    func offer(source: OpaquePointer, mimeType: String) {
        switch family {
        case .ext: ext_data_control_source_v1_offer(source, mimeType)
        case .wlr: zwlr_data_control_source_v1_offer(source, mimeType)
        }
    }

    /// Asks the offer's source to write `mimeType` into `fd`. libwayland duplicates `fd` as it marshals the
    /// request (and closes its copy once sent), so the caller may close its own at once.
    func receive(offer: OpaquePointer, mimeType: String, fd: Int32) {
        switch family {
        case .ext: ext_data_control_offer_v1_receive(offer, mimeType, fd)
        case .wlr: zwlr_data_control_offer_v1_receive(offer, mimeType, fd)
        }
    }

    func destroy(manager: OpaquePointer) {
        switch family {
        case .ext: ext_data_control_manager_v1_destroy(manager)
        case .wlr: zwlr_data_control_manager_v1_destroy(manager)
        }
    }

    func destroy(device: OpaquePointer) {
        switch family {
        case .ext: ext_data_control_device_v1_destroy(device)
        case .wlr: zwlr_data_control_device_v1_destroy(device)
        }
    }

    func destroy(source: OpaquePointer) {
        switch family {
        case .ext: ext_data_control_source_v1_destroy(source)
        case .wlr: zwlr_data_control_source_v1_destroy(source)
        }
    }

    func destroy(offer: OpaquePointer) {
        switch family {
        case .ext: ext_data_control_offer_v1_destroy(offer)
        case .wlr: zwlr_data_control_offer_v1_destroy(offer)
        }
    }
}
