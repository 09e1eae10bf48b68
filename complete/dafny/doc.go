// Package dafny runs the Dafny verifier and compiler for surety's
// completeness checker: *Tool implements complete.Verifier (and
// complete.ModelVerifier), in package complete's types. Importing it
// registers Find as the verifier "dafny", the default of
// complete.Options.VerifierName:
//
//	import _ "github.com/suretydev/surety/complete/dafny"
//
// Find reads complete.VerifierOptions: Program is the dafny to run, Solver
// the z3 that Dafny 2 and 3 run. The package passes the conformance kit
// complete/completetest (TestConformance).
//
// It speaks to two generations of Dafny, chosen by the version it finds:
//
//   - Dafny 2.x and 3.x (Debian ships 2.3), through the legacy command line:
//     /compile:0 to verify only, /timeLimit:N per procedure, /trace for
//     per-procedure outcomes, and /noVerify /compile:4 to compile and run
//     Main. Debian's Dafny 2.3 sends z3 4.8 an option it does not know,
//     (set-option :model_compress false); the adapter writes a small z3
//     wrapper into its temporary directory that drops that line from z3's
//     input, and hands it to Dafny with /z3exe.
//   - Dafny 4, through its subcommands: dafny verify (with
//     --verification-time-limit and --log-format csv) and dafny run.
//
// Terms. A lemma outcome is what the verifier said about one lemma of the
// generated file: Verified, Failed (an error was reported in it), or
// TimedOut; Unknown when nothing said, which is never read as a proof
// (with Dafny 2 and 3 the outcome is the one /trace prints for the
// lemma's own procedures). A run is Clean when it verified everything it
// was given; VerifyAll asks that of a file and the files it includes.
// Generated code is
// written in the Dialect of the Dafny found (function method and predicate
// for Dafny 2 and 3; function and ghost predicate for Dafny 4).
//
// Every run happens in a fresh temporary directory through internal/proc,
// which is removed afterwards; the user's files are only read, never
// written. Cancelling the context kills Dafny with its whole process group,
// z3 and the compiled program included.
package dafny
