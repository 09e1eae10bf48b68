// Package svrun answers verification tasks as SV-COMP poses them
// (package svcomp reads and scores them): RunTask decides one task's
// unreach-call property with viverra.Facts, trying larger bounds while a
// run is incomplete, and writes its witness; Bench answers every task
// under a directory, on this machine or through a work.Runner on many,
// and tabulates the score as SV-COMP does.
package svrun
