# surety's driver for Bitwuzla through its Python bindings (PyPI package
# "bitwuzla"), which ship no command-line program. It reads one query as
# JSON on stdin: {"script": SMT-LIB text without check-sat, "values":
# [terms], "timeout_ms": N}. It answers in the replies z3 and cvc5 give to
# the same query, so that surety reads all three alike: the marker
# "surety:check", then sat, unsat or unknown, then the values as
# get-value prints them, then (:reason-unknown "...") when unknown.
# Errors are (error "line L column C: message").
import json
import re
import sys
import time

MARKER = '"surety:check"'


def quote(s):
    return '"' + s.replace('"', '""') + '"'


def error(msg):
    m = re.match(r"^<string>:(\d+):(\d+): (.*)$", msg, re.S)
    if m:
        msg = "line %s column %s: %s" % m.groups()
    print("(error " + quote(msg) + ")", flush=True)


def main():
    # Run as "python3 -c", the first search path is the working directory,
    # which must not shadow the bindings.
    if sys.path and sys.path[0] in ("", "."):
        del sys.path[0]
    try:
        import bitwuzla as bw
    except ImportError as e:
        error("bitwuzla: " + str(e))
        return 3
    q = json.load(sys.stdin)
    tm = bw.TermManager()
    opts = bw.Options()
    opts.set(bw.Option.PRODUCE_MODELS, True)
    limit = int(q.get("timeout_ms") or 0)
    if limit > 0:
        opts.set(bw.Option.TIME_LIMIT_PER, limit)
    parser = bw.Parser(tm, opts)
    try:
        parser.parse(q["script"], True, False)
    except bw.BitwuzlaException as e:
        error(str(e))
        return 1
    solver = parser.bitwuzla()
    start = time.monotonic()
    result = solver.check_sat()
    took = (time.monotonic() - start) * 1000
    print(MARKER)
    if result == bw.Result.SAT:
        print("sat")
        pairs = []
        for text in q.get("values") or []:
            try:
                term = parser.parse_term(text)
            except bw.BitwuzlaException as e:
                error(str(e))
                return 1
            pairs.append("(" + text + " " + solver.get_value(term).str() + ")")
        if pairs:
            print("(" + "\n ".join(pairs) + ")")
    elif result == bw.Result.UNSAT:
        print("unsat")
    else:
        print("unknown")
        why = "timeout" if limit > 0 and took >= limit * 0.9 else "incomplete"
        print("(:reason-unknown " + quote(why) + ")")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
