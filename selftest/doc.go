// Package selftest is surety's differential self-test: it generates C
// programs whose truth is known by running them, feeds every assertion to
// every verdict path, and counts the wrong verdicts.
//
// # Why running decides
//
// An engine's verdict is only as good as the engine: two engines that
// agree can both be wrong, and a portfolio that combines them can be wrong
// where neither is (issue 30: a loop longer than k made the default
// portfolio FALSIFY every assertion). A program that reads no input has
// one execution, and gcc builds and runs it in milliseconds: what the run
// shows is the truth, with no model in between. So the self-test never
// asks an engine what is true; it asks gcc.
//
// # The programs
//
// Two sources, both deterministic in their seed:
//
//   - package cgen writes programs in the C that the native engine reads:
//     globals, arrays, loops of 6 to 40 iterations (longer than the
//     default bound k=5), nested loops, calls of functions that loop, abs,
//     strlen on literals, memset and memcpy, int and unsigned arithmetic
//     kept free of undefined behaviour by construction (masks, odd
//     divisors, masked indices).
//   - cgen's programs that read one input (Options.Inputs): main returns
//     at once unless 0 <= n < 8, so a run on each of the eight inputs
//     covers every execution that reaches an assertion;
//   - Csmith (Debian's csmith and libcsmith-dev), with options that keep its
//     programs small (no pointers, structs, unions, arrays, volatiles,
//     jumps; three functions), its minimal runtime preprocessed in (gcc -E
//     -P -DCSMITH_MINIMAL, with stand-ins for the two headers Debian does
//     not ship, so that no C library header with _Float128 comes in) and
//     its checksum code dropped; a program that does not end within a
//     second is discarded.
//
// # Truth from runs
//
// Each program has probe points (cgen places them after loops, in loop
// bodies, in callees, and on the globals at the end of main; for Csmith,
// every scalar global at the end of main). A build that prints each
// probe's value at every reach is run (once, or on each input). Then assertions are placed:
// where every reach saw the same value v, "e == v" holds and "e != v"
// fails; where reaches saw different values, only "e != first" is used,
// which fails at its first reach (a program with an input: the values of
// every run taken together). The program with its assertions is then
// built once more with assert redefined to print, at each evaluation, the
// assertion's line and whether it held, and run (on each input): that
// trace is the truth every verdict is judged against, for each assertion
// alone (standalone: does some evaluation fail it) and under assumptions
// (a conditional fact is refuted only when its first failure on a run
// comes before any failure of an assertion it assumes).
//
// # The verdict paths
//
// Every program goes through each path (Paths lists their names):
//
//   - facts/ENGINE: viverra.Facts with that engine alone (native, esbmc,
//     and run when registered);
//   - audit/ENGINE: the audit of reachability of those facts;
//   - raw/ENGINE: the same without checking verdicts against runs
//     (FactsOptions.NoRuns), taken only when the run engine is registered:
//     the engine's own wrong claims, findings about the engine that the
//     run check has to catch;
//   - facts/default: viverra.Facts with no engine chosen (every engine
//     available), audit of reachability;
//   - audit/default: that audit's claims; "unreachable code" on an
//     assertion that the run reached is wrong;
//   - cache/default: the same facts run again over a result cache that the
//     first run filled; a verdict that changes is wrong;
//   - task/default: the program as an SV-COMP unreach-call task
//     (svrun.RunTask), expected verdict from the run.
//
// A verdict is wrong when it is VERIFIED but the run fails the assertion,
// C-VERIFIED but the run fails it before any assumed assertion fails,
// FALSIFIED but the run does not fail it; a task verdict is wrong when
// true on a program that fails or false on one that holds. UNKNOWN is
// never wrong; an error of surety is counted apart.
package selftest
