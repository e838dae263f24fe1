# navviz: the two commands a new user needs are `make demo` and `make test`.
SWIFT ?= swift
OUT ?= out
NAVVIZ = .build/debug/navviz
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES = libgraphviz-dev graphviz pkg-config fonts-dejavu-core libgd-dev zlib1g-dev

.PHONY: deps build demo test bench clean

## deps: install Graphviz's libgvc (and fonts, libgd) where pkg-config cannot find them.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc gdlib zlib 2>/dev/null && fc-list 2>/dev/null | grep -q DejaVuSans; then \
		echo "deps: libgvc $$(pkg-config --modversion libgvc) found"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

build: deps
	$(SWIFT) build

## demo: animate the bundled deep-link scenarios, draw a diff and a route, render every
## sample, into ./out, and print the paths.
demo: build
	@mkdir -p $(OUT)
	@$(NAVVIZ) animate Samples/nivelir-deeplink.script.json -o $(OUT)/nivelir-deeplink --png --gif >/dev/null
	@echo "$(OUT)/nivelir-deeplink/index.html   (open in a browser; also animation.gif, summary.md, frames/)"
	@$(NAVVIZ) animate Samples/portus-readme.script.json -o $(OUT)/portus-readme --gif >/dev/null
	@echo "$(OUT)/portus-readme/index.html"
	@$(NAVVIZ) diff Samples/katana-article.before.json Samples/katana-article.after.json -o $(OUT)/katana-article.diff.png --legend
	@$(NAVVIZ) diff Samples/katana-article.before.json Samples/katana-article.after.json --dialect katana
	@echo "$(OUT)/katana-article.diff.png"
	@$(NAVVIZ) route Samples/portus-example-4.route.json -o $(OUT)/portus-example-4.route.png --legend
	@echo "$(OUT)/portus-example-4.route.png"
	@for f in Samples/*.json Samples/*.yaml; do \
		name=$$(basename "$$f"); name=$${name%.*}; \
		$(NAVVIZ) render "$$f" -o "$(OUT)/$$name.png" --legend || exit 1; \
	done
	@echo "$(OUT)/<sample>.png for every sample"

## test: build and run every test.
test: deps
	$(SWIFT) build
	$(SWIFT) test

## bench: build in release and compare navviz with the Graphviz CLI on this machine (not part
## of make test: a benchmark is not a test). Prints `name: value` lines and a table.
bench: deps
	$(SWIFT) build -c release --product navviz
	python3 Scripts/bench.py .build/release/navviz

clean:
	rm -rf .build $(OUT)
