import Testing
@testable import X11Bridge

/// Pure tests of the XDND v5 drop-target protocol (docs/X11.md §8, failure cases §12.3).
/// No X server: messages go in, actions come out.

private typealias Machine = XdndTargetMachine
private typealias Action = XdndTargetMachine.Action
private typealias Drag = XdndTargetMachine.Drag

private let firefox: UInt = 0x1a0_0001
private let chromium: UInt = 0x2c0_0007
private let stranger: UInt = 0x3e0_0042

private func makeMachine() -> Machine {
    Machine(accepts: { !$0.filter { $0 == "text/plain" || $0 == "image/png" || $0 == "text/uri-list" }.isEmpty })
}

private let usable = ["text/uri-list", "image/png", "text/x-moz-url"]
private let unusable = ["application/x-unknown", "chromium/x-renderer-taint"]

private func statuses(_ actions: [Action]) -> [(source: UInt, accept: Bool)] {
    actions.compactMap { if case let .status(source, accept) = $0 { (source, accept) } else { nil } }
}

private func finisheds(_ actions: [Action]) -> [(source: UInt, version: Int, success: Bool)] {
    actions.compactMap {
        if case let .finished(source, version, success) = $0 { (source, version, success) } else { nil }
    }
}

private func fetches(_ actions: [Action]) -> [(drag: Drag, time: UInt)] {
    actions.compactMap { if case let .fetch(drag, time) = $0 { (drag, time) } else { nil } }
}

private func isCancel(_ action: Action) -> Bool {
    if case .cancelFetch = action { true } else { false }
}

private func hovering(_ machine: Machine) -> Drag? {
    if case let .hovering(drag) = machine.state { drag } else { nil }
}

private func dropping(_ machine: Machine) -> Drag? {
    if case let .dropping(drag) = machine.state { drag } else { nil }
}

/// A machine with `source` entered (version 5, `types`) and one Position at (100, 200).
private func hoveringMachine(source: UInt = firefox, version: Int = 5, types: [String]? = usable) -> Machine {
    var machine = makeMachine()
    _ = machine.enter(source: source, version: version, types: types)
    _ = machine.position(source: source, x: 100, y: 200)
    return machine
}

/// A machine whose acceptable drag from `source` has been dropped and is being fetched.
private func droppingMachine(source: UInt = firefox, version: Int = 5) -> Machine {
    var machine = hoveringMachine(source: source, version: version)
    _ = machine.drop(source: source, time: 1234)
    return machine
}

@Suite("XDND v5 drop target (XdndTargetMachine)")
struct XdndTargetMachineTests {
    // MARK: - XdndEnter

    @Test func enterBelowVersion3IsIgnoredWithoutStateChangeOrAction() {
        var machine = makeMachine()
        #expect(machine.enter(source: firefox, version: 2, types: usable).isEmpty)
        #expect(machine.state == .idle)
        #expect(machine.enter(source: firefox, version: 0, types: usable).isEmpty)
        #expect(machine.state == .idle)

        // Nor does an old-version Enter disturb a drag in progress.
        var busy = hoveringMachine()
        let before = busy.state
        #expect(busy.enter(source: stranger, version: 2, types: usable).isEmpty)
        #expect(busy.state == before)
    }

    @Test func enterAtVersion3StartsHoveringWithoutSendingAnythingBeforeAPosition() {
        var machine = makeMachine()
        let actions = machine.enter(source: firefox, version: 3, types: usable)
        #expect(actions == [.watchSource(firefox)])  // docs/X11.md §8.2: no Status before the first Position
        let expected = Drag(source: firefox, version: 3, types: usable, acceptable: true, point: nil)
        #expect(machine.state == .hovering(expected))
    }

