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
// Frontends register themselves from init, as database/sql drivers do:
//
//	import _ "github.com/suretydev/surety/frontend/c"
//
// and Load chooses one per file by extension. A plugin outside this module
// adds a language the same way: declare a *Language value with a Parse
// function and call Register from its package's init; see ExampleRegister.
package frontend
