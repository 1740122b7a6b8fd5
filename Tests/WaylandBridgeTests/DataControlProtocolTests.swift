import CDataControl
import CWaylandClient
import Testing
@testable import WaylandBridge

/// One message of an interface table: name and wire signature, without the leading "since" version (wlr's
/// primary selection came with version 2, ext's was there from 1; the wire is the same).
private func messages(_ pointer: UnsafePointer<wl_message>?, _ count: Int32) -> [String] {
    guard let pointer else { return [] }
    return (0..<Int(count)).map {
        let signature = String(cString: pointer[$0].signature).drop { $0.isNumber }
        return "\(String(cString: pointer[$0].name))(\(signature))"
    }
}

private func shape(_ interface: UnsafePointer<wl_interface>) -> [String] {
    let table = interface.pointee
    return messages(table.methods, table.method_count).map { "request " + $0 }
        + messages(table.events, table.event_count).map { "event " + $0 }
}

/// One Swift implementation serves both families because their generated tables agree message for message.
@Suite struct DataControlProtocolTests {
    @Test func extAndWlrHaveTheSameRequestsAndEventsInTheSameOrder() {
        let pairs: [(UnsafePointer<wl_interface>, UnsafePointer<wl_interface>)] = [
            (hb_ext_data_control_manager_interface(), hb_wlr_data_control_manager_interface()),
            (hb_ext_data_control_device_interface(), hb_wlr_data_control_device_interface()),
            (hb_ext_data_control_source_interface(), hb_wlr_data_control_source_interface()),
            (hb_ext_data_control_offer_interface(), hb_wlr_data_control_offer_interface()),
        ]
        for (ext, wlr) in pairs {
            #expect(!shape(ext).isEmpty)
            #expect(shape(ext) == shape(wlr), "\(String(cString: ext.pointee.name)) and \(String(cString: wlr.pointee.name)) differ")
        }
    }

    @Test func theListenerStructuresHaveOneLayout() {
        #expect(MemoryLayout<ext_data_control_device_v1_listener>.size == MemoryLayout<zwlr_data_control_device_v1_listener>.size)
        #expect(MemoryLayout<ext_data_control_offer_v1_listener>.size == MemoryLayout<zwlr_data_control_offer_v1_listener>.size)
        #expect(MemoryLayout<ext_data_control_source_v1_listener>.size == MemoryLayout<zwlr_data_control_source_v1_listener>.size)
        #expect(MemoryLayout<ext_data_control_device_v1_listener>.size == 4 * MemoryLayout<UnsafeRawPointer>.size)
    }

    @Test func descriptionsNameTheProtocolAndTheWlrVersion() {
        #expect(DataControlProtocol(family: .ext, version: 1).description == "ext-data-control-v1")
        #expect(DataControlProtocol(family: .wlr, version: 2).description == "wlr-data-control-unstable-v1 version 2")
        #expect(DataControlProtocol(family: .wlr, version: 2).hasPrimarySelection)
        #expect(!DataControlProtocol(family: .wlr, version: 1).hasPrimarySelection)
        #expect(DataControlProtocol(family: .ext, version: 1).hasPrimarySelection)
    }
}
