# HeroBridge: the README's commands are the truth; this file is what they run.
#   make run    install what is missing, build (release), run the agent (ARGS="..." passes agent options)
#   make test   install what the tests need, build, run every test, the packaging checks, replay the fuzz corpora
#               (fuzz-corpus), then every test again under AddressSanitizer (test-asan)
#   make fuzz   build the libFuzzer harnesses with ASan, fuzz each for FUZZ_SECONDS (default 60); FUZZ_JOBS=2 runs
#               two at once, FUZZ_MERGE=1 keeps new coverage in Fuzz/corpus, FUZZ_HARNESSES="png jpeg" picks some;
#               findings in build/fuzz/<harness>/
#   make test-asan   every test again, built with AddressSanitizer (.build/asan); part of make test
#   make fuzz-corpus   the same build, every committed corpus input run once (what make test does)
#   make bench  install CopyQ and the tools, build release, measure HeroBridge against xclip and CopyQ and at
#               1,000 to 100,000 favorites (bench/scale.py), then the
#               stress scenarios (loop stalls and peak RSS, bench/stress.py), then the same on a headless sway
#               (bench/wlbench.py: copy-to-stored against a data-control floor, idle; bench/wlstress.py: hostile
#               Wayland sources)
#   make soak   install the tools, build release, 6,000 copies and 200 drops under CPU load (bench/soak.py)
#   make chaos  install the tools, build release, random X traffic at a fresh agent per seed, then check it still
#               works (bench/chaos.py, Tests/Fixtures/x_chaos.py)
#   make install / uninstall   PREFIX (default ~/.local) and DESTDIR honoured
#   make deb    build/herobridge_VERSION_ARCH.deb (dpkg-buildpackage -b -us -uc on a copy of the checkout)
#   make deb-reproducible   the package built twice in two folders and compared byte for byte (make test does it too)
#   make deb-clean-install  the package installed, run, removed and purged on a fresh debootstrap of Debian 12 (root)
SHELL := /bin/bash
SWIFT ?= swift
# The Swift toolchain lives in /opt/swift on this project's machines; use it when swift is not on PATH.
export PATH := $(if $(shell command -v $(SWIFT) 2>/dev/null),$(PATH),/opt/swift/usr/bin:$(PATH))

# The Debian packages each target needs, every list built on the one before it.
# The build: the C libraries behind the system library targets (libdbus for desktop notifications, libdeflate for
# fast CRC-32 and Adler-32, libXrandr for the monitors), and the font the windows draw with.
BUILD_PACKAGES := pkg-config libsqlite3-dev libpng-dev libdeflate-dev libturbojpeg0-dev libwebp-dev libgif-dev libssl-dev libx11-dev libxfixes-dev libxext-dev libxrandr-dev libcairo2-dev libdbus-1-dev libwayland-dev fonts-dejavu-core
# `make run`: the build's, and a private Xvfb for a machine with no display (xclip to try it).
RUN_PACKAGES := $(BUILD_PACKAGES) xvfb xclip
# `make deb`: the build's, and what builds and checks the package.
PACKAGE_PACKAGES := $(BUILD_PACKAGES) dpkg-dev debhelper debugedit binutils gzip lintian appstream diffoscope-minimal
# `make test`: the package's, and the tests' X clients and tools (systemd for systemd-analyze, man-db for the unit's
# Documentation=, desktop-file-utils to validate the desktop file, python3-fusepy for a FUSE mount whose files never
# answer, x11-xserver-utils for xrdb, which sets Xft.dpi for the HiDPI tests, dbus-daemon, dbus-bin (dbus-monitor,
# dbus-send) and dunst for the notification tests' private session bus, python3-pil to make and check WebP, GIF and
# BMP images with an encoder other than ours, trayer for a real XEmbed system tray; for the Wayland tests, sway (a
# real compositor, run headless) with xwayland, wl-clipboard's wl-copy and wl-paste as the reference clients, and
# libwayland-dev, libwayland-bin (wayland-scanner) and gcc to build our own data-control source at test time; mutter,
# run headless, for the GNOME session, which offers no data control, so the agent must watch it through Xwayland;
# kwin-wayland, run headless, for the KDE Plasma session, whose wlr data control the agent must use; openbox and tint2,
# a real window manager and taskbar, for what the windows tell a window manager; at-spi2-core (at-spi-bus-launcher,
# the accessibility bus and at-spi2-registryd) and python3-pyatspi, the screen reader's side of the accessibility
# tests; xsettingsd, a real XSETTINGS manager whose theme the windows' dark and light looks follow, and
# xdg-desktop-portal with its GTK backend and gsettings-desktop-schemas, the appearance portal whose color-scheme
# wins over it).
TEST_PACKAGES := $(PACKAGE_PACKAGES) util-linux xvfb xclip python3-gi gir1.2-gtk-3.0 gir1.2-gdkpixbuf-2.0 python3-xlib xdotool x11-apps x11-utils trayer \
	systemd man-db desktop-file-utils python3-fusepy x11-xserver-utils dbus-daemon dbus-bin dunst python3-pil \
	sway xwayland wl-clipboard libwayland-dev libwayland-bin gcc mutter kwin-wayland openbox tint2 at-spi2-core \
	python3-pyatspi xsettingsd xdg-desktop-portal xdg-desktop-portal-gtk gsettings-desktop-schemas

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/herobridge
ARGS ?=

