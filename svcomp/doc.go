// Package svcomp reads verification tasks as SV-COMP defines them, scores
// verdicts as SV-COMP does, and writes verification witnesses in SV-COMP's
// format 2.0.
//
// A task definition (format 2.0, YAML) names its input files, its
// properties each with an expected verdict, and the language and data
// model the program is meant for. Only the reachability property
// unreach-call ("reach_error is never called") is decided here; a task is
// answered true (no execution calls it), false (one does, shown by a run)
// or unknown.
//
// The score follows SV-COMP's rules: a correct true is worth 2, a correct
// false 1, an unknown 0, a wrong false -16 and a wrong true -32.
package svcomp
