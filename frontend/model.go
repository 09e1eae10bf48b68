package frontend

import (
	"fmt"
	"strconv"
	"strings"
)

// A Program is the set of files loaded together. Files are sorted by path, so
// a Program depends only on its inputs, never on the order of parsing.
type Program struct {
	Files []*File `json:"files"`
}

// Functions returns every function of p, file by file in source order.
func (p *Program) Functions() []*Function {
	var fs []*Function
	for _, f := range p.Files {
		fs = append(fs, f.Functions...)
	}
	return fs
}

// A File is one parsed source file.
type File struct {
	Path     string `json:"path"`     // as given to Load, slash-separated
	Language string `json:"language"` // the Language.Name that parsed it
	Size     int    `json:"size"`     // bytes
	Lines    int    `json:"lines"`
	// Module is the file's namespace where the language has one (a Rust
	// module path such as "crate::lexer", a Dafny module, a Go package
	// path); empty for C.
	Module    string      `json:"module,omitempty"`
	Functions []*Function `json:"functions"`
	// Resolver names the algorithm that resolved this file's calls when the
	// frontend resolved them itself ("vta", "cha"), or says why it could
	// not ("syntax-only: package does not type-check"); empty when calls are
	// left to the call graph's name resolution.
	Resolver string `json:"resolver,omitempty"`
	// Types lists the named types the file declares with their fields,
	// when the frontend records them (Rust structs). The call graph follows
	// them to type a method call's receiver such as self.lexer in
	// self.lexer.next(); see CallHints.RecvType.
	Types []*TypeDecl `json:"types,omitempty"`
	// Imports lists the names the file brings into scope from other
	// modules (Rust's use declarations), so that a bare call f() resolves
	// to the f imported rather than to every f of the program.
	Imports []Import `json:"imports,omitempty"`
	// Errors lists the regions the parser could not make sense of. A file
	// with errors still yields every function that parsed.
	Errors []SyntaxError `json:"errors,omitempty"`
	// Source holds the file's bytes when the load mode asked for them
	// (NeedSource); spans index into it.
	Source []byte `json:"-"`
}

// A SyntaxError is a region the parser could not make sense of.
type SyntaxError struct {
	Span Span   `json:"span"`
	Msg  string `json:"msg"`
}

func (e SyntaxError) Error() string { return fmt.Sprintf("%s: %s", e.Span, e.Msg) }

