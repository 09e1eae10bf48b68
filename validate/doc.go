// Package validate gathers confirming evidence: it confirms a suspected
// bug by a test. (Whether a proved contract is too weak is package
// complete's question.)
//
// # Bug confirmation
//
// FM-Agent technique 6. A Suspect is only a suspicion:
// the Hoare pass cannot tell a wrong body from a wrong contract or a weak
// step of reasoning. Confirm asks a model (the test writer) for an input to
// the whole system from its entry point (a C program for a compiler, a
// query for a database, a main for a library), builds and runs it in a
// sandbox, and lets an oracle decide whether the bug showed. Up to
// ConfirmOptions.Attempts tests are tried, each told why the previous one
// did not trigger. Only a triggered bug is Confirmed, with the test that
// shows it; the rest stay Unconfirmed.
//
// The oracle, strongest evidence first:
//
//   - crash: the system was killed by a signal, or printed a sanitizer or
//     panic report; observed directly.
//   - hang: the system ran past its time limit; observed directly.
//   - reference: the same test given to a reference implementation (gcc
//     for a C compiler) had a different outcome: one succeeded and the
//     other failed, or, when the test is run, their output or exit status
//     differ.
//   - contract: with no reference, the model judges the outcome against
//     the contract's claim. Such a verdict is marked JudgedByContract: the
//     contract, itself written by a model, judges its own bug report, so
//     it is weaker evidence and says it is the model's.
package validate
