// Package callgraph builds the call graph of a frontend.Program and orders
// its functions for work that must follow calls: contracts written
// top-down from callers to callees (FM-Agent, technique 2), and assertions
// checked callees first (VIVERRA's CGTraversal).
//
// The data type, Graph, lives in graph.go and knows nothing of ordering.
// Each algorithm has a file of its own: resolution in build.go, Tarjan's
// strongly connected components and the condensation in scc.go, the layers
// of FM-Agent's Algorithm 1 in layer.go, phases in phase.go, the scheduler
// in schedule.go, CGTraversal in traverse.go and slicing in slice.go.
//
// Build takes a whole program. For a big tree, a Builder (builder.go)
// takes each file as frontend.Load parses it (LoadOptions.Keep) and keeps
// only what resolution needs, its calls in a compact form: on the Linux
// kernel the model of the calls alone outweighs the graph. Its nodes keep
// a compact record of their function (record.go), from which Node.Func
// makes a Function when asked. A Builder also
// saves that compact model (kept.go), so that a later Builder reuses the
// files that have not changed instead of parsing them again.
//
// # Terms
//
// A node is a function definition, identified by frontend.Function.ID.
// Prototypes and trait methods without a body are not nodes; a call to one
// resolves to its definition when the program has it.
//
// An edge goes from a caller to a callee and carries its call's line; the
// call site (Edge.Call) and the candidates of an ambiguous call
// (Edge.Candidates) are kept once for the call's edges. A call
// resolved by the frontend itself (frontend.Call.Resolved) gives the edges
// the frontend lists. Otherwise the call is resolved by name, helped by
// what the frontend says of it (frontend.Call.Hints), the types it
// declares (File.Types, Function.ResultType) and its imports
// (File.Imports); the package knows no language itself.
//
//   - A bare call f() means the function f its file imports by that name,
//     unless the caller's module defines an f; else the only function f
//     of the program; else the one of the caller's module; else the one
//     of the caller's file; else those its file imports whole (glob
//     imports); else the visible ones (FileLocal functions of other files
//     are not), of which those whose module (or, without modules,
//     directory) shares the longest prefix with the caller's win.
//   - A path call a::b::f() means a method f of type b (the nearest
//     module's, when several types share the name), else a method of
//     trait b, else a free function f of a module ending in a::b.
//   - A method call x.m(), or a path call through a type (Self::m(),
//     <T as Tr>::m()), is resolved through the receiver's type when the
//     frontend gives it as a chain (CallHints.RecvType: self.lexer.peek()
//     in a method of Parser is "Parser.lexer.peek()"): the chain is
//     followed through declared fields and result types, and the call
//     means the methods of the type reached (its own, else a default
//     method of a trait it implements; for a trait, every implementation).
//     A chain that reaches a type the program neither declares nor gives
//     methods (Vec, str) makes the call a library call. With an unknown
//     receiver the call means every method named m: one edge, marked
//     ByName, when a single method has the name and the frontend does not
//     flag it as a standard library name (CallHints.LibraryName);
//     ambiguous edges otherwise.
//   - An indirect call means the functions the frontend saw stored in what
//     it calls (CallHints.Candidates), as Indirect edges, which are also
//     ambiguous.
//
// In a program of several languages a call resolves only to functions of
// its own language.
//
// An edge is sound when resolution found exactly one function the call
// can mean. It is ambiguous when several functions could be meant (two
// visible definitions of one name, a method called on a receiver whose type
// is unknown, a trait method of several implementations, a function
// pointer): the call then gives one edge per candidate, each marked
// Ambiguous and listing all candidates. At most one of them is real, so
// ambiguous edges are kept out of SCCs and layers unless
// BuildOptions.IncludeAmbiguous asks for them: including them merges
// unrelated functions into large SCCs (406,710 edges and an SCC of 4,736
// functions on the Rust standard library by names alone), excluding them
// may drop a real call. Graph.Counts says which edges take part.
//
// A call that resolves to nothing is unresolved, never guessed: a call
// through a function pointer or closure nothing known is stored in
// (indirect), a call to a function
// whose definition is not in the program (library when a prototype or
// frontend says so, unknown otherwise), or, when BuildOptions.MaxCandidates
// bounds them, an ambiguous call with too many candidates (too-many).
// Unresolved calls are counted and listed in Graph.Unresolved.
//
// A component is a strongly connected component of the counted edges: a
// single function, or a set of mutually recursive functions whose contracts
// must be written together.
//
// A layer is a set of components none of which calls another (FM-Agent's
// Algorithm 1): layer 1 holds the components nothing calls (entries), and
// each next layer holds the components whose callers all lie in earlier
// layers. Every counted edge therefore goes from an earlier layer to a
// later one, or stays inside one component; the components of a layer can
// be worked on at the same time once the earlier layers are done.
//
// A phase is a part of the program whose calls mostly stay inside it (a
// compiler's lexer, parser, code generator). Phases are cut by weakly
// connected components of the counted edges, or by directory or module;
// the edges between phases are listed, and each phase is layered on its
// own.
//
// # Determinism
//
// Nodes are sorted by ID and edges by caller, then call site; every result
// (components, layers, phases, traversal orders) is computed from those
// sorted slices and never from map order, so it depends only on the
// program and options.
package callgraph
