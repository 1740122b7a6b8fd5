// swift-tools-version:6.0
import PackageDescription

// Every C library is a system library target: a module map and a shim header, nothing else.
// `providers` names the Debian package that `make deps` installs.
let package = Package(
    name: "HeroBridge",
    products: [
        .executable(name: "herobridge", targets: ["herobridge"]),
        .executable(name: "herobridge-fuzz", targets: ["herobridge-fuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGif", path: "Sources/CGif", pkgConfig: "libgif",
                       providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11 xfixes xext xrandr",
                       providers: [.apt(["libx11-dev", "libxfixes-dev", "libxext-dev", "libxrandr-dev"])]),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // cairo's drawing calls alone (cairo.h), for the views: no Xlib header comes with it.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // cairo's Xlib surfaces (cairo-xlib.h, which includes Xlib.h): X11Bridge's alone, so no module above it
        // sees an Xlib name through cairo.
        .systemLibrary(name: "CCairoXlib", path: "Sources/CCairoXlib", pkgConfig: "cairo-xlib",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CWaylandClient", path: "Sources/CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        // Declares libFuzzer's LLVMFuzzerRunDriver; the library itself comes with -sanitize=fuzzer (`make fuzz`).
        .systemLibrary(name: "CFuzzer", path: "Sources/CFuzzer"),

        // The one C target: GetProperty with its value read from the wire into the caller's buffer (Xlib has no
        // call for that; its internals are in Xlibint.h, whose Display structure must not reach a Swift module,
        // so the code is a .c file behind a header of plain C types, not a shim). libX11 comes with CX11.
        .target(name: "CXlibReply", path: "Sources/CXlibReply", linkerSettings: [.linkedLibrary("X11")]),
        // The base every module may use: the one clock, byte counts, writing to a descriptor, staged files.
        .target(name: "HeroBase"),
        // The data-control protocols' glue as wayland-scanner writes it (interface tables and request wrappers),
        // generated from protocols/*.xml by scripts/generate-protocols.sh and checked in.
        .target(name: "CDataControl", dependencies: ["CWaylandClient"], path: "protocols/CDataControl"),
        .target(name: "HeroTransfer", dependencies: ["HeroBase", "CPNG", "CDeflate", "CTurboJPEG", "CWebP", "CGif"]),
        .target(name: "HeroCore", dependencies: ["HeroBase", "HeroTransfer", "CSQLite", "CCrypto"]),
        .target(name: "X11Bridge", dependencies: ["CX11", "CXlibReply", "CCairoXlib", "CLinux", "HeroBase"]),
        // The Wayland path: data-control selections watched, read and served. Knows no hero and no X11.
        .target(name: "WaylandBridge", dependencies: ["CWaylandClient", "CDataControl", "CLinux", "HeroBase"]),
        // AT-SPI: the windows as accessible trees (values), served on the accessibility bus over libdbus.
        .target(name: "Accessibility", dependencies: ["CDBus", "HeroBase"]),
        .target(name: "DropWindow", dependencies: ["CCairo", "X11Bridge", "HeroBase", "HeroCore", "HeroTransfer"]),
        .target(name: "HeroAgent", dependencies: ["CLinux", "CDBus", "Accessibility", "X11Bridge", "WaylandBridge", "DropWindow", "HeroBase", "HeroCore", "HeroTransfer"]),
        // The command-line declarations, parser, synopses and help text: no X11, no database, tested in-process.
        .target(name: "HeroCommandLine"),
        .executableTarget(name: "herobridge", dependencies: ["HeroAgent", "HeroBase", "HeroCommandLine", "HeroCore", "HeroTransfer", "X11Bridge", "DropWindow"]),
        // Every libFuzzer harness in one binary, chosen by name: one ASan build serves them all (scripts/fuzz.py).
        .executableTarget(name: "herobridge-fuzz", dependencies: ["CFuzzer", "HeroAgent", "HeroBase", "HeroCore", "HeroTransfer", "X11Bridge", "WaylandBridge"],
                          path: "Sources/HeroFuzz"),

        .target(name: "TestSupport", dependencies: ["CPNG", "CTurboJPEG"], path: "Tests/Support"),
        .testTarget(name: "HeroTransferTests", dependencies: ["HeroBase", "HeroTransfer", "TestSupport"]),
        .testTarget(name: "X11BridgeTests", dependencies: ["X11Bridge", "HeroBase", "HeroTransfer", "TestSupport"]),
        // HeroAgent's parts that need no X server: options and config precedence, the log, offers, sd_notify, notices.
        .testTarget(name: "HeroAgentTests", dependencies: ["HeroAgent", "Accessibility", "X11Bridge", "WaylandBridge", "HeroBase", "HeroCore", "HeroTransfer", "TestSupport"]),
        .testTarget(name: "WaylandBridgeTests", dependencies: ["WaylandBridge", "CDataControl", "TestSupport"]),
        .testTarget(name: "DropWindowTests", dependencies: ["DropWindow", "HeroCore", "X11Bridge"]),
        // The accessible trees, their answers and events, with no bus.
        .testTarget(name: "AccessibilityTests", dependencies: ["Accessibility"]),
        .testTarget(name: "HeroCoreTests", dependencies: ["HeroCore", "HeroTransfer", "TestSupport"]),
        .testTarget(name: "HeroCommandLineTests", dependencies: ["HeroCommandLine"]),
        .testTarget(name: "CLITests", dependencies: ["herobridge", "TestSupport"]),
        .testTarget(name: "AgentTests", dependencies: ["herobridge", "HeroCore", "DropWindow", "TestSupport"]),
        // The agent on a real headless sway with Xwayland: the Wayland path end to end, with real clients.
        .testTarget(name: "WaylandAgentTests", dependencies: ["herobridge", "HeroCore", "HeroTransfer", "TestSupport"]),
        // The Wayland test harness itself (Tests/Support/HeadlessSway.swift, WaylandFixture.swift) against a real sway.
        .testTarget(name: "WaylandHarnessTests", dependencies: ["TestSupport"]),
        // docs/ARCHITECTURE.md checked against this file and Sources, read as text: no dependency, so it builds alone.
        .testTarget(name: "ArchitectureTests"),
    ]
)
