# HeroBridge: the README's commands are the truth; this file is what they run.
#   make run    install what is missing, build (release), run the agent (ARGS="..." passes agent options)
#   make test   install what the tests need, build, run every test
#   make bench  install CopyQ and the tools, build release, measure HeroBridge against xclip and CopyQ
SHELL := /bin/bash
SWIFT ?= swift
# The Swift toolchain lives in /opt/swift on this project's machines; use it when swift is not on PATH.
export PATH := $(if $(shell command -v $(SWIFT) 2>/dev/null),$(PATH),/opt/swift/usr/bin:$(PATH))

# Debian packages the build needs (C libraries behind the system library targets) ...
BUILD_PACKAGES := pkg-config libsqlite3-dev libpng-dev libturbojpeg0-dev libssl-dev libx11-dev libxfixes-dev libcairo2-dev fonts-dejavu-core
# ... what `make run` needs to show the agent on a machine with no display ...
RUN_PACKAGES := $(BUILD_PACKAGES) xvfb xclip
# ... and the ones the tests need on top.
TEST_PACKAGES := $(BUILD_PACKAGES) util-linux xvfb xclip python3-gi gir1.2-gtk-3.0 gir1.2-gdkpixbuf-2.0 python3-xlib xdotool x11-apps x11-utils

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/herobridge
ARGS ?=

# ... and the benchmark's contenders and tools.
BENCH_PACKAGES := $(TEST_PACKAGES) copyq time

.PHONY: all build release run test bench deps run-deps test-deps bench-deps clean

all: build

# Installs only what dpkg says is missing, so a prepared machine does no apt work at all.
define apt_install
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
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

release: deps
	$(SWIFT) build -c release --product herobridge

run: run-deps
	$(SWIFT) build -c release --product herobridge
	scripts/run-agent.sh $(RELEASE_BIN) $(ARGS)

# Swift Testing only (no XCTest cases exist), so the last line is the real count.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

bench-deps:
	$(call apt_install,$(BENCH_PACKAGES))

# Writes bench/results.json and BENCHMARKS.md; BENCH_QUICK=1 for a short trial of the harness.
bench: bench-deps
	$(SWIFT) build -c release --product herobridge
	/usr/bin/python3 bench/bench.py

clean:
	rm -rf .build
