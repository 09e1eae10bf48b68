// Package cbmc is a bmc.Checker that runs CBMC, the bounded model checker
// of the CPROVER tools.
//
// Each query runs in its own temporary directory on the program rendered by
// bmc.Query.Render with assumptions as __CPROVER_assume. CBMC is called
// with --json-ui --trace --unwind K and --no-unwinding-assertions (or
// --unwinding-assertions for the bound-completeness check); it has no time
// limit of its own here, so the process group is killed from outside at
// the query's timeout, which makes the answer UNKNOWN.
//
// CBMC reports every property separately, so the verdict is read from the
// target's own entry in the JSON "result" array (status SUCCESS, FAILURE
// with a trace, or anything else: UNKNOWN), plus any unwinding assertion
// in the completeness check. Exit codes, from CBMC's util/exit_codes.h:
// 0 verification successful, 10 a property failed, 5 inconclusive, 1 usage
// error, 2 parse error, 6 conversion or internal error; the last three are
// errors carrying CBMC's ERROR messages.
//
// CBMC cannot be installed on the machines this package is developed on:
// it is tested against output written in CBMC's documented JSON format
// and served by a stand-in executable, and live where cbmc is on PATH.
//
// Importing the package registers a checker named "cbmc".
package cbmc
