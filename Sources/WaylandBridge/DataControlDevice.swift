import CDataControl
import CWaylandClient

/// Watches the selections of the connection's seat through data control: every change is reported by `onChange`
/// with the new offer and its MIME types (bounded by `DataControlOffers.Limits`). The bookkeeping is
/// `DataControlOffers`'; this class makes the device, turns its events into calls of that value, and destroys the
/// offers it says to. Events arrive while the connection dispatches (`WaylandConnection.dispatch` or `attach`).
public final class DataControlDevice {
    public let connection: WaylandConnection
    /// The protocol the device speaks.
    public let dataControl: DataControlProtocol
    private var proxy: OpaquePointer?
    private var offers: DataControlOffers
    private var proxies: [WaylandOffer: OpaquePointer] = [:]
    private var handles: [OpaquePointer: WaylandOffer] = [:]
    private var lastSerial: UInt64 = 0
    /// Called for each new selection (or cleared one); the primary selection's only when made with `primary`.
    public var onChange: (WaylandSelectionChange) -> Void = { _ in }
    /// Called once when the compositor finished the device (its seat went away); no change comes after it.
    public var onFinished: () -> Void = {}

    /// Makes the data-control device of the connection's seat. With `primary`, primary-selection changes are
    /// reported too (throws `noPrimarySelection` when the protocol has none). Throws `noDataControl` on a
    /// compositor without data control.
    public init(connection: WaylandConnection, primary: Bool, limits: DataControlOffers.Limits = .init()) throws(WaylandError) {
        guard let dataControl = connection.dataControl, let manager = connection.manager, let seat = connection.seat else {
            throw .noDataControl
        }
        if primary && !dataControl.hasPrimarySelection { throw .noPrimarySelection(dataControl) }
        self.connection = connection
        self.dataControl = dataControl
        offers = DataControlOffers(limits: limits, reportsPrimary: primary)
        guard let device = dataControl.getDataDevice(manager: manager, seat: seat) else {
            throw .connectionLost(connection.lastError ?? "the device could not be made")
        }
        proxy = device
        _ = ext_data_control_device_v1_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
        connection.flush()
    }

    deinit {
        for offer in proxies.values { dataControl.destroy(offer: offer) }
        if let proxy { dataControl.destroy(device: proxy) }
        connection.flush()
    }

    /// Whether the compositor finished the device.
    public var isFinished: Bool { offers.isFinished }

    /// The offer each selection holds now (nil: empty, or not known yet).
    public func offer(of selection: WaylandSelection) -> WaylandOffer? { offers.offer(of: selection) }

    /// Offers whose proxies are alive, for tests and the log: introduced, a selection, or held by a reader.
    public var liveOfferCount: Int { proxies.count }

    // MARK: For the reader and the source

    /// Keeps `offer` alive for a reader until `release`; its proxy, or nil when it is gone.
    func hold(_ offer: WaylandOffer) -> OpaquePointer? {
        guard let proxy = proxies[offer], offers.hold(offer) else { return nil }
        return proxy
    }

    func release(_ offer: WaylandOffer) {
        perform(offers.release(offer))
        connection.flush()
    }

    /// A new data source of the device's manager.
    func makeSource() -> OpaquePointer? {
        guard let manager = connection.manager else { return nil }
        return dataControl.createDataSource(manager: manager)
    }

    /// Makes `source` (nil: nothing) `selection`; false when the device is gone.
    func set(_ selection: WaylandSelection, to source: OpaquePointer?) -> Bool {
        guard let proxy, !offers.isFinished else { return false }
        dataControl.setSelection(device: proxy, source: source, selection)
        connection.flush()
        return true
    }

    // MARK: Events

    fileprivate func dataOffer(_ offerProxy: OpaquePointer) {
        lastSerial += 1
        let offer = WaylandOffer(serial: lastSerial)
        proxies[offer] = offerProxy
        handles[offerProxy] = offer
        _ = ext_data_control_offer_v1_add_listener(offerProxy, offerListener, Unmanaged.passUnretained(self).toOpaque())
        perform(offers.introduced(offer))
    }

    fileprivate func offered(_ offerProxy: OpaquePointer, mimeType: String) {
        guard let offer = handles[offerProxy] else { return }
        perform(offers.offered(offer, mimeType: mimeType))
    }

    fileprivate func selected(_ offerProxy: OpaquePointer?, as selection: WaylandSelection) {
        let offer = offerProxy.flatMap { handles[$0] }
        if offerProxy != nil && offer == nil { return }
        perform(offers.selected(offer, as: selection))
    }

    fileprivate func finished() {
        perform(offers.finished())
    }

    private func perform(_ actions: [DataControlOffers.Action]) {
        for action in actions {
            switch action {
            case let .destroy(offer):
                guard let offerProxy = proxies.removeValue(forKey: offer) else { continue }
                handles[offerProxy] = nil
                dataControl.destroy(offer: offerProxy)
            case let .announce(change):
                onChange(change)
            case .checkConnection:
                connection.probe()
            case .finished:
                if let proxy { dataControl.destroy(device: proxy) }
                proxy = nil
                onFinished()
            }
        }
    }
}

private func device(_ data: UnsafeMutableRawPointer?) -> DataControlDevice? {
    data.map { Unmanaged<DataControlDevice>.fromOpaque($0).takeUnretainedValue() }
}

/// The device's and the offers' listeners, for both families (ext's tables; wlr's have the same layout). They live
/// as long as the process: libwayland keeps a pointer to them in each proxy.
nonisolated(unsafe) private let deviceListener: UnsafeMutablePointer<ext_data_control_device_v1_listener> = {
    let listener = UnsafeMutablePointer<ext_data_control_device_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: ext_data_control_device_v1_listener(
        data_offer: { data, _, offer in
            guard let offer else { return }
            device(data)?.dataOffer(offer)
        },
        selection: { data, _, offer in device(data)?.selected(offer, as: .clipboard) },
        finished: { data, _ in device(data)?.finished() },
        primary_selection: { data, _, offer in device(data)?.selected(offer, as: .primary) }))
    return listener
}()

nonisolated(unsafe) private let offerListener: UnsafeMutablePointer<ext_data_control_offer_v1_listener> = {
    let listener = UnsafeMutablePointer<ext_data_control_offer_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: ext_data_control_offer_v1_listener(offer: { data, offer, mimeType in
        guard let offer, let mimeType else { return }
        device(data)?.offered(offer, mimeType: String(cString: mimeType))
    }))
    return listener
}()
