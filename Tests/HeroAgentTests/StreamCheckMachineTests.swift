import Testing
import TestSupport
@testable import HeroAgent

/// `StreamCheckMachine` with no thread, no semaphore and no byte: the lanes' and the worker's events in the orders
/// they may come, and what the machine says each does next.
@Suite struct StreamCheckMachineTests {
    typealias Machine = StreamCheckMachine

    // MARK: The feeding lanes

    @Test func eachLaneFeedsFromWhereItStoppedUpToWhatWasCommitted() {
        var machine = Machine(fileAfter: nil)
        #expect(machine.bytesToFeed(.image, upTo: 100) == 0..<100)
        machine.fed(.image, upTo: 100)
        #expect(machine.bytesToFeed(.image, upTo: 250) == 100..<250)
        #expect(machine.bytesToFeed(.image, upTo: 100) == nil, "nothing new")
        #expect(machine.bytesToFeed(.image, upTo: 40) == nil, "nothing behind where it stopped")
        // The hash lane keeps its own place.
        #expect(machine.bytesToFeed(.hash, upTo: 250) == 0..<250)
        #expect(machine.bytesToFeed(.hash, upTo: 0) == nil)
    }

    @Test func whatIsFedIsWhatBothLanesDid() {
        var machine = Machine(fileAfter: nil)
        machine.fed(.image, upTo: 300)
        #expect(machine.fed == 0)
        machine.fed(.hash, upTo: 200)
        #expect(machine.fed == 200)
        machine.fed(.hash, upTo: 400)
        #expect(machine.fed == 300)
        #expect(machine.checked == 300 && machine.hashed == 400)
    }

    @Test func aFailedCheckStopsBothLanesAndTheFile() {
        var machine = Machine(fileAfter: 10)
        machine.fed(.image, upTo: 100, failed: true)
        #expect(machine.failed)
        #expect(machine.bytesToFeed(.image, upTo: 200) == nil)
        #expect(machine.bytesToFeed(.hash, upTo: 200) == nil)
        #expect(machine.fileWriteBegins(upTo: 200) == .skip)
        // A failure is not undone by a later feed that passed.
        machine.fed(.hash, upTo: 100)
        #expect(machine.failed)
    }

    // MARK: The file lane

    @Test func theFileStartsOnceThereAreMoreBytesThanARowKeepsThenWrites() {
        var machine = Machine(fileAfter: 1000)
        #expect(machine.fileWriteBegins(upTo: 999) == .skip)
        #expect(machine.fileWriteBegins(upTo: 1000) == .skip, "a row keeps exactly that many")
        #expect(!machine.writing)
        #expect(machine.fileWriteBegins(upTo: 1001) == .start)
        #expect(machine.writing)
        #expect(machine.fileWriteEnded() == false, "no worker waits for it")
        #expect(!machine.writing)
        #expect(machine.fileWriteBegins(upTo: 5000) == .write)
        #expect(machine.fileWriteEnded() == false)
    }

    @Test func noFileWithoutAPlaceToWriteIt() {
        var machine = Machine(fileAfter: nil)
        #expect(machine.fileWriteBegins(upTo: 1 << 30) == .skip)
        #expect(!machine.writing)
    }

    // MARK: The worker

