// Package rust is surety's Rust frontend. Importing it registers the
// language "rust" for .rs files.
//
// It parses with tree-sitter (github.com/smacker/go-tree-sitter and its
// rust grammar) and reads the tree with one query and a cursor, closing the
// tree as soon as the file is extracted.
//
// Terms, as the model uses them:
//
//   - Module: the module path inside the crate. It comes from the file's
//     path relative to the crate root, the nearest enclosing directory named
//     src, tests, benches or examples ("src/lexer/mod.rs" and "src/lexer.rs"
//     are "lexer", "src/lib.rs" and "src/main.rs" are ""), followed by the
//     inline mod blocks around the item ("mod a { mod b { ... } }" adds
//     "a::b").
//   - Receiver: for a method of "impl Type" or "impl Trait for Type", the
//     self type without generic arguments or references ("Vec" for
//     "impl<T> Vec<T>"); for a method declared in a trait, the trait.
//     Trait names the trait a method implements or is declared in.
//   - Calls: a bare f(x) is direct; a::b::f(x), Self::f(), Type::f() and
//     <T as Trait>::f() are path calls whose Qualifier is the path (generic
//     arguments dropped: Vec::<u8>::new has Qualifier "Vec"); x.f(y) is a
//     method call whose Qualifier is the receiver expression as written,
//     with a span that starts at the method's name, so that each link of a
//     chain split over lines keeps its own line. Calling a closure or
//     function-pointer value (a parameter of an Fn or fn type or of a type
//     parameter bounded by an Fn trait, a local bound to a closure,
//     (self.cb)(x)) is indirect. A macro invocation name!(...) is a macro
//     call with Callee "name!", and the calls inside its token tree, which
//     tree-sitter does not parse, are found by lexing the arguments: the
//     token sequences "f (", "a :: f (" and ". f (" are calls, "m ! (" is a
//     nested macro call, and all of them are marked InMacro (a receiver
//     stops at a keyword, so the guard of "Some(c) if c.f()" is not part
//     of it). Closures are not functions of their own: their calls belong
//     to the enclosing function.
//   - Resolution hints (frontend.CallHints), so that the call graph needs
//     no Rust of its own: a path call's Path (without crate, self, super
//     and generic arguments), Self::f() and <T as Tr>::f() typed by T and
//     Tr; a method call's receiver typed, without a compiler, as a chain
//     the call graph completes crate-wide: self (the impl's type), a
//     parameter or let with a type, let x = Type::new(..) (the result of
//     Type::new), Type { .. } and Type(..), a field (self.lexer), a call's
//     result, ? and unwrap (the value inside), indexing and for loops (the
//     element), if let / while let Some(x) (the value inside), with
//     clone, borrow, as_ref and the like seen through. A value of a type
//     parameter stays untyped. A method with a standard library name
//     (push, len, contains...) on an untyped receiver is flagged
//     LibraryName. Each file's struct fields are File.Types, each
//     function's result Function.ResultType (Self read as the impl's type,
//     references and Box, Rc, RefCell and the like removed), and its use
//     declarations File.Imports (crate, self and super made absolute).
//   - Specs: assert!, assert_eq! ("a == b"), assert_ne! ("a != b") and their
//     debug_ forms are assert clauses whose Form is the macro's name with
//     its "!". Inside a verus! { } block, whose functions tree-sitter sees
//     only as tokens, the requires, ensures, recommends and decreases
//     clauses of each function and the invariant, ensures and decreases
//     clauses of each loop are read from the tokens, split at top-level
//     commas; the block is then parsed again as Rust with the clauses and
//     the Verus mode words (spec, proof, exec, open, closed, tracked, ghost)
//     blanked out, byte for byte, so spans stay those of the file. spec and
//     proof functions are Ghost; a named result "-> (r: T)" is the Result
//     r of type T. assert(e) and assume(e) in their bodies are assert and
//     assume clauses, not calls; calls inside clauses are not call sites.
//     Commas inside quantifier parameters (forall|i: int, j: int| ...) do
//     not split a clause.
//   - Statements: a function's Body is its block; if, if let (the let in
//     Cond), while, while let, loop and for (Cond "x in it"), match (one
//     case per arm, Cond the pattern with its guard), return, break and
//     continue with their labels. The tail expression of the body is a
//     return (through the branches of a tail if or match). A let-else is an
//     if whose condition is the let and whose else branch is the diverging
//     block. panic!, unreachable!, todo!, unimplemented!, std::process::exit
//     and abort are throws. The ? operator stays inside its statement.
//
// A file with syntax errors yields every function tree-sitter could still
// recognise, and File.Errors lists the regions it could not.
//
// Cost: tree-sitter's parse dominates. Asking for calls only adds about 30%
// to it on the standard library's sources, most of it the query; bodies
// and specs add about 80% (BenchmarkParseTree measures both against the
// parse alone).
package rust
