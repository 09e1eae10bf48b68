// Package ctree converts C source into the typed tree that bmc/native's
// symbolic executor runs: tree-sitter parses the C, and the converter
// resolves every type (LP64), makes every implicit conversion explicit
// (promotions, usual arithmetic conversions, array decay), folds integer
// constant expressions, and refuses what the engine does not model with an
// *UnsupportedError naming the line. Parse is the entry; Program, Func,
// Var, Stmt, Expr and Type are the tree. The tree is built once per
// program and never modified afterwards, so one parse is shared by every
// bound and variant the checker executes.
//
// The order check (order.go) runs on the finished tree: it refuses a
// program whose value could depend on the order of evaluation C leaves
// open, since the executor fixes one order (gcc's on x86-64).
//
// Layout: types.go (C types), ast.go (expressions and statements),
// parse.go (declarations, statements, constants), cexpr.go (expressions
// and the library functions the engine models), order.go.
package ctree
