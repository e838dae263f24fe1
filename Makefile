# navviz: the two commands a new user needs are `make demo` and `make test`.
SWIFT ?= swift
OUT ?= out
NAVVIZ = .build/debug/navviz
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES = libgraphviz-dev graphviz pkg-config fonts-dejavu-core libgd-dev

.PHONY: deps build demo test bench clean

## deps: install Graphviz's libgvc (and fonts, libgd) where pkg-config cannot find them.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc gdlib 2>/dev/null && fc-list 2>/dev/null | grep -q DejaVuSans; then \
		echo "deps: libgvc $$(pkg-config --modversion libgvc) found"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

build: deps
	$(SWIFT) build

## demo: render every sample into ./out and print the paths.
demo: build
	@mkdir -p $(OUT)
	@for f in Samples/*.json Samples/*.yaml; do \
		[ -e "$$f" ] || continue; \
		name=$$(basename "$$f"); name=$${name%.*}; \
		$(NAVVIZ) render "$$f" -o "$(OUT)/$$name.svg" --legend && \
		$(NAVVIZ) render "$$f" -o "$(OUT)/$$name.png" --legend && \
		echo "$(OUT)/$$name.svg" && echo "$(OUT)/$$name.png" || exit 1; \
	done

## test: build and run every test.
test: deps
	$(SWIFT) build
	$(SWIFT) test

clean:
	rm -rf .build $(OUT)
