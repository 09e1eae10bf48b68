// Package run is a bmc.Checker, named "run", that checks an assertion by
// running the program: built with gcc, run with no input when it reads
// none, and otherwise with seeded inputs (zero, boundary values, seeded
// random values) and then with the inputs AFL++ finds by coverage-guided
// fuzzing. A run is evidence: when a real run of the query's program fails
// the target assertion, the answer is FALSIFIED with that run's inputs as
// the counterexample, which bmc.Replay reproduces on its own. That is how
// FuSeBMC and VeriFuzz pair fuzzing with bounded model checking in SV-COMP
// and Test-Comp: a run finds violations far beyond any bound, cheaply, and
// a model checker proves what no run can. This engine never answers
// VERIFIED: no set of runs shows that an assertion holds, and the answer
// is UNKNOWN with a reason that says what was tried ("no run failed it:
// 17 seeded runs and 2s of fuzzing").
//
// # One build per program
//
// The engine builds each program once, not once per query, and a variant
// schema (bmc.Switch: the audit's mutants of a program) once for all of
// its variants: the harness sets the switch from the environment before
// main, so the variants differ only in their runs. A build is kept while
// it is used and a few seconds after (Close removes it at once). Every assertion statement becomes a call that
// records the assertion's evaluation (reached, predicate value, the
// sequence number of its first evaluation and first failure) in a log
// mapped shared by the run, and goes on. The queries of the program are
// answered from the runs' logs: a standalone query is falsified by a run
// on which its target failed at some evaluation; a query with assumptions
// by a run on which the target failed before any assumed assertion did.
// A predicate with side effects (a call, an assignment, ++) is evaluated
// in a forked child, so the run goes on as it would with that assertion
// removed; when such a predicate is kept by a query (the target or an
// assumption), the logs are exact only up to its first evaluation, and a
// failure later is confirmed by building and running the query's own
// program (bmc.Query.Render) on that input.
//
// # Compiled as the user compiles it
//
// The program is compiled with gcc as bmc.Replay compiles it (-std=gnu11
// -O0) plus Options.Flags. An assert stays C's assert macro around the
// recording call, so where the program defines NDEBUG (or the flags do)
// the check is compiled out exactly as in the user's build: no run can
// fail it, and the engine answers UNKNOWN saying so, even though
// bmc.Query.Render's target (C's assert too) or a model checker that
// ignores NDEBUG might report a violation. __VERIFIER_assert and the
// engines' own assertion calls are always checks.
//
// # Inputs
//
// A program reads input when it calls SV-COMP's __VERIFIER_nondet_
// functions (or nondet_), rand, reads stdin (scanf, getchar, fgets,
// read...), or uses what the runs do not vary (time, argv, getenv, a
// function it declares but does not define). A harness linked with the
// program defines the nondeterministic functions: they return generated
// values (zero, 1, -1, the type's minimum and maximum, a cycle of these,
// seeded random values from a fixed seed, so runs are reproducible) or
// read them from a byte stream (the fuzzer's input), and log each value
// consumed, which becomes the counterexample's Inputs
// ("__VERIFIER_nondet_int#1" = "-2147483648"). A program that reads stdin
// gets random text of numbers and the source's literals, and the fuzzer's
// bytes, as stdin.
//
// Fuzzing uses AFL++ (Debian's afl++: afl-fuzz and afl-clang-fast), with
// the seeded inputs as its corpus and the source's literals as its
// dictionary, for Options.Fuzz per program (the program as written: a
// variant of a schema gets its seeded runs), only while some assertion has
// not failed on a run, or has failed only after another one did (a query
// that assumes the earlier assertions needs a run on which the target
// fails first). In the fuzzing build only those failures abort. Its
// crashes and queue are then run in the plain build, which decides.
// Without AFL++ the engine runs the seeded inputs only and says so.
//
// # Undefined behaviour
//
// A second build with -fsanitize=address,undefined runs the first inputs
// (and the fuzzer's crashes). What the sanitizers print becomes a
// bmc.Hazard (construct "undefined behaviour", line as reported) in every
// Result of the program and in Observation.Undefined: engines model
// undefined behaviour differently, so no fact of that program stands.
//
// # Observations and completeness
//
// Checker.Observe returns, from the same runs, a bmc.Observation: for each
// assertion how many runs reached it, failed it, and failed it before any
// other. The observation is Complete when the runs are every execution of
// the program: it reads no input, its one run ended normally (exit or
// return from main) within the time limit, no predicate with side effects
// went unevaluated, no assertion is compiled out, and its run under the
// sanitizers saw no undefined behaviour. Only then does an assertion that
// no run failed hold, and one that no run reached lie on no execution.
//
// Importing the package registers a checker named "run" with default
// options.
package run