// A Span locates a piece of source. Bytes are 0-based and half-open; lines
// and columns are 1-based, columns counted in bytes.
type Span struct {
	File      string `json:"file"`
	StartByte int    `json:"start_byte"`
	EndByte   int    `json:"end_byte"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	StartCol  int    `json:"start_col,omitempty"`
	EndCol    int    `json:"end_col,omitempty"`
}

// String formats s as file:line, or file:line-line for several lines.
func (s Span) String() string {
	if s.EndLine > s.StartLine {
		return fmt.Sprintf("%s:%d-%d", s.File, s.StartLine, s.EndLine)
	}
	return fmt.Sprintf("%s:%d", s.File, s.StartLine)
}

// Text returns the bytes of src that s covers, or "" when s lies outside src.
func (s Span) Text(src []byte) string {
	if s.StartByte < 0 || s.EndByte > len(src) || s.StartByte > s.EndByte {
		return ""
	}
	return string(src[s.StartByte:s.EndByte])
}

// A Function is a function, method, procedure, lemma or closure.
type Function struct {
	Name string `json:"name"` // the simple name
	// Receiver is the type, impl, class or trait the function belongs to:
	// the Rust impl's self type, a Go method's receiver type, a Dafny class.
	Receiver string `json:"receiver,omitempty"`
	// Trait is the trait a Rust method implements or is declared in.
	Trait string `json:"trait,omitempty"`
	// Module is the namespace inside the file: a Rust module path, a Dafny
	// module, a Go package path. Empty for C.
	Module string `json:"module,omitempty"`
	// Parent names the enclosing function of a closure or nested function.
	Parent string `json:"parent,omitempty"`
	// Kind says what sort of function this is in its language: "function",
	// "method", "lemma", "predicate", "closure", "prototype"...
	Kind      string  `json:"kind,omitempty"`
	Span      Span    `json:"span"`
	Signature string  `json:"signature"`
	Params    []Param `json:"params,omitempty"`
	Results   []Param `json:"results,omitempty"`
	// Exported reports whether the function is visible outside its unit:
	// a non-static C function, a pub Rust item, an exported Go name.
	Exported bool `json:"exported"`
	// Entry marks a function where execution starts: main, a test, an init.
	Entry bool `json:"entry,omitempty"`
	// Definition is false for a declaration without a body (a C prototype,
	// a trait method without default).
	Definition bool `json:"definition"`
	// Ghost marks specification-only functions (Dafny ghost, Verus spec fn).
	Ghost bool `json:"ghost,omitempty"`
	// Calls lists the call sites in the body in source order.
	Calls []*Call `json:"calls,omitempty"`
	// Body is the statement tree, present when the load mode asked for it.
	Body *Stmt `json:"body,omitempty"`
	// Specs lists the specification clauses of the function: its contract
	// (requires, ensures...) and the asserts and assumes of its body.
	Specs []Spec `json:"specs,omitempty"`
	// Doc is the comment attached to the function, if any.
	Doc string `json:"doc,omitempty"`
	// ResultType is the result's type in the normalized form of
	// TypeDecl's fields, when the frontend gives it; the call graph uses it
	// to type a receiver that is a call, as in Lexer::new(src).next().
	ResultType string `json:"result_type,omitempty"`
	// FileLocal marks a function that only calls from its own file can
	// reach: a static C function outside a header. The call graph hides it
	// from the other files.
	FileLocal bool `json:"file_local,omitempty"`
}

// An Import brings a name, or every name, of a module into a file's scope.
type Import struct {
	// Module is the module imported from, in the form of Function.Module
	// when the frontend could make it absolute ("backend::x86::regs" for
	// Rust's use super::regs::f in backend::x86::emit), else as written.
	Module string `json:"module"`
	// Name is the imported name; "*" imports every name of Module.
	Name string `json:"name"`
	// As is the name the file uses, when it renames the import.
	As string `json:"as,omitempty"`
	// Scope is the module the import is declared in (an inline mod block
	// has imports of its own); empty for the file's own module.
	Scope string `json:"scope,omitempty"`
}

// A TypeDecl is a named type a file declares: a struct, class or record.
type TypeDecl struct {
	// Name is the type's simple name, as Function.Receiver spells it.
	Name string `json:"name"`
	// Module is the namespace, as Function.Module.
	Module string `json:"module,omitempty"`
	Span   Span   `json:"span"`
	// Fields lists the named fields. Each Type is normalized: "Name" or
	// "Name<Arg, ...>" with the last path segment as Name, references,
	// pointers and owning wrappers the language calls through (a Rust Box
	// or Rc) removed, and a slice or array of T written "[]<T>".
	Fields []Param `json:"fields,omitempty"`
}

// QualifiedName joins the module, receiver and name with "::", the form
// call resolution and reports use: "lexer::TokenKind::from_keyword".
func (f *Function) QualifiedName() string {
	if f.Module == "" && f.Receiver == "" && f.Parent == "" {
		return f.Name // a C function: no copy
	}
	var b strings.Builder
	if f.Module != "" {
		b.WriteString(f.Module)
		b.WriteString("::")
	}
	if f.Receiver != "" {
		b.WriteString(f.Receiver)
		b.WriteString("::")
	}
	if f.Parent != "" && f.Receiver == "" {
		b.WriteString(f.Parent)
		b.WriteString("::")
	}
	b.WriteString(f.Name)
	return b.String()
}

// ID identifies the function within a program: its file and qualified name,
// with the line added so that two definitions of one name (C statics in
// different configurations, overloads) stay apart.
func (f *Function) ID() string {
	return f.Span.File + ":" + f.QualifiedName() + "@" + strconv.Itoa(f.Span.StartLine)
}

// A Param is a parameter or a named result.
type Param struct {
	Name string `json:"name,omitempty"`
	Type string `json:"type,omitempty"`
}

// CallKind says how a call names its callee.
type CallKind int

const (
	// CallDirect is a bare name: f(x).
	CallDirect CallKind = iota
	// CallPath names the callee through a path: a::b::f(x), Type::f(x).
	CallPath
	// CallMethod is a method call on a receiver: x.f(y), x->f(y).
	CallMethod
	// CallIndirect goes through a value: a function pointer, a closure
	// variable, (*fp)(x). Its callee cannot be known from syntax.
	CallIndirect
	// CallMacro is a macro invocation such as println!(...); the calls
	// inside its arguments are recorded as calls of their own.
	CallMacro
)

var callKindNames = [...]string{"direct", "path", "method", "indirect", "macro"}

func (k CallKind) String() string {
	if int(k) < len(callKindNames) {
		return callKindNames[k]
	}
	return fmt.Sprintf("CallKind(%d)", int(k))
}

// MarshalText makes CallKind a string in JSON.
func (k CallKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (k *CallKind) UnmarshalText(b []byte) error {
	for i, n := range callKindNames {
		if n == string(b) {
			*k = CallKind(i)
			return nil
		}
	}
	return fmt.Errorf("frontend: unknown call kind %q", b)
}

// A Call is one call site.
type Call struct {
	// Callee is the callee as written: "f", "a::b::f", "x.f", "(*fp)".
	Callee string `json:"callee"`
	// Name is the callee's simple name ("f"); empty for an indirect call.
	Name string `json:"name,omitempty"`
	// Qualifier is what precedes the name: the path "a::b", the type
	// "Self", the receiver expression "x".
	Qualifier string   `json:"qualifier,omitempty"`
	Kind      CallKind `json:"kind"`
	Span      Span     `json:"span"`
	// InMacro marks a call found inside a macro's arguments.
	InMacro bool `json:"in_macro,omitempty"`
	// Resolved is set by a frontend that resolves calls itself (Go, through
	// its type checker and a call-graph algorithm). Targets then lists the
	// IDs of every function of the program the call may reach; an empty
	// list means a call into code outside the program (a library). When
	// Resolved is false the call graph resolves the call by name.
	Resolved bool     `json:"resolved,omitempty"`
	Targets  []string `json:"targets,omitempty"`
	// Hints carries what the frontend knows of the callee beyond the
	// call's text, for the call graph to resolve it; nil when it knows
	// nothing more (most calls of most languages, so that a big program's
	// calls stay small).
	Hints *CallHints `json:"hints,omitempty"`
}

// CallHints are what a frontend tells the call graph of a call beyond its
// text. The zero value, like a nil Call.Hints, tells nothing.
type CallHints struct {
	// Path is the namespace path of a path call as the call graph should
	// match it against modules and types: the segments of Qualifier
	// without the language's relative prefixes (Rust's crate, self, super)
	// and without generic arguments, as in ["lexer", "Lexer"] for
	// crate::lexer::Lexer::<T>::new(). Empty when the frontend leaves the
	// qualifier to the call graph, which then splits Qualifier at "::".
	Path []string `json:"path,omitempty"`
	// RecvType types the receiver of a method call, or the type a path
	// call names through its type rather than its path (Rust's Self::f()
	// and <T as Tr>::f()), as far as the frontend can tell from syntax. It
	// is a chain the call graph evaluates against the program's TypeDecls
	// and ResultTypes: a start, then steps, separated by ".". The start is
	// a normalized type name ("Lexer") or a call "p()" of the function
	// the path p names ("Lexer::new()", "make()"), whose ResultType it
	// gives. A step is a field name ("lexer"), a method call "m()" (its
	// ResultType), "?" (the first type argument: Rust's Option<T> and
	// Result<T, E> unwrapped) or "[]" (the last type argument: the element
	// of a vector, slice or map). "Parser.lexer.peek()" types
	// self.lexer.peek() in a method of Parser. Empty when unknown; the
	// call then resolves by name.
	RecvType string `json:"recv_type,omitempty"`
	// Trait restricts a call to the methods of one trait: Rust's
	// <T as Tr>::f() names Tr.
	Trait string `json:"trait,omitempty"`
	// LibraryName marks a method call whose name is also a method of the
	// language's standard library (Rust's push, contains, as_str...): on a
	// receiver of unknown type it is as likely the library's, so the call
	// graph does not resolve it by its name alone.
	LibraryName bool `json:"library_name,omitempty"`
	// Candidates names, for an indirect call, the functions the frontend
	// saw stored in what is called (in C, functions assigned in the same
	// file to the variable or struct field called). The call graph gives
	// the call an edge to each, marked Indirect; without them the call
	// stays unresolved.
	Candidates []string `json:"candidates,omitempty"`
}

// StmtKind classifies statements.
type StmtKind int

const (
	StmtBlock    StmtKind = iota // { ... }: Body
	StmtSimple                   // an expression, declaration or assignment
	StmtIf                       // Cond, Body (then), Else
	StmtLoop                     // Cond (empty for an infinite loop), Body; LoopKind
	StmtSwitch                   // Cond (the scrutinee), Body holds StmtCase
	StmtCase                     // Cond (the label or pattern; empty for default), Body
	StmtReturn                   // Text is the returned expression
	StmtBreak                    // Label, if any
	StmtContinue                 // Label, if any
	StmtGoto                     // Label
	StmtThrow                    // a panic, throw, exit or abort: execution leaves the function abnormally
	StmtLabel                    // Label, Body holds the labelled statement
)

var stmtKindNames = [...]string{"block", "simple", "if", "loop", "switch", "case", "return", "break", "continue", "goto", "throw", "label"}

func (k StmtKind) String() string {
	if int(k) < len(stmtKindNames) {
		return stmtKindNames[k]
	}
	return fmt.Sprintf("StmtKind(%d)", int(k))
}

// MarshalText makes StmtKind a string in JSON.
func (k StmtKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (k *StmtKind) UnmarshalText(b []byte) error {
	for i, n := range stmtKindNames {
		if n == string(b) {
			*k = StmtKind(i)
			return nil
		}
	}
	return fmt.Errorf("frontend: unknown statement kind %q", b)
}

// A Stmt is a node of a function's statement tree.
type Stmt struct {
	Kind StmtKind `json:"kind"`
	Span Span     `json:"span"`
	// Cond is the condition of an if or loop, the scrutinee of a switch, or
	// the label of a case, as source text.
	Cond string `json:"cond,omitempty"`
	// LoopKind is "for", "while", "do", "loop", "foreach" for a loop.
	LoopKind string `json:"loop_kind,omitempty"`
	// Text is the statement's own source for simple statements, returns and
	// throws (for a return, the returned expression).
	Text  string  `json:"text,omitempty"`
	Label string  `json:"label,omitempty"`
	Body  []*Stmt `json:"body,omitempty"`
	Else  []*Stmt `json:"else,omitempty"`
	// Spec is set when the statement is a specification clause (an assert
	// or assume in the body, a loop invariant).
	Spec *Spec `json:"spec,omitempty"`
}

// Walk calls fn for s and every statement below it, depth first in source
// order, and stops early when fn returns false for a node's children.
func (s *Stmt) Walk(fn func(*Stmt) bool) {
	if s == nil || !fn(s) {
		return
	}
	for _, c := range s.Body {
		c.Walk(fn)
	}
	for _, c := range s.Else {
		c.Walk(fn)
	}
}

// SpecKind classifies specification clauses.
type SpecKind int

const (
	SpecAssert SpecKind = iota
	SpecAssume
	SpecRequires
	SpecEnsures
	SpecInvariant
	SpecDecreases
	SpecReads
	SpecModifies
)

var specKindNames = [...]string{"assert", "assume", "requires", "ensures", "invariant", "decreases", "reads", "modifies"}

func (k SpecKind) String() string {
	if int(k) < len(specKindNames) {
		return specKindNames[k]
	}
	return fmt.Sprintf("SpecKind(%d)", int(k))
}

// MarshalText makes SpecKind a string in JSON.
func (k SpecKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (k *SpecKind) UnmarshalText(b []byte) error {
	for i, n := range specKindNames {
		if n == string(b) {
			*k = SpecKind(i)
			return nil
		}
	}
	return fmt.Errorf("frontend: unknown spec kind %q", b)
}

// A Spec is a specification clause found in the source.
type Spec struct {
	Kind SpecKind `json:"kind"`
	// Expr is the clause's expression as source text, without the keyword
	// or call around it: for assert(x > 0); it is "x > 0".
	Expr string `json:"expr"`
	// Form is how the source spelled it: "assert", "__VERIFIER_assert",
	// "__CPROVER_assume", "debug_assert!", "requires"...
	Form string `json:"form"`
	Span Span   `json:"span"`
}