    @Test func enterVersion7IsTreatedAsVersion5AndTheFinishedCarriesVersion5() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 7, types: usable)
        #expect(hovering(machine)?.version == 5)
        _ = machine.position(source: firefox, x: 10, y: 10)
        let drop = machine.drop(source: firefox, time: 99)
        #expect(fetches(drop).first?.drag.version == 5)
        let finished = finisheds(machine.fetchEnded(success: true))
        #expect(finished.count == 1)
        #expect(finished.first?.version == 5)
        #expect(finished.first?.source == firefox)
    }

    @Test func enterWithUnreadableTypeListRefusesTheDragAndItsDropFailsWithoutAFetch() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 5, types: nil)
        #expect(hovering(machine)?.acceptable == false)
        #expect(hovering(machine)?.types == nil)

        let position = machine.position(source: firefox, x: 5, y: 6)
        #expect(statuses(position).count == 1)
        #expect(statuses(position).first?.accept == false)

        let drop = machine.drop(source: firefox, time: 77)
        #expect(fetches(drop).isEmpty)
        #expect(finisheds(drop).count == 1)
        #expect(finisheds(drop).first?.source == firefox)
        #expect(finisheds(drop).first?.success == false)
        #expect(machine.state == .idle)
    }

    @Test func enterOfferingOnlyUnknownTypesIsRefusedByStatus() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 5, types: unusable)
        let actions = machine.position(source: firefox, x: 1, y: 2)
        #expect(statuses(actions).count == 1)
        #expect(statuses(actions).first?.source == firefox)
        #expect(statuses(actions).first?.accept == false)
        #expect(actions.contains(.hover(point: (1, 2), acceptable: false)))
    }

    @Test func enterWithAnEmptyTypeListIsRefused() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 5, types: [])
        #expect(statuses(machine.position(source: firefox, x: 1, y: 2)).first?.accept == false)
    }

    @Test func refusedDragDropGetsFinishedFailureAtOnceAndReturnsToIdle() {
        var machine = hoveringMachine(types: unusable)
        let drop = machine.drop(source: firefox, time: 5)
        #expect(fetches(drop).isEmpty)
        #expect(finisheds(drop).count == 1)
        #expect(finisheds(drop).first?.success == false)
        #expect(drop.contains(.hover(point: nil, acceptable: false)))
        #expect(machine.state == .idle)
    }

    @Test func newEnterWhileHoveringReplacesTheOldDrag() {
        var machine = hoveringMachine(source: firefox)
        let actions = machine.enter(source: chromium, version: 5, types: unusable)
        #expect(finisheds(actions).isEmpty)  // the old drag never dropped; it is owed nothing
        #expect(hovering(machine)?.source == chromium)
        #expect(hovering(machine)?.acceptable == false)
        // The old source is now a stranger: its Position is refused, its Leave ignored.
        #expect(statuses(machine.position(source: firefox, x: 0, y: 0)).first?.accept == false)
        #expect(machine.leave(source: firefox).isEmpty)
        #expect(hovering(machine)?.source == chromium)
    }

    // MARK: - XdndPosition

    @Test func everyPositionFromTheCurrentSourceGetsExactlyOneStatusAndAHoverWithThePoint() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 5, types: usable)
        var statusCount = 0
        for i in 0..<50 {
            let actions = machine.position(source: firefox, x: i * 3, y: 400 - i)
            let replies = statuses(actions)
            #expect(replies.count == 1, "position \(i)")
            #expect(replies.first?.source == firefox)
            #expect(replies.first?.accept == true)
            #expect(actions.contains(.hover(point: (i * 3, 400 - i), acceptable: true)), "position \(i)")
            #expect(finisheds(actions).isEmpty)
            statusCount += replies.count
        }
        #expect(statusCount == 50)
        #expect(hovering(machine)?.point?.x == 49 * 3)
        #expect(hovering(machine)?.point?.y == 400 - 49)
    }

    @Test func positionWithoutEnterGetsARefusingStatusAndNeverAFinished() {
        var machine = makeMachine()
        let actions = machine.position(source: firefox, x: 10, y: 10)
        #expect(statuses(actions).count == 1)
        #expect(statuses(actions).first?.source == firefox)
        #expect(statuses(actions).first?.accept == false)
        #expect(finisheds(actions).isEmpty)
        #expect(machine.state == .idle)
    }

    @Test func positionFromAnotherSourceGetsARefusingStatusAndLeavesTheDragAlone() {
        var machine = hoveringMachine(source: firefox)
        let before = machine.state
        let actions = machine.position(source: stranger, x: 999, y: 999)
        #expect(statuses(actions).count == 1)
        #expect(statuses(actions).first?.source == stranger)
        #expect(statuses(actions).first?.accept == false)
        #expect(finisheds(actions).isEmpty)
        #expect(!actions.contains(.hover(point: (999, 999), acceptable: false)))
        #expect(!actions.contains(.hover(point: (999, 999), acceptable: true)))
        #expect(machine.state == before)
    }

    @Test func negativeRootCoordinatesPassThroughUnchanged() {
        var machine = makeMachine()
        _ = machine.enter(source: firefox, version: 5, types: usable)
        let actions = machine.position(source: firefox, x: -20, y: 5)
        #expect(actions.contains(.hover(point: (-20, 5), acceptable: true)))
        #expect(hovering(machine)?.point?.x == -20)
        #expect(hovering(machine)?.point?.y == 5)
        _ = machine.position(source: firefox, x: -32768, y: -1)
        #expect(hovering(machine)?.point?.x == -32768)
        #expect(hovering(machine)?.point?.y == -1)
    }

    // MARK: - XdndLeave

    @Test func leaveFromTheCurrentSourceResetsToIdleWithHoverCleared() {
        var machine = hoveringMachine()
        let actions = machine.leave(source: firefox)
        #expect(actions == [.hover(point: nil, acceptable: false)])
        #expect(machine.state == .idle)
        // The forgotten drag cannot be dropped any more: its late Drop is only answered with a failure.
        let drop = machine.drop(source: firefox, time: 1)
        #expect(fetches(drop).isEmpty)
        #expect(finisheds(drop).first?.success == false)
    }

    @Test func leaveFromAStrangerIsIgnored() {
        var machine = hoveringMachine(source: firefox)
        let before = machine.state
        #expect(machine.leave(source: stranger).isEmpty)
        #expect(machine.state == before)

        var idle = makeMachine()
        #expect(idle.leave(source: stranger).isEmpty)
        #expect(idle.state == .idle)
    }

    // MARK: - XdndDrop and fetching

    @Test func dropOfAnAcceptableDragFetchesAtTheDropTimeAndStartsDropping() {
        var machine = hoveringMachine()
        let drag = hovering(machine)!
        let actions = machine.drop(source: firefox, time: 0x1234_5678)
        #expect(actions.contains(.fetch(drag, time: 0x1234_5678)))
        #expect(fetches(actions).count == 1)
        #expect(finisheds(actions).isEmpty)  // Finished waits for the data
        #expect(machine.state == .dropping(drag))
    }

    @Test func dropWithTimeZeroFromChromiumFetchesAtCurrentTime() {
        var machine = hoveringMachine(source: chromium)
        let drag = hovering(machine)!
        let actions = machine.drop(source: chromium, time: 0)
        #expect(fetches(actions).count == 1)
        #expect(actions.contains(.fetch(drag, time: 0)))
        #expect(dropping(machine)?.source == chromium)
    }

    @Test func fetchEndedWithSuccessSendsExactlyOneSuccessfulFinishedAndReturnsToIdle() {
        var machine = droppingMachine(source: firefox, version: 4)
        let actions = machine.fetchEnded(success: true)
        #expect(actions == [.finished(source: firefox, version: 4, success: true)])
        #expect(machine.state == .idle)
    }

    @Test func fetchEndedWithFailureSendsAFailedFinished() {
        var machine = droppingMachine()
        #expect(machine.fetchEnded(success: false) == [.finished(source: firefox, version: 5, success: false)])
        #expect(machine.state == .idle)
    }

    @Test func fetchEndedTwiceSendsOnlyOneFinished() {
        var machine = droppingMachine()
        let first = machine.fetchEnded(success: true)
        let second = machine.fetchEnded(success: true)
        let third = machine.fetchEnded(success: false)
        #expect(finisheds(first + second + third).count == 1)
        #expect(second.isEmpty)
        #expect(third.isEmpty)
    }

    @Test func fetchEndedWithNoDropInFlightSendsNothing() {
        var idle = makeMachine()
        #expect(idle.fetchEnded(success: true).isEmpty)
        var hover = hoveringMachine()
        let before = hover.state
        #expect(hover.fetchEnded(success: true).isEmpty)
        #expect(hover.state == before)
    }

    @Test func dropFromASourceThatNeverEnteredStillGetsAFailedFinished() {
        var machine = makeMachine()
        let actions = machine.drop(source: stranger, time: 42)
        #expect(fetches(actions).isEmpty)
        #expect(finisheds(actions).count == 1)
        #expect(finisheds(actions).first?.source == stranger)
        #expect(finisheds(actions).first?.success == false)
        #expect(machine.state == .idle)
    }

    @Test func dropFromAStrangerWhileAnotherDragHoversGetsAFailedFinishedAndLeavesTheDragAlone() {
        var machine = hoveringMachine(source: firefox)
        let before = machine.state
        let actions = machine.drop(source: stranger, time: 42)
        #expect(fetches(actions).isEmpty)
        #expect(finisheds(actions).map(\.source) == [stranger])
        #expect(finisheds(actions).first?.success == false)
        #expect(machine.state == before)
    }

    @Test func newEnterWhileDroppingCancelsTheFetchFailsTheOldSourceAndTheNewDragHovers() {
        var machine = droppingMachine(source: firefox, version: 4)
        let actions = machine.enter(source: chromium, version: 5, types: usable)
        #expect(actions.contains(where: isCancel))
        #expect(finisheds(actions).count == 1)
        #expect(finisheds(actions).first?.source == firefox)
        #expect(finisheds(actions).first?.version == 4)
        #expect(finisheds(actions).first?.success == false)
        #expect(hovering(machine)?.source == chromium)

        let position = machine.position(source: chromium, x: 7, y: 8)
        #expect(statuses(position).count == 1)
        #expect(statuses(position).first?.source == chromium)
        #expect(statuses(position).first?.accept == true)
        #expect(position.contains(.hover(point: (7, 8), acceptable: true)))

        // The abandoned fetch reporting in late must not produce a second Finished for the old source.
        #expect(machine.fetchEnded(success: true).isEmpty)
        #expect(hovering(machine)?.source == chromium)
    }

    @Test func positionsFromTheDroppingSourceGetARefusingStatusAndNeverAFinished() {
        var machine = droppingMachine(source: firefox)
        let before = machine.state
        for i in 0..<5 {
            let actions = machine.position(source: firefox, x: i, y: i)
            #expect(statuses(actions).count == 1)
            #expect(statuses(actions).first?.source == firefox)
            #expect(statuses(actions).first?.accept == false)
            #expect(finisheds(actions).isEmpty)
        }
        #expect(machine.state == before)
        // The drop still completes normally.
        #expect(machine.fetchEnded(success: true) == [.finished(source: firefox, version: 5, success: true)])
    }

    @Test func positionsFromAnotherSourceWhileDroppingGetARefusingStatusAndDoNotDisturbTheDrop() {
        var machine = droppingMachine(source: firefox)
        let before = machine.state
        let actions = machine.position(source: stranger, x: 3, y: 3)
        #expect(statuses(actions).map(\.source) == [stranger])
        #expect(statuses(actions).first?.accept == false)
        #expect(finisheds(actions).isEmpty)
        #expect(machine.state == before)
    }

    // MARK: - Source vanished

    @Test func sourceVanishingWhileHoveringReturnsToIdleAndClearsHover() {
        var machine = hoveringMachine(source: firefox)
        let actions = machine.sourceVanished(firefox)
        #expect(actions == [.hover(point: nil, acceptable: false)])
        #expect(machine.state == .idle)
    }

    @Test func sourceVanishingWhileDroppingCancelsTheFetchWithoutAFinishedAndALateFetchEndYieldsNothing() {
        var machine = droppingMachine(source: firefox)
        let actions = machine.sourceVanished(firefox)
        #expect(actions.count == 1)
        #expect(actions.contains(where: isCancel))
        #expect(finisheds(actions).isEmpty)
        #expect(machine.state == .idle)
        #expect(machine.fetchEnded(success: true).isEmpty)
        #expect(machine.fetchEnded(success: false).isEmpty)
    }

    @Test func aStrangerVanishingChangesNothing() {
        var hover = hoveringMachine(source: firefox)
        let hoverBefore = hover.state
        #expect(hover.sourceVanished(stranger).isEmpty)
        #expect(hover.state == hoverBefore)

        var drop = droppingMachine(source: firefox)
        let dropBefore = drop.state
        #expect(drop.sourceVanished(stranger).isEmpty)
        #expect(drop.state == dropBefore)
    }

    // MARK: - Whole sequences

    @Test func fullDragNeverSendsAFinishedBeforeTheDropAndExactlyOneAfterIt() {
        var machine = makeMachine()
        var log: [(step: String, actions: [Action])] = []
        log.append(("enter", machine.enter(source: firefox, version: 5, types: usable)))
        log.append(("position", machine.position(source: firefox, x: 10, y: 20)))
        log.append(("position", machine.position(source: firefox, x: 11, y: 21)))
        log.append(("position", machine.position(source: firefox, x: 12, y: 22)))
        log.append(("drop", machine.drop(source: firefox, time: 500)))
        log.append(("fetchEnded", machine.fetchEnded(success: true)))

        let beforeFetchEnd = log.prefix(5).flatMap(\.actions)
        #expect(finisheds(beforeFetchEnd).isEmpty)
        #expect(statuses(beforeFetchEnd).count == 3)
        #expect(statuses(log[0].actions).isEmpty)  // nothing sent before the first Position

        let drop = log[4].actions
        #expect(fetches(drop).count == 1)
        #expect(fetches(drop).first?.time == 500)
        #expect(fetches(drop).first?.drag.point?.x == 12)
        #expect(fetches(drop).first?.drag.point?.y == 22)

        let all = log.flatMap(\.actions)
        #expect(finisheds(all).count == 1)
        #expect(log[5].actions == [.finished(source: firefox, version: 5, success: true)])
        #expect(machine.state == .idle)
    }

    @Test func aSecondDragAfterACompletedDropWorksAgain() {
        // xnedit#33: drops that only work once.
        var machine = droppingMachine(source: firefox)
        _ = machine.fetchEnded(success: true)
        _ = machine.enter(source: firefox, version: 5, types: usable)
        #expect(statuses(machine.position(source: firefox, x: 1, y: 1)).first?.accept == true)
        #expect(fetches(machine.drop(source: firefox, time: 600)).first?.time == 600)
        #expect(machine.fetchEnded(success: true) == [.finished(source: firefox, version: 5, success: true)])
    }

    @Test func aRepeatedDropFromTheLoadingSourceGetsNoSecondFinished() {
        var machine = XdndTargetMachine(accepts: { $0.contains("text/plain") })
        _ = machine.enter(source: 7, version: 5, types: ["text/plain"])
        _ = machine.position(source: 7, x: 1, y: 1)
        _ = machine.drop(source: 7, time: 10)
        #expect(machine.drop(source: 7, time: 11).isEmpty)
        #expect(machine.fetchEnded(success: true) == [.finished(source: 7, version: 5, success: true)])
    }

    @Test func aNewEnterWhileAnotherDragHoversClearsTheOldFeedback() {
        var machine = XdndTargetMachine(accepts: { $0.contains("text/plain") })
        _ = machine.enter(source: 7, version: 5, types: ["text/plain"])
        _ = machine.position(source: 7, x: 1, y: 1)
        #expect(machine.enter(source: 8, version: 5, types: ["text/plain"])
            == [.hover(point: nil, acceptable: false), .watchSource(8)])
    }

    // MARK: Our own windows

    /// Any client can send an Enter naming one of our windows as its source: watching it would have replaced our
    /// own event mask on that window. Every message naming it is ignored whole, and its types are never read.
    @Test func messagesNamingOneOfOurOwnWindowsAsTheSourceAreIgnored() {
        let own: UInt = 0x20_0003
        var machine = XdndTargetMachine(accepts: { _ in true }, isOwnWindow: { $0 == own })
        var typesRead = false
        #expect(machine.enter(source: own, version: 5, types: { typesRead = true; return ["text/plain"] }())
            == [.ignored("XdndEnter names our own window 0x200003 as its source; ignored")])
        #expect(!typesRead)
        #expect(machine.state == .idle)
        #expect(machine.position(source: own, x: 1, y: 1) == [.ignored("XdndPosition names our own window 0x200003 as its source; ignored")])
        #expect(machine.drop(source: own, time: 10) == [.ignored("XdndDrop names our own window 0x200003 as its source; ignored")])
        #expect(machine.leave(source: own) == [.ignored("XdndLeave names our own window 0x200003 as its source; ignored")])
        #expect(machine.state == .idle)
    }

    /// And a drag from someone else in progress is not disturbed by such a message.
    @Test func aMessageNamingOurOwnWindowLeavesTheDragInProgressAlone() {
        let own: UInt = 0x20_0003
        var machine = XdndTargetMachine(accepts: { _ in true }, isOwnWindow: { $0 == own })
        #expect(machine.enter(source: firefox, version: 5, types: usable) == [.watchSource(firefox)])
        _ = machine.position(source: firefox, x: 1, y: 1)
        let before = machine.state
        #expect(statuses(machine.enter(source: own, version: 5, types: usable)).isEmpty)
        #expect(finisheds(machine.drop(source: own, time: 10)).isEmpty)
        #expect(machine.state == before)
    }
}