    @Test func aCheckDoneBeforeTheWorkerAsksIsTheResultAtOnceWithTheLanesFile() {
        var machine = Machine(fileAfter: 10)
        #expect(machine.fileWriteBegins(upTo: 100) == .start)
        _ = machine.fileWriteEnded()
        machine.fed(.image, upTo: 100)
        machine.fed(.hash, upTo: 100)
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: false))
        #expect(machine.fileClaimed)
        #expect(machine.fileWriteBegins(upTo: 100) == .skip, "the file is the worker's now")
        #expect(machine.workerNext(total: 100) == .finish)
    }

    /// The check behind when the worker asks, the decode or the digest: the worker stages the file, then waits for
    /// each step until both lanes are done.
    @Test(arguments: [Machine.Lane.image, .hash])
    func aLaneBehindHasTheWorkerStageTheFileThenWaitForEachStep(behind: Machine.Lane) {
        var machine = Machine(fileAfter: nil)
        machine.fed(behind == .image ? .hash : .image, upTo: 100)
        machine.fed(behind, upTo: 50)
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.fed(behind, upTo: 80)
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.fed(behind, upTo: 100)
        #expect(machine.workerNext(total: 100) == .finish)
    }

    @Test func aFailureKnownWhenTheWorkerAsksGivesUpAtOnceAndLetsTheFileGo() {
        var machine = Machine(fileAfter: 10)
        #expect(machine.fileWriteBegins(upTo: 50) == .start)
        _ = machine.fileWriteEnded()
        machine.fed(.image, upTo: 50, failed: true)
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: true))
        #expect(machine.fileClaimed)
        #expect(machine.fileWriteBegins(upTo: 100) == .skip)
    }

    @Test func aFailureWhileTheWorkerWaitsGivesUpAtItsNextQuestion() {
        var machine = Machine(fileAfter: nil)
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.fed(.image, upTo: 70, failed: true)
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: true))
    }

    @Test func aFailureDuringAFileWriteLeavesTheFileToTheLane() {
        var machine = Machine(fileAfter: 10)
        #expect(machine.fileWriteBegins(upTo: 50) == .start)
        machine.fed(.image, upTo: 50, failed: true)
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: false))
        #expect(machine.fileWriteEnded() == true, "the lane ends its write after the claim")
        #expect(machine.fileWriteBegins(upTo: 100) == .skip)
    }

    @Test func aCheckThatTakesNoStepWithinThePatienceIsGivenUpAndStopsItsLanes() {
        var machine = Machine(fileAfter: 10)
        machine.fed(.image, upTo: 50)
        machine.fed(.hash, upTo: 50)
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.noStepWithinPatience()
        #expect(machine.cancelled)
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: true))
        // Too late: the lanes feed nothing more, and the file is not written.
        #expect(machine.bytesToFeed(.image, upTo: 100) == nil)
        #expect(machine.bytesToFeed(.hash, upTo: 100) == nil)
        #expect(machine.fileWriteBegins(upTo: 100) == .skip)
    }

    @Test func aStepJustAsThePatienceRanOutKeepsTheCheck() {
        var machine = Machine(fileAfter: nil)
        machine.fed(.image, upTo: 50)
        machine.fed(.hash, upTo: 50)
        _ = machine.workerNext(total: 100)
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.fed(.hash, upTo: 70) // between the wait's end and the worker's report of it
        machine.noStepWithinPatience()
        #expect(!machine.cancelled)
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.noStepWithinPatience() // now with no step since that question
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: true))
    }

    @Test func thePatienceCountsFromTheLastQuestion() {
        var machine = Machine(fileAfter: nil)
        _ = machine.workerNext(total: 100)
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.fed(.image, upTo: 10)
        // Woken by the step, the worker asks again and waits again: a step before that question does not count.
        #expect(machine.workerNext(total: 100) == .waitForStep)
        machine.noStepWithinPatience()
        #expect(machine.cancelled)
    }

    /// A machine whose file lane is in the middle of its first write of 100 bytes, the feeding lanes having checked
    /// and hashed so many of them.
    private func midWrite(checked: Int, hashed: Int) -> Machine {
        var machine = Machine(fileAfter: 10)
        _ = machine.fileWriteBegins(upTo: 100)
        machine.fed(.image, upTo: checked)
        machine.fed(.hash, upTo: hashed)
        return machine
    }

    @Test func aClaimDuringAWriteWaitsForItsEndThenTakesTheFile() {
        var machine = midWrite(checked: 100, hashed: 100)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite, "woken early: the write still runs")
        #expect(machine.fileWriteEnded() == true, "the worker is woken")
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: false))
        #expect(machine.workerNext(total: 100) == .finish)
    }

    /// Whether the worker stages is decided when it claims: the check was not done then, so it stages if the lane
    /// has no file, even when the lanes finished while it waited.
    @Test func theStagingDecisionIsTheClaimsEvenWhenTheLanesFinishMeanwhile() {
        var machine = midWrite(checked: 0, hashed: 0)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        machine.fed(.image, upTo: 100)
        machine.fed(.hash, upTo: 100)
        _ = machine.fileWriteEnded()
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
    }

    @Test func aClaimUnderWayEndsBeforeAFailureIsActedOn() {
        var machine = midWrite(checked: 0, hashed: 0)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        machine.fed(.image, upTo: 100, failed: true)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        _ = machine.fileWriteEnded()
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
        #expect(machine.workerNext(total: 100) == .giveUp(releaseFile: true))
    }

    @Test func aWriteThatOutlastsThePatienceStaysTheLanesAndTheWorkerStagesIfTheCheckWasBehind() {
        var machine = midWrite(checked: 40, hashed: 100)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        #expect(machine.fileWriteOutlasted() == true)
        #expect(machine.workerNext(total: 100) == .waitForStep, "no claim again: on to the check")
        #expect(machine.fileWriteEnded() == true, "the lane's late end still wakes (nobody waits)")
        #expect(machine.fileWriteBegins(upTo: 100) == .skip)
        machine.fed(.image, upTo: 100)
        #expect(machine.workerNext(total: 100) == .finish)
    }

    @Test func aWriteThatOutlastsThePatienceOfADoneCheckStagesNothing() {
        var machine = midWrite(checked: 100, hashed: 100)
        #expect(machine.workerNext(total: 100) == .waitForFileWrite)
        #expect(machine.fileWriteOutlasted() == false)
        #expect(machine.workerNext(total: 100) == .finish)
        #expect(machine.fileWriteOutlasted() == false, "no claim waits any more")
    }

    @Test func aFileWriteEndingWithNoClaimWakesNobody() {
        var machine = Machine(fileAfter: 10)
        #expect(machine.fileWriteBegins(upTo: 100) == .start)
        #expect(machine.fileWriteEnded() == false)
        #expect(machine.workerNext(total: 100) == .takeFile(orStage: true))
    }

    // MARK: Any order

    /// The three lanes, the X thread's posts and the worker interleaved at random, the lanes starved or not, the
    /// patience running out at any moment: the worker always ends, with a result exactly for a valid image checked
    /// and hashed whole, holding at most one file; the file lane never writes after the claim, the worker never
    /// takes a file mid-write, and a check is given up exactly when a wait saw no step.
    @Test(arguments: 0..<400) func anyInterleavingEndsWithinTheRules(seed: UInt64) {
        var random = SplitMix(state: seed)
        var run = StreamCheckInterleaving(random: &random)
        var turns = 0
        while run.outcome == nil && turns < 10_000 {
            turns += 1
            run.step(&random)
        }
        #expect(run.outcome != nil, "the worker never ended (seed \(seed))")
        #expect(run.violations.isEmpty, "seed \(seed): \(run.violations)")
        if run.outcome == .result {
            #expect(!run.corrupt, "a result for a corrupt image (seed \(seed))")
            #expect(run.machine.checked == run.total && run.machine.hashed == run.total)
        }
        // Lanes never starved and patience never lost: the worker always gets the verdict of the bytes.
        if !run.patienceMayRunOut {
            #expect(run.outcome == (run.corrupt ? .gaveUp : .result), "seed \(seed)")
        }
    }
}
