@testable import HeroAgent
import TestSupport

/// One random run of the threads around a `StreamCheckMachine`, as `StreamCheck` performs it: each lane runs its
/// posted jobs in order, a job's feed or write taking time between its two events; the worker asks once the last
/// chunk is posted and waits on two counted semaphores; every check of the rules it breaks is a line in
/// `violations`.
struct StreamCheckInterleaving {
    enum Outcome: Equatable { case result, gaveUp }

    /// A lane's place: the posted job it runs next, and the count its feed or write in progress goes up to.
    struct Lane {
        var next = 0
        var inFlight: Int?
    }

    /// The worker's place; a wait that timed out is reported in a step of its own, so that a lane may step between.
    enum Worker: Equatable {
        case asking
        case waitingForStep(steps: Int), stepWaitTimedOut(steps: Int)
        case waitingForWrite, writeWaitTimedOut
    }

    let counts: [Int]
    let total: Int
    let corrupt: Bool
    let failsAt: Int
    let patienceMayRunOut: Bool
    var machine: StreamCheckMachine
    var posted = 0
    var image = Lane(), hash = Lane(), file = Lane()
    var advanced = 0, wrote = 0
    var worker = Worker.asking
    var outcome: Outcome?
    var claimed = false
    var taken = false
    var fileStarted = false
    var files = 0
    var violations: [String] = []

    init(random: inout SplitMix) {
        var count = 0
        counts = (0..<Int.random(in: 1...6, using: &random)).map { _ in
            count += Int.random(in: 1...100, using: &random)
            return count
        }
        total = count
        corrupt = Bool.random(using: &random)
        failsAt = Int.random(in: 1...total, using: &random)
        patienceMayRunOut = Bool.random(using: &random)
        machine = StreamCheckMachine(fileAfter: Bool.random(using: &random) ? nil : Int.random(in: 0...total, using: &random))
    }

    mutating func check(_ condition: Bool, _ what: String) {
        if !condition { violations.append(what) }
    }

    /// One thing happens: a chunk is posted, a lane starts or ends a job, or the worker moves.
    mutating func step(_ random: inout SplitMix) {
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where posted < counts.count: posted += 1
        case 1: stepFeedingLane(.image)
        case 2: stepFeedingLane(.hash)
        case 3: stepFileLane()
        default: if posted == counts.count { stepWorker(&random) }
        }
    }

    mutating func stepFeedingLane(_ which: StreamCheckMachine.Lane) {
        var lane = which == .image ? image : hash
        defer { if which == .image { image = lane } else { hash = lane } }
        if let count = lane.inFlight {
            machine.fed(which, upTo: count, failed: which == .image && corrupt && count >= failsAt)
            advanced += 1
            lane.inFlight = nil
            lane.next += 1
            return
        }
        guard lane.next < posted else { return }
        let count = counts[lane.next]
        let done = which == .image ? machine.checked : machine.hashed
        guard let range = machine.bytesToFeed(which, upTo: count) else {
            check(machine.failed || machine.cancelled || count <= done, "\(which) fed nothing of \(count) new bytes")
            lane.next += 1
            return
        }
        check(range == done..<count, "\(which) fed \(range) after \(done) bytes")
        lane.inFlight = count
    }

    mutating func stepFileLane() {
        if file.inFlight != nil {
            check(machine.fileWriteEnded() == claimed, "a write's end woke the worker: \(!claimed)")
            if claimed { wrote += 1 }
            file.inFlight = nil
            file.next += 1
            return
        }
        guard file.next < posted else { return }
        let count = counts[file.next]
        switch machine.fileWriteBegins(upTo: count) {
        case .skip:
            let wanted = machine.fileAfter.map { count > $0 } ?? false
            check(!wanted || claimed || machine.failed || machine.cancelled, "no write of \(count) bytes")
            file.next += 1
        case .start:
            check(!fileStarted, "the file started twice")
            fileStarted = true
            fallthrough
        case .write:
            check(fileStarted, "a write before the file's start")
            check(!claimed, "a write after the worker's claim")
            check(machine.fileAfter.map { count > $0 } == true, "a file for \(count) bytes")
            file.inFlight = count
        }
    }

    mutating func stepWorker(_ random: inout SplitMix) {
        let timesOut = patienceMayRunOut && Int.random(in: 0..<4, using: &random) == 0
        switch worker {
        case .asking:
            ask()
        case let .waitingForStep(steps):
            if advanced > 0 {
                advanced -= 1
                worker = .asking
            } else if timesOut {
                worker = .stepWaitTimedOut(steps: steps)
            }
        case let .stepWaitTimedOut(steps):
            machine.noStepWithinPatience()
            check(machine.cancelled == (steps == machine.checked + machine.hashed), "given up with a step since, or kept with none")
            worker = .asking
        case .waitingForWrite:
            if wrote > 0 {
                wrote -= 1
                worker = .asking
            } else if timesOut {
                worker = .writeWaitTimedOut
            }
        case .writeWaitTimedOut:
            if machine.fileWriteOutlasted() { files += 1 }
            worker = .asking
        }
    }

    mutating func ask() {
        switch machine.workerNext(total: total) {
        case let .giveUp(releaseFile):
            check(!releaseFile || file.inFlight == nil, "the file let go mid-write")
            check(machine.failed || machine.cancelled, "given up with the check neither failed nor cancelled")
            claimed = true
            outcome = .gaveUp
        case let .takeFile(orStage):
            check(file.inFlight == nil, "the file taken mid-write")
            check(!taken, "the file taken twice")
            claimed = true
            taken = true
            if fileStarted || orStage { files += 1 }
        case .waitForFileWrite:
            check(file.inFlight != nil, "waiting for a write that does not run")
            claimed = true
            worker = .waitingForWrite
        case .waitForStep:
            check(claimed, "waiting before the claim")
            worker = .waitingForStep(steps: machine.checked + machine.hashed)
        case .finish:
            check(claimed, "a result before the claim")
            outcome = .result
        }
        check(files <= 1, "\(files) files for one image")
    }
}
