// Package frontend holds surety's language-neutral program model and the
// registry of language frontends.
//
// A frontend turns source files of one language into the model: files,
// functions (with receiver, span, signature, parameters, whether exported or
// an entry), the call sites in each body with the callee as written, a
// statement tree precise enough for block-by-block reasoning, and the
// specification clauses found in the source (assert, assume, requires,
// ensures, invariant, decreases). Nothing here analyses the model; the
// callgraph, contract, hoare and bmc packages do.
//
// Frontends register themselves by name from init, as database/sql drivers
// do and as every surety plug-in does (package registry):
//
//	var C = &frontend.Language{Name: "c", Doc: "...", Exts: []string{".c", ".h"}, Parse: parse}
//
//	func init() { frontend.Register("c", C) }
//
// A program imports the frontends it wants, often blank:
//
//	import _ "github.com/suretydev/surety/frontend/c"
//
// and Load chooses one per file by extension; Lookup finds one by name
// (its error wraps registry.ErrUnknown) and Names lists them, sorted. A
// plugin outside this module adds a language the same way: declare a
// *Language value with a Parse function and call Register from its
// package's init; see ExampleRegister, and run frontendtest's kit on it.
package frontend
