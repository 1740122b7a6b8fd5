import Glibc
import Testing
import TestSupport
@testable import WaylandBridge

/// The pipe machines driven by random sequences of what sources, readers and the clock may do.
@Suite struct PipeMachinesSequenceTests {
    /// A fetch completes exactly once, with one result per type asked up to where it ended, no type holds more than
    /// its cap or the budget, the buffer never grows far past what arrived, and every pipe asked for is closed.
    @Test(arguments: 0..<200) func aFetchCompletesOnceWithinItsBounds(seed: UInt64) {
        var random = SplitMix(state: seed)
        let budget = Int.random(in: 0...300_000, using: &random)
        var machine = DataControlFetchMachine(limits: .init(maxBytes: budget, timeout: 5))
        let requests = (0..<Int.random(in: 0...4, using: &random)).map {
            DataControlReader.Request("type/\($0)", maxBytes: Bool.random(using: &random) ? .max : Int.random(in: 0...200_000, using: &random))
        }
        var now: UInt64 = 0
        var completions: [[DataControlReader.Fetched]] = []
        var pipesOpen = 0
        var asked: [String] = []
        let piece = [UInt8](repeating: 7, count: DataControlFetchMachine.pieceBytes)

        func take(_ actions: [DataControlFetchMachine.Action]) {
            for action in actions {
                switch action {
                case let .receive(mimeType):
                    #expect(pipesOpen == 0, "seed \(seed): a second pipe while one is open")
                    pipesOpen += 1
                    asked.append(mimeType)
                case .closePipe: pipesOpen = max(0, pipesOpen - 1)
                case let .complete(results): completions.append(results)
                case .armDeadline, .cancelDeadline: break
                }
            }
        }

        take(machine.fetch(requests, now: now))
        for _ in 0..<400 where machine.isBusy {
            now += UInt64.random(in: 0...2_000_000_000, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let size = Int.random(in: 1...max(1, machine.readAllowance), using: &random)
                #expect(size <= machine.readAllowance)
                take(piece.withUnsafeBytes { machine.arrived(UnsafeRawBufferPointer(rebasing: $0[..<size]), now: now) })
            case 6: take(machine.endOfFile(now: now))
            case 7: take(machine.deadlinePassed(now: now))
            case 8: take(machine.readFailed(errno: EIO, now: now))
            default: if Int.random(in: 0..<10, using: &random) == 0 { take(machine.cancel(reason: "newer", now: now)) }
            }
            let received = machine.received
            #expect(received.count <= budget)
            #expect(received.capacity <= budget, "seed \(seed): \(received.capacity) bytes reserved, over the budget")
            #expect(received.count <= received.capacity)
        }
        if machine.isBusy { take(machine.cancel(reason: "end of test", now: now)) }

        #expect(completions.count == 1, "seed \(seed): \(completions.count) completions")
        let results = completions.first ?? []
        #expect(results.map(\.mimeType) == asked, "seed \(seed)")
        #expect(Array(requests.prefix(results.count).map(\.mimeType)) == results.map(\.mimeType))
        #expect(pipesOpen == 0, "seed \(seed): a pipe left open")
        var spent = 0
        for (request, result) in zip(requests, results) {
            guard case let .success(bytes) = result.result else { continue }
            #expect(bytes.count <= request.maxBytes)
            spent += bytes.count
        }
        #expect(spent <= budget)
    }

    /// Every descriptor the compositor hands over is closed exactly once, a complete send wrote exactly its bytes,
    /// and no send outlives its stall timeout by more than a tick.
    @Test(arguments: 0..<200) func everySendDescriptorIsClosedOnce(seed: UInt64) {
        var random = SplitMix(state: seed)
        let contents: [String: [UInt8]] = ["a": [], "b": [UInt8](repeating: 1, count: 3000), "c": [UInt8](repeating: 2, count: 5_000_000)]
        var machine = DataControlSends(contents: contents, limits: .init(stallTimeout: 5, maxSends: 3, bytesPerWakeUp: 1 << 20))
        var now: UInt64 = 0
        var nextFD: Int32 = 10
        var open: Set<Int32> = []
        var closed: [Int32: Int] = [:]
        var written: [Int32: Int] = [:]
        var kinds: [Int32: String] = [:]

        func take(_ actions: [DataControlSends.Action]) {
            for action in actions {
                guard case let .close(fd, failure) = action else { continue }
                closed[fd, default: 0] += 1
                #expect(closed[fd] == 1, "seed \(seed): fd \(fd) closed twice")
                open.remove(fd)
                if failure == nil, let kind = kinds[fd] {
                    #expect(written[fd, default: 0] == contents[kind]?.count, "seed \(seed): fd \(fd) complete after \(written[fd, default: 0])")
                }
            }
        }

        for _ in 0..<300 {
            now += UInt64.random(in: 0...3_000_000_000, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                nextFD += 1
                let kind = ["a", "b", "c", "d"].randomElement(using: &random)!
                kinds[nextFD] = kind
                open.insert(nextFD)
                take(machine.requested(kind, fd: nextFD, now: now))
            case 1, 2, 3:
                guard let fd = open.sorted().randomElement(using: &random), let piece = machine.nextPiece(fd: fd) else { continue }
                #expect(piece.range.count <= 1 << 20)
                let count = Int.random(in: 0...piece.range.count, using: &random)
                written[fd, default: 0] += count
                take(machine.wrote(fd: fd, count: count, now: now))
            case 4:
                guard let fd = open.sorted().randomElement(using: &random) else { continue }
                take(machine.writeFailed(fd: fd, errno: EPIPE, reason: "closed its end"))
            default:
                take(machine.deadlinePassed(now: now))
            }
            #expect(machine.count == open.count, "seed \(seed): \(machine.count) sends, \(open.count) descriptors open")
            #expect(machine.count <= 3)
        }
        take(machine.cancelAll(reason: "end of test"))
        #expect(open.isEmpty)
        #expect(closed.count == Int(nextFD - 10))
    }
}
