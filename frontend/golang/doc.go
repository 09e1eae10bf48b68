// Package golang is surety's Go frontend. Importing it registers the
// language "go" for .go files.
//
// Unlike the tree-sitter frontends, it loads whole packages with
// golang.org/x/tools/go/packages, type-checks them, builds SSA and resolves
// call edges with a sound call-graph algorithm from
// golang.org/x/tools/go/callgraph: VTA by default, CHA as the cheaper
// option. Interface method calls and calls through function values then
// resolve to every function they may reach instead of being dropped, and
// the model marks them Call.Resolved with their Targets; File.Resolver says
// which algorithm built them. A package that does not type-check falls back
// to syntax-only extraction, and File.Resolver says so.
//
// Go has no contract syntax. The frontend reads a function's doc comment
// lines that begin "requires:" or "ensures:" as natural-language contract
// clauses (Spec with Form "doc"):
//
//	// Div divides a by b.
//	//
//	// requires: b is not zero
//	// ensures: the result times b plus the remainder is a
//	func Div(a, b int) int
//
// Exported functions are marked Exported; main, init and the test, benchmark,
// fuzz and example functions of _test.go files are entries (tests are where
// the bug validator can add a test of its own).
package golang
