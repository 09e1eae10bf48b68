// Package completetest is the conformance kit of complete.Verifier
// implementations: TestVerifier runs a verifier on a handful of tiny Dafny
// programs, embedded in this package, and fails on every answer that breaks
// the contract complete.Verifier documents. The Dafny adapter runs it
// (TestConformance in complete/dafny), and a verifier written out of tree
// is held to the same answers:
//
//	package myverifier_test
//
//	import (
//		"testing"
//
//		"github.com/suretydev/surety/complete/completetest"
//		"example.com/myverifier"
//	)
//
//	func TestConformance(t *testing.T) {
//		v, err := myverifier.Find(context.Background(), nil)
//		if err != nil {
//			t.Skip(err)
//		}
//		completetest.TestVerifier(t, v, nil)
//	}
//
// # Cases
//
// The programs are written so that Dafny 2.3 (Debian's) to 4 read them
// alike: lemmas, methods and Main only, no function or predicate, whose
// spelling differs between the dialects. Each case is named (Cases) and
// may be skipped by name (Options.Skip):
//
//   - "dialect": Version is not empty and Dialect is complete.Legacy or
//     complete.Modern.
//   - "verify": Verify of a file whose lemmas verify, which includes a file
//     with a lemma that does not, reports no error, every lemma of the first
//     file (and only those) by name, line and in source order, each
//     Verified, and a Clean run: Verify leaves included files unverified.
//     Status of a name no lemma has is Unknown.
//   - "verify-all": VerifyAll of the same files is not Clean, and its
//     FirstError lies in the included file, on the failing lemma's line.
//   - "fail": Verify of a file with a lemma that verifies and one that does
//     not reports no error (a failed proof is an answer), Verified and
//     Failed by name, a run that is not Clean, and a FirstError on the
//     failing lemma's line.
//   - "unresolved": Verify and Run of a file that does not resolve give an
//     error matching complete.ErrUnresolved; Verify's Verification has a
//     Diagnostic on the offending line.
//   - "run": Run of a program with a Main gives no error, exit code 0 and
//     the program's own output, exactly, in Stdout (the verifier's banner
//     lines removed).
//   - "run-failure": Run of a program that stops on an out-of-range index
//     gives no error (the program ran), a non-zero ExitCode, and Stdout
//     with what it printed before.
//   - "cancel": Verify, VerifyAll and Run given a context already
//     cancelled, and Verify of a hard lemma whose context is cancelled a
//     second after it started, return an error matching context.Canceled
//     within Options.Grace.
//
// Every call is bounded by a guard deadline (Options.Timeout); a verifier
// still running then fails the case.
package completetest
