/// Every harness of `herobridge-fuzz`, by name: what `--list` prints and `scripts/fuzz.py` fuzzes or replays.
enum Harnesses {
    static let all: [Harness] = [
        TextTargetsHarness.harness,
        HTMLHarness.harness,
        URIListHarness.harness,
        URLTitleHarness.harness,
        HeroJSONHarness.harness,
        ImageHarness.png,
        PNGStreamHarness.harness,
        ImageHarness.jpeg,
        ImageHarness.webp,
        ImageHarness.gif,
        ImageHarness.bmp,
        ThumbnailHarness.harness,
        CatalogFileHarness.harness,
        AgentConfigHarness.harness,
        PropertyValueHarness.harness,
        TargetReadHarness.harness,
        SelectionFetchHarness.harness,
        IncrementalSendsHarness.harness,
        XdndTargetHarness.harness,
        XdndSourceHarness.harness,
        SettleHarness.harness,
        TrayDockHarness.harness,
        XsettingsHarness.harness,
        WaylandOffersHarness.harness,
        WaylandFetchHarness.harness,
        WaylandSendsHarness.harness,
    ]

    static func named(_ name: String) -> Harness? {
        all.first { $0.name == name }
    }
}