# `make bench`: the tests' (sway, xwayland, wl-clipboard and the C toolchain for the Wayland bench among them),
# and the benchmark's contenders and tools. copyq-plugins is only a Recommends of copyq,
# which apt-get --no-install-recommends leaves out, and without its image plugin CopyQ stores no image at all.
BENCH_PACKAGES := $(TEST_PACKAGES) copyq copyq-plugins time
# `make soak`: the build's, and what the soak drives: xclip, a GTK3 owner and drag source (python3-gi), xdotool,
# python3-xlib.
SOAK_PACKAGES := $(BUILD_PACKAGES) xvfb xclip python3-gi gir1.2-gtk-3.0 python3-xlib xdotool

# Where `make install` puts things. systemd reads user units from ~/.local/share/systemd/user for a home
# install and from PREFIX/lib/systemd/user for /usr/local or /usr.
PREFIX ?= $(HOME)/.local
DESTDIR ?=
USERUNITDIR ?= $(if $(filter $(HOME)/.local,$(PREFIX)),$(PREFIX)/share/systemd/user,$(PREFIX)/lib/systemd/user)

.PHONY: all build release run test package-test bench deps run-deps test-deps package-deps bench-deps \
	soak soak-deps chaos chaos-deps install uninstall deb clean fuzz fuzz-corpus test-asan wayland-test-user \
	print-build-packages deb-reproducible deb-clean-install

all: build

# Installs only what dpkg says is missing, so a prepared machine does no apt work at all. Another apt holding the
# dpkg lock (an unattended upgrade at boot, a software centre) is waited for, up to 15 minutes, instead of failing
# the build; -q (not -qq) lets apt say so, once a second: "Waiting for cache lock: ... held by process N".
define apt_install
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "swift not found: install the Swift 6 toolchain (https://swift.org) and put it on PATH" >&2; exit 1; }
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

run-deps:
	$(call apt_install,$(RUN_PACKAGES))

