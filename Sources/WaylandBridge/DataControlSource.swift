import CDataControl
import CLinux
import CWaylandClient
#if canImport(Glibc)
import Glibc
import HeroBase
#endif

/// Serves data as one selection of the seat (`herobridge copy` on Wayland): a data-control source that offers
/// each MIME type of `contents` and is set as the selection. Each reader's `send` is written on the loop,
/// non-blocking, a bounded piece per wake-up, several readers at once; the rules are `DataControlSends`'. When
/// another client takes the selection, `onCancelled` runs (sends under way still finish).
public final class DataControlSource {
    public let device: DataControlDevice
    public let selection: WaylandSelection
    /// The MIME types offered, in order.
    public let mimeTypes: [String]
    private let loop: DescriptorLoop
    private var proxy: OpaquePointer?
    private var sends: DataControlSends
    private var timer: LoopTimer?
    /// Called once when the source stops being the selection (another client took it, or the device finished).
    public var onCancelled: () -> Void = {}
    /// One line per send that failed or was refused.
    public var log: (String) -> Void = { _ in }
    /// Sends completed whole, for tests and the log.
    public private(set) var completedSends = 0

    /// Makes the source, offers the types of `contents` (a type given twice keeps its first bytes) and sets it as
    /// `selection`. Ignores SIGPIPE for the process: a reader that closes its end early must cost an EPIPE, not the
    /// process.
    public init(device: DataControlDevice, loop: DescriptorLoop, selection: WaylandSelection,
                contents: [(mimeType: String, bytes: [UInt8])], limits: DataControlSends.Limits = .init()) throws(WaylandError) {
        if selection == .primary && !device.dataControl.hasPrimarySelection {
            throw .noPrimarySelection(device.dataControl)
        }
        guard !device.isFinished else { throw .deviceFinished }
        self.device = device
        self.loop = loop
        self.selection = selection
        var table: [String: [UInt8]] = [:]
        var order: [String] = []
        for content in contents where table[content.mimeType] == nil {
            table[content.mimeType] = content.bytes
            order.append(content.mimeType)
        }
        mimeTypes = order
        sends = DataControlSends(contents: table, limits: limits)
        signal(SIGPIPE, SIG_IGN)
        guard let source = device.makeSource() else {
            throw .connectionLost(device.connection.lastError ?? "the data source could not be made")
        }
        proxy = source
        _ = ext_data_control_source_v1_add_listener(source, sourceListener, Unmanaged.passUnretained(self).toOpaque())
        for mimeType in order { device.dataControl.offer(source: source, mimeType: mimeType) }
        guard device.set(selection, to: source) else { throw .deviceFinished }
    }

    deinit {
        timer?.cancel()
        perform(sends.cancelAll(reason: "the source was released"))
        if let proxy { device.dataControl.destroy(source: proxy) }
        device.connection.flush()
    }

    /// Whether the source is still the selection (as far as the compositor told).
    public var isSelection: Bool { proxy != nil }

    /// Sends in flight.
    public var sendsInFlight: Int { sends.count }

    /// Stops offering: the source is destroyed (the compositor clears the selection if it was still ours). Sends
    /// under way finish; `onCancelled` does not run.
    public func withdraw() {
        guard let proxy else { return }
        device.dataControl.destroy(source: proxy)
        self.proxy = nil
        device.connection.flush()
    }

    // MARK: Events

    fileprivate func send(_ mimeType: String, fd: Int32) {
        perform(sends.requested(mimeType, fd: fd, now: EventClock.nanoseconds()))
    }

    fileprivate func cancelled() {
        guard let proxy else { return }
        device.dataControl.destroy(source: proxy)
        self.proxy = nil
        device.connection.flush()
        onCancelled()
    }

    private func perform(_ actions: [DataControlSends.Action]) {
        for action in actions {
            switch action {
            case let .watch(fd):
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                loop.watch(fd: fd, events: Int16(POLLOUT)) { [weak self] _ in self?.writable(fd) }
            case let .close(fd, failure):
                loop.unwatch(fd: fd)
                close(fd)
                if let failure { log("\(selection): \(failure)") } else { completedSends += 1 }
            case let .armDeadline(seconds):
                timer?.cancel()
                timer = loop.startTimer(after: seconds) { [weak self] in
                    guard let self else { return }
                    timer = nil
                    perform(sends.deadlinePassed(now: EventClock.nanoseconds()))
                }
            case .cancelDeadline:
                timer?.cancel()
                timer = nil
            }
        }
    }

    /// Writes one piece (at most `bytesPerWakeUp`) to a reader that can take bytes; POLLERR or POLLHUP show up as
    /// write()'s EPIPE.
    private func writable(_ fd: Int32) {
        guard let (bytes, range) = sends.nextPiece(fd: fd) else { return }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < range.count {
                let count = write(fd, raw.baseAddress! + range.lowerBound + written, range.count - written)
                if count > 0 {
                    written += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    failure = count < 0 && errno != EAGAIN && errno != EWOULDBLOCK ? errno : 0
                    return
                }
            }
        }
        let now = EventClock.nanoseconds()
        if failure != 0 {
            let reason = failure == EPIPE ? "closed its end" : "could not be written to (\(String(cString: strerror(failure))))"
            perform(sends.writeFailed(fd: fd, errno: failure, reason: reason))
        } else {
            perform(sends.wrote(fd: fd, count: written, now: now))
        }
    }
}

private func source(_ data: UnsafeMutableRawPointer?) -> DataControlSource? {
    data.map { Unmanaged<DataControlSource>.fromOpaque($0).takeUnretainedValue() }
}

/// The source's listener, for both families (ext's table; wlr's has the same layout); it lives as long as the
/// process.
nonisolated(unsafe) private let sourceListener: UnsafeMutablePointer<ext_data_control_source_v1_listener> = {
    let listener = UnsafeMutablePointer<ext_data_control_source_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: ext_data_control_source_v1_listener(
        send: { data, _, mimeType, fd in
            guard let mimeType else { close(fd); return }
            guard let owner = source(data) else { close(fd); return }
            owner.send(String(cString: mimeType), fd: fd)
        },
        cancelled: { data, _ in source(data)?.cancelled() }))
    return listener
}()
