import Testing
import WaylandBridge
@testable import HeroAgent

/// Which protocol watches: Wayland's data control where it can be had, else X11, and `--backend` overrides.
@Suite struct BackendDecisionTests {
    let wlr2 = DataControlProtocol(family: .wlr, version: 2)
    let wlr1 = DataControlProtocol(family: .wlr, version: 1)

    @Test func autoTakesWaylandWhenDataControlIsOffered() {
        #expect(BackendDecision.decide(.auto, waylandDisplay: "wayland-1", probe: .dataControl(wlr2), wantsPrimary: true) == .wayland)
    }

    @Test func autoOnAnX11SessionDoesNotEvenTryWayland() {
        #expect(!BackendDecision.shouldProbe(.auto, waylandDisplay: nil))
        #expect(!BackendDecision.shouldProbe(.auto, waylandDisplay: ""))
        #expect(!BackendDecision.shouldProbe(.x11, waylandDisplay: "wayland-1"))
        #expect(BackendDecision.shouldProbe(.wayland, waylandDisplay: "wayland-1"))
        #expect(BackendDecision.decide(.auto, waylandDisplay: nil, probe: nil, wantsPrimary: false) == .x11(note: nil))
    }

    @Test func autoOnGNOMEFallsBackToX11AndSaysWhy() {
        #expect(BackendDecision.decide(.auto, waylandDisplay: "wayland-0", probe: .noDataControl, wantsPrimary: false)
                == .x11(note: "the Wayland compositor offers no data-control protocol (GNOME has none); watching the selections through X11"))
        #expect(BackendDecision.decide(.auto, waylandDisplay: "wayland-0", probe: .failed("cannot connect"), wantsPrimary: false)
                == .x11(note: "cannot connect; watching the selections through X11"))
    }

    @Test func primaryNeedsAProtocolThatCarriesIt() {
        #expect(BackendDecision.decide(.auto, waylandDisplay: "w", probe: .dataControl(wlr1), wantsPrimary: false) == .wayland)
        #expect(BackendDecision.decide(.auto, waylandDisplay: "w", probe: .dataControl(wlr1), wantsPrimary: true)
                == .x11(note: "the compositor's wlr-data-control-unstable-v1 version 1 has no primary selection; watching the selections through X11"))
    }

    @Test func backendWaylandRefusesToStartWithoutIt() {
        #expect(BackendDecision.decide(.wayland, waylandDisplay: nil, probe: nil, wantsPrimary: false)
                == .refused("--backend wayland: WAYLAND_DISPLAY is not set"))
        #expect(BackendDecision.decide(.wayland, waylandDisplay: "w", probe: .noDataControl, wantsPrimary: false)
                == .refused("--backend wayland: the Wayland compositor offers no data-control protocol (GNOME has none)"))
    }

    @Test func backendX11IsX11Whatever() {
        #expect(BackendDecision.decide(.x11, waylandDisplay: "w", probe: .dataControl(wlr2), wantsPrimary: true) == .x11(note: nil))
    }
}
