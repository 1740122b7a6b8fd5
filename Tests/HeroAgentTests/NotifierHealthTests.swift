import Testing
@testable import HeroAgent

/// One log line per outage of the notifications, not one per copy.
@Suite struct NotifierHealthTests {
    @Test func theFirstFailureIsLoggedRepeatsAreNot() {
        var health = NotifierHealth()
        #expect(health.delivered() == nil, "nothing to say while all is well")
        #expect(health.failed(.noBus) == NotifyError.noBus.description)
        #expect(health.failed(.noBus) == nil)
        #expect(health.failed(.noBus) == nil)
    }

    @Test func aNewKindOfFailureIsOneMoreLineAndASuccessEndsTheOutage() {
        var health = NotifierHealth()
        _ = health.failed(.noBus)
        #expect(health.failed(.noDaemon)?.contains("no notification daemon") == true)
        #expect(health.delivered() == "the notification daemon answers again; showing notifications")
        #expect(health.delivered() == nil)
        #expect(health.failed(.noDaemon) != nil, "a new outage is logged again")
    }

    @Test func theBusAddressIsTheVariableElseTheUserSessionsSocket() throws {
        #expect(DesktopNotifier.busAddress(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == "unix:path=/x")
        #expect(DesktopNotifier.busAddress([:]) == nil)
        #expect(DesktopNotifier.busAddress(["XDG_RUNTIME_DIR": "/nonexistent-runtime-dir"]) == nil)
        #expect(DesktopNotifier.busAddress(["XDG_RUNTIME_DIR": "relative"]) == nil)
    }
}