test-deps:
	$(call apt_install,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build

package-deps:
	$(call apt_install,$(PACKAGE_PACKAGES))

# The build's Debian packages, for the packaging test's check that debian/control's Build-Depends name the same.
print-build-packages:
	@echo $(BUILD_PACKAGES)

# The Swift runtime is linked in (--static-swift-stdlib), so the binary runs where no toolchain is installed.
release: deps
	$(SWIFT) build -c release --product herobridge --static-swift-stdlib

run: run-deps release
	scripts/run-agent.sh $(RELEASE_BIN) $(ARGS)

# sway refuses to run as root, so a root test run starts it (and its clients) as this unprivileged system account,
# made here when missing (Tests/Fixtures/wayland_test_user.sh; nothing to do when not root). Its name is also
# HeadlessSway.testUser in Tests/Support/HeadlessSway.swift.
wayland-test-user: test-deps
	@Tests/Fixtures/wayland_test_user.sh herobridge-wl

# Swift Testing only (no XCTest cases exist), so the last line is the real count.
test: test-deps wayland-test-user
	scripts/generate-protocols.sh --check
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest
	$(MAKE) --no-print-directory package-test
	$(MAKE) --no-print-directory fuzz-corpus
	$(MAKE) --no-print-directory test-asan

# The same suite built with AddressSanitizer in .build/asan: the test processes and every herobridge they start
# report memory errors, and each herobridge its leaks at exit (a non-zero status the tests see). The suppressions
# name the libraries' own never-freed caches. HEROBRIDGE_SANITIZER tells the tests (ulimit cannot bound ASan).
ASAN_ENV := HEROBRIDGE_SANITIZER=address SWIFT_BACKTRACE=enable=no \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0
test-asan: test-deps wayland-test-user
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	$(ASAN_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=address --build-path .build/asan

# Builds the .deb, installs it (dpkg -i as root, else dpkg -x into a temp root), runs it, removes it; and
# checks make install / uninstall into a DESTDIR.
package-test: deb
	Tests/Packaging/package-test.sh build/herobridge_*.deb

# scripts/fuzz.py: one ASan + libFuzzer build of herobridge-fuzz in .build/fuzz serves every harness.
fuzz: deps
	/usr/bin/python3 scripts/fuzz.py run

# Every committed input under Fuzz/corpus run once: a regression on a known input fails the build.
fuzz-corpus: deps
	/usr/bin/python3 scripts/fuzz.py replay

bench-deps:
	$(call apt_install,$(BENCH_PACKAGES))

# Writes bench/results.json and BENCHMARKS.md; BENCH_QUICK=1 for a short trial of the harness. The stress
# scenarios then add their section to both (STRESS_QUICK=1 for smaller data), and so do the Wayland bench and its
# hostile sources (sway runs as the user wayland-test-user makes); they report missed targets without failing
# the target, as bench.py does.
bench: bench-deps wayland-test-user release
	/usr/bin/python3 bench/bench.py
	/usr/bin/python3 bench/stress.py --record
	/usr/bin/python3 bench/wlbench.py --record
	/usr/bin/python3 bench/wlstress.py --record

soak-deps:
	$(call apt_install,$(SOAK_PACKAGES))

# About 10 minutes; writes bench/soak.json; fails when a copy that stayed owned 100 ms (or a drop) was lost.
# SOAK_QUICK=1 for a one-minute trial; SOAK_XCLIP, SOAK_GTK, SOAK_DROPS, SOAK_HOLD_EVERY, SOAK_SEED.
soak: soak-deps release
	/usr/bin/python3 bench/soak.py

# `make chaos`: the soak's (python3-xlib, xclip, xdotool, a GTK3 drag source).
CHAOS_PACKAGES := $(SOAK_PACKAGES)
CHAOS_SECONDS ?= 600
CHAOS_SEEDS ?= 1 2 3
CHAOS_KINDS ?= all

chaos-deps:
	$(call apt_install,$(CHAOS_PACKAGES))

# CHAOS_SECONDS of Tests/Fixtures/x_chaos.py per seed in CHAOS_SEEDS (about 10.5 minutes each by default), each
# against a fresh agent; writes bench/chaos.json; fails when the agent died, grew by more than 5 MB, or its star
# click, a GTK drop or an xclip copy stopped working. CHAOS_KINDS (comma-separated) narrows the traffic.
chaos: chaos-deps release
	/usr/bin/python3 bench/chaos.py --seconds "$(CHAOS_SECONDS)" --seeds "$(CHAOS_SEEDS)" --kinds "$(CHAOS_KINDS)"

install: release
	packaging/install.sh install $(RELEASE_BIN) "$(DESTDIR)" "$(PREFIX)" "$(USERUNITDIR)"

uninstall:
	packaging/install.sh uninstall "$(DESTDIR)" "$(PREFIX)" "$(USERUNITDIR)"

deb: package-deps
	packaging/build-deb.sh build

# Two builds of the package in two folders, compared byte for byte (diffoscope on a difference).
deb-reproducible: package-deps
	packaging/reproducible-check.sh

# The .deb on a minimal Debian 12 made with debootstrap, which has never had Swift: installed with apt-get, run,
# removed and purged (root; downloads some 100 MB; not part of make test).
deb-clean-install: deb
	$(call apt_install,debootstrap)
	$(SUDO) Tests/Packaging/clean-install-test.sh build/herobridge_*.deb

clean:
	rm -rf .build build
