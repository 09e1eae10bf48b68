// Package c is surety's frontend for C, on the tree-sitter C grammar
// (github.com/smacker/go-tree-sitter/c). Importing it registers the
// language C for the extensions .c and .h:
//
//	import _ "github.com/suretydev/surety/frontend/c"
//
// What it reads, per file, without running a preprocessor:
//
//   - functions: definitions (static ones are not Exported, and are
//     FileLocal outside a header; main is the
//     Entry), and file-scope prototypes (Kind "prototype", Definition
//     false), with their Signature (the text up to the body), Params,
//     Results (the return type), and Doc (the comments right above);
//   - calls: f(x) is direct; a call through a value is CallIndirect: a
//     parameter or variable called by name (fp(x), when fp is declared in
//     the file as a variable or parameter), (*fp)(x), s->op(x), s.op(x),
//     table[i](x); an indirect call of a variable or field gets, as
//     CallHints.Candidates, the functions the file stores in a variable or
//     field of that name (fp = f, s->op = &f, .op = f in an initializer).
//     Macro invocations that look like calls are recorded as
//     direct calls; the call graph resolves them or lists them unresolved;
//   - the statement tree of each body (see frontend.Stmt); the branches of
//     a preprocessor conditional inside a body are all kept, in order;
//     calls to exit, _exit, _Exit, abort, reach_error and __builtin_trap
//     are StmtThrow; an iteration macro followed by its body
//     (list_for_each_entry(pos, head, member) { ... }: a name with
//     "for_each" in it or starting with "for_") is a loop with LoopKind
//     "macro" whose Cond is the invocation;
//   - specification clauses: assert(e), __VERIFIER_assert(e),
//     __CPROVER_assert(e, "msg") and __ESBMC_assert(e, "msg") are asserts;
//     __VERIFIER_assume(e), __CPROVER_assume(e) and __ESBMC_assume(e) are
//     assumes. Form is the spelling, Expr the first argument, and the
//     statement that is the call carries it in Stmt.Spec. The calls
//     themselves are recorded as calls too.
//
// Preprocessor lines are parsed as what they are; functions inside #if and
// #ifdef blocks are found like any other. A function head split by a
// conditional (#ifdef A / int f(int a) / #else / int f(long a) / #endif
// followed by the body) becomes one definition, spanning from the first
// head to the end of the body, with the first head's signature; the
// parser's complaints about the heads' missing semicolons are dropped.
//
// Lines inside #if 0 (up to its #else, #elif or #endif) and the lone
// `extern "C" {` and `}` lines of C++ guards are blanked before parsing
// (offsets and lines unchanged): compilers never see the first, and the
// unbalanced braces of the second would swallow the rest of a header.
//
// A body that follows a macro invocation standing for a head, as in the
// kernel's SYSCALL_DEFINE3(read, ...) { ... }, becomes a function named
// after the macro, with Kind "macro", so that the calls in the body are
// not lost.
//
// A file with syntax errors yields every function that parsed and lists
// the rest in File.Errors. A file with no parenthesis outside its
// preprocessor lines can hold no function or call and is not parsed at
// all (generated headers of #defines); its File has no Functions and no
// Errors.
//
// Speed: of the tree only the file-scope nodes become Go values (the
// definitions, prototypes and declarations), and the blocks of a
// definition with a syntax error, where functions that its unbalanced
// braces swallowed are found (only those that start a line, as one at file
// scope does). Calls, the variables that may be called and the functions
// stored in them are read from the text of each body by a scanner that
// knows comments, literals, preprocessor lines and parentheses: a query
// or cursor over every node of a body costs a third of the parse again,
// the scan next to nothing. A preprocessor line in a body calls nothing;
// a keyword or type before a parenthesis (sizeof, if, __attribute__,
// int (*fp)(int)) is no call, and neither is a parenthesized type before
// an expression, (u64)(x). Bodies are walked as trees only when the load
// mode asks for statements, and each syntax tree is closed before Parse
// returns.
package c
