package ctree

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"

	cfront "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/internal/tsutil"
)

// A Program is a program translated to the typed tree: globals in
// declaration order, functions by name, string literals.
type Program struct {
	File    string
	Globals []*Var
	Funcs   map[string]*Func
	// Defined names the functions the program defines itself (so the replay
	// harness leaves them alone).
	Defined  map[string]bool
	NumVars  int
	MaxLine  int
	Variadic map[string]bool
	// Bodiless are the functions the program calls and defines nowhere
	// that return any value of their type (Expr.Havoc), by name.
	Bodiless map[string]*BodilessFunc
	// Notes are further assumptions in words (how old C was read).
	Notes []string
	// SizeofStruct is the line of the first sizeof of a type that holds
	// a struct or union (0: none), and PackPragma the line of a #pragma
	// pack the parser saw (the preprocessor drops it): such a sizeof
	// depends on the packing, which the layout does not model.
	SizeofStruct, PackPragma int
	// AddrTaken are the functions whose address the program takes (the
	// values a function pointer may hold), sorted by name.
	AddrTaken []*Func
}

// A BodilessFunc is a function the program calls without a body.
type BodilessFunc struct {
	T        *Type // the return type of its calls
	Line     int   // its first call
	Declared bool  // false: called without a declaration (implicit int)
	// Convention: called without a declaration, and declared by the
	// program's builds as the verifiers read it (T, not int).
	Convention bool
}

// Assumption is what the model takes for granted of f, in words.
func (f *BodilessFunc) Assumption(name string) string {
	if f.Convention {
		return name + " is called without a declaration: read as " + f.T.Name + " " + name + "(void), as CBMC and ESBMC read it (gcc alone would read int " + name + "()), and every build of the program declares it so: any value it returns, no other effect"
	}
	if f.Declared {
		return name + " is declared but not defined: any value it returns, no other effect"
	}
	return name + " is called without a declaration or a definition (gcc declares it int " + name + "()): any value it returns, no other effect"
}

// Bail is panicked inside the converter (and the executor) and recovered
// by Parse (and the executor's entry).
type Bail struct{ Err error }

type macro struct {
	node *sitter.Node
	src  []byte
	fn   bool
}

type conv struct {
	// unions are the union types the program defines, in the order they
	// are laid out, and used the members of each that the program names
	// (unions.go).
	unions []unionDef
	used   map[*Type]map[int]bool
	file   string
	src    []byte
	orig   []byte // src before respelling (cfront.Respell)
	// buildDecls are the functions the program's builds declare for it,
	// with their C return types (ParseLaidOut).
	buildDecls map[string]string
	typedefs   map[string]*Type
	structs    map[string]*Type
	enums      map[string]*big.Int
	macros     map[string]*macro
	globals    map[string]*Var
	funcs      map[string]*Func
	protos     map[string]*Type
	// conventional are the calls without a declaration whose names give
	// them a type other than gcc's int, until a use shows that the two
	// readings agree (conventions.go).
	conventional map[*Expr]conventionalCall
	// defs names every function the file defines, wherever it stands, so
	// that a call before the definition still runs the program's body
	// rather than a library model of the same name.
	defs    map[string]bool
	scopes  []map[string]*Var
	asserts map[int]int // statement start byte -> assertion index
	// exact reports the lines whose columns are the program's (nil:
	// every line); see ParseLaidOut.
	exact func(line int) bool
	// declCtx is what the declarator being converted declares; vlaSize
	// is the size of the variable-length array it declares, if any.
	declCtx int
	vlaSize *Expr
	prog    *Program
	cur     *Func
	line    int // line of the use site while expanding a macro
	depth   int
	trees   []*sitter.Tree
	// gotos names the labels that gotos of the function being
	// translated name; labels is where each of its labels stands.
	gotos  map[string]bool
	labels map[string]*sitter.Node
	// gotoNodes are the gotos of each label; jumps how a goto to a label
	// before it is translated, for the labels of the loops by backward
	// goto being converted (gotoLoop, gotoRegion); wraps how many of
	// those loops are open.
	gotoNodes map[string][]*sitter.Node
	jumps     map[string]*backJump
	wraps     int
	// flipped are the ifs converted with their branches swapped (by
	// their start byte), joins the gotos that makes forward (by theirs),
	// each with where its label's branch starts (findJoins).
	flipped map[uint32]bool
	joins   map[uint32]uint32
	// declVars are the variables of each declaration of the function (by
	// its start byte); skips the gotos past declarations (fillSkips).
	declVars map[uint32][]*Var
	skips    []skip
	// addrTaken are the functions whose address the program takes;
	// ptrCalls the calls through a pointer (and of qsort and bsearch),
	// whose candidates resolveCands fills in.
	addrTaken map[*Func]bool
	ptrCalls  []*Expr
}

func (c *conv) fail(line int, format string, args ...any) {
	panic(Bail{Unsupported(line, format, args...)})
}

func lineOf(n *sitter.Node) int { return int(n.StartPoint().Row) + 1 }

func (c *conv) ln(n *sitter.Node) int {
	if c.line > 0 {
		return c.line
	}
	return lineOf(n)
}

func (c *conv) text(n *sitter.Node) string { return string(c.src[n.StartByte():n.EndByte()]) }

// Parse translates src into the typed tree. asserts maps the start byte
// of every assertion statement to its index. Unsupported constructs and
// syntax errors come back as *UnsupportedError.
func Parse(ctx context.Context, file string, src []byte, asserts map[int]int) (prog *Program, err error) {
	return ParseLaidOut(ctx, file, src, asserts, nil, nil)
}

// ParseLaidOut is Parse of a preprocessed text laid out on the program's
// lines (bmc/native's preprocess.go): exact reports the lines that are
// the program's own byte for byte, the only ones whose columns are the
// program's (nil: every line). Elsewhere an operation's column is 0,
// unknown, as inside a macro expansion.
//
// declared names the functions the program calls without a declaration
// that its builds declare (bmc.Program.ConventionDecls), with their C
// return types: their calls are read with those types.
func ParseLaidOut(ctx context.Context, file string, src []byte, asserts map[int]int, exact func(line int) bool, declared map[string]string) (prog *Program, err error) {
	orig := src
	src = cfront.Respell(src)
	c := &conv{
		file: file, src: src, orig: orig, exact: exact, buildDecls: declared,
		typedefs: libraryTypedefs(), structs: map[string]*Type{}, enums: map[string]*big.Int{}, used: map[*Type]map[int]bool{},
		macros: map[string]*macro{}, globals: map[string]*Var{}, funcs: map[string]*Func{},
		protos: map[string]*Type{}, defs: map[string]bool{}, asserts: asserts,
		prog: &Program{File: file, Funcs: map[string]*Func{}, Defined: map[string]bool{}, Variadic: map[string]bool{}},
	}
	defer func() {
		for _, t := range c.trees {
			t.Close()
		}
		if r := recover(); r != nil {
			if b, ok := r.(Bail); ok {
				prog, err = nil, b.Err
				return
			}
			prog, err = nil, fmt.Errorf("native: internal error translating %s: %v", file, r)
		}
	}()
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(c2())
	tree, err := p.ParseCtx(ctx, nil, src)
	if err != nil {
		return nil, fmt.Errorf("native: parse %s: %w", file, err)
	}
	c.trees = append(c.trees, tree)
	root := tree.RootNode()
	if line, bad := syntaxError(root, src); bad {
		return nil, Unsupported(line, "syntax error (or a macro the parser cannot read)")
	}
	c.topLevel(root)
	c.refuseConventional()
	c.completeTentative()
	c.resolveUnions()
	c.resolveCands()
	if _, ok := c.prog.Funcs["main"]; !ok {
		return nil, Unsupported(1, "program without main")
	}
	if err := checkOrder(c.prog); err != nil {
		return nil, err
	}
	c.prog.MaxLine = int(root.EndPoint().Row) + 1
	return c.prog, nil
}

// caseRange reads the value of a case label that is GNU's case range
// `lo ... hi`, which cfront.Respell wrote `lo ?: hi` for the grammar.
func (c *conv) caseRange(v *sitter.Node) (lo, hi *big.Int, ok bool) {
	if v.Type() != "conditional_expression" || v.ChildByFieldName("consequence") != nil {
		return nil, nil, false
	}
	for i := 0; i < int(v.ChildCount()); i++ {
		if q := v.Child(i); q.Type() == "?" {
			if !cfront.IsCaseRange(c.orig, int(q.StartByte())) {
				return nil, nil, false
			}
			return c.constInt(c.expr(v.ChildByFieldName("condition"))), c.constInt(c.expr(v.ChildByFieldName("alternative"))), true
		}
	}
	return nil, nil, false
}

func c2() *sitter.Language { return tsc.GetLanguage() }

// syntaxError reports the line of the first syntax error of the tree, if
// any. A semicolon alone at the top level (`void f() {};`), which gcc
// accepts, is none, and neither is an unnamed bit-field's name that the
// grammar found missing.
func syntaxError(root *sitter.Node, src []byte) (int, bool) {
	if !root.HasError() {
		return 0, false
	}
	for i := 0; i < int(root.ChildCount()); i++ {
		ch := root.Child(i)
		if ch.IsError() && strayWord(ch, src) {
			continue
		}
		if line, bad := firstError(ch); bad {
			return line, true
		}
	}
	if root.IsError() {
		return lineOf(root), true
	}
	return 0, false
}

// strayWord reports whether an error node holds a semicolon only.
func strayWord(n *sitter.Node, src []byte) bool {
	return strings.TrimSpace(string(src[n.StartByte():n.EndByte()])) == ";"
}

// firstError is the line of the first error in n, if it has one.
func firstError(n *sitter.Node) (int, bool) {
	if n.IsError() || n.IsMissing() {
		return lineOf(n), true
	}
	if !n.HasError() {
		return 0, false
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		ch := n.Child(i)
		if i+1 < int(n.ChildCount()) && ch.IsMissing() && tsutil.UnnamedBitField(ch.Type(), n.Child(i+1).Type()) {
			continue
		}
		if line, bad := firstError(ch); bad {
			return line, true
		}
	}
	return 0, false
}

func (c *conv) topLevel(root *sitter.Node) {
	// First pass: macros and function signatures, so calls to functions
	// defined later resolve.
	for i := 0; i < int(root.NamedChildCount()); i++ {
		n := root.NamedChild(i)
		switch n.Type() {
		case "preproc_def":
			name := c.text(n.ChildByFieldName("name"))
			if v := n.ChildByFieldName("value"); v != nil {
				c.defineMacro(name, v)
			}
		case "preproc_function_def":
			c.macros[c.text(n.ChildByFieldName("name"))] = &macro{fn: true}
		case "function_definition":
			if name, ok := c.defName(n); ok {
				c.defs[name] = true
			}
		}
	}
	for i := 0; i < int(root.NamedChildCount()); i++ {
		n := root.NamedChild(i)
		switch n.Type() {
		case "preproc_call":
			if f := strings.Fields(c.text(n)); len(f) > 1 && f[0] == "#pragma" && strings.HasPrefix(f[1], "pack") && c.prog.PackPragma == 0 {
				c.prog.PackPragma = lineOf(n)
			}
		case "comment", "preproc_include", "preproc_def", "preproc_function_def":
		case "ERROR": // a stray semicolon (strayWord)
		case "function_definition":
			c.funcDef(n)
		case "declaration":
			c.declaration(n, true)
		case "type_definition":
			c.typedef(n)
		case "struct_specifier", "enum_specifier", "union_specifier":
			c.baseType(n)
		case "expression_statement":
			if n.NamedChildCount() != 0 {
				c.fail(lineOf(n), "statement at top level")
			}
		default:
			c.fail(lineOf(n), "top-level %s", n.Type())
		}
	}
}

// defineMacro parses an object-like macro's replacement text as an
// expression of its own.
func (c *conv) defineMacro(name string, v *sitter.Node) {
	text := strings.TrimSpace(c.text(v))
	src := []byte("int __m = (" + text + ");")
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(c2())
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		return
	}
	c.trees = append(c.trees, tree)
	root := tree.RootNode()
	if root.HasError() {
		c.macros[name] = &macro{fn: true} // unusable: fails when used
		return
	}
	decl := root.NamedChild(0)
	init := decl.ChildByFieldName("declarator").ChildByFieldName("value")
	c.macros[name] = &macro{node: init, src: src}
}

func (c *conv) storage(n *sitter.Node) (static, extern, isConst bool) {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		ch := n.NamedChild(i)
		switch ch.Type() {
		case "storage_class_specifier":
			switch c.text(ch) {
			case "static":
				static = true
			case "extern":
				extern = true
			}
		case "type_qualifier":
			if c.text(ch) == "const" {
				isConst = true
			}
		}
	}
	return
}

// baseType resolves a type specifier node.
func (c *conv) baseType(n *sitter.Node) *Type {
	line := lineOf(n)
	switch n.Type() {
	case "primitive_type":
		if t, ok := c.typedefs[c.text(n)]; ok {
			return t // typedef _Bool bool; typedef unsigned size_t;
		}
		t, ok := primitiveByWords([]string{c.text(n)})
		if !ok {
			c.fail(line, "type %s", c.text(n))
		}
		return t
	case "sized_type_specifier":
		words := strings.Fields(c.text(n))
		t, ok := primitiveByWords(words)
		if !ok {
			c.fail(line, "type %s", c.text(n))
		}
		return t
	case "type_identifier":
		name := c.text(n)
		if t, ok := c.typedefs[name]; ok {
			return t
		}
		if t, ok := primitiveByWords([]string{name}); ok {
			return t
		}
		if name == "FILE" {
			return &Type{Kind: KStruct, Name: "FILE", Len: -1}
		}
		switch name {
		case "jmp_buf", "sigjmp_buf":
			c.fail(line, "setjmp/longjmp (type %s)", name)
		case "sig_atomic_t", "sighandler_t", "sigset_t":
			c.fail(line, "signals (type %s)", name)
		}
		c.fail(line, "unknown type %s", name)
	case "struct_specifier", "union_specifier":
		var t *Type
		union := n.Type() == "union_specifier"
		nameN := n.ChildByFieldName("name")
		if nameN != nil {
			name := c.text(nameN)
			t = c.structs[name]
			if t == nil {
				t = &Type{Kind: KStruct, Name: name, Len: -1, Union: union}
				c.structs[name] = t
			}
			if t.Union != union {
				c.fail(line, "tag %s names both a struct and a union", name)
			}
		} else {
			t = &Type{Kind: KStruct, Name: "<anonymous>", Len: -1, Union: union}
		}
		if body := n.ChildByFieldName("body"); body != nil {
			if t.Len >= 0 && nameN != nil {
				c.fail(line, "%s defined twice", t)
			}
			c.structBody(t, body)
			if a := c.layoutAttribute(n); a != "" {
				t.Attributed = a
			}
		}
		return t
	case "enum_specifier":
		if body := n.ChildByFieldName("body"); body != nil {
			next := big.NewInt(0)
			for i := 0; i < int(body.NamedChildCount()); i++ {
				e := body.NamedChild(i)
				if e.Type() != "enumerator" {
					continue
				}
				if v := e.ChildByFieldName("value"); v != nil {
					next = c.constInt(c.expr(v))
				}
				c.enums[c.text(e.ChildByFieldName("name"))] = new(big.Int).Set(next)
				next = new(big.Int).Add(next, big.NewInt(1))
			}
		}
		return TInt
	case "macro_type_specifier":
		c.fail(line, "macro type %s", c.text(n))
	}
	c.fail(line, "type %s", n.Type())
	return nil
}

func (c *conv) structBody(t *Type, body *sitter.Node) {
	var decls []decl
	for i := 0; i < int(body.NamedChildCount()); i++ {
		f := body.NamedChild(i)
		if f.Type() == "comment" {
			continue
		}
		if f.Type() != "field_declaration" {
			c.fail(lineOf(f), "struct member %s", f.Type())
		}
		base := c.baseType(f.ChildByFieldName("type"))
		if a := c.layoutAttribute(f); a != "" {
			t.Attributed = a // on a member: it moves the members after it
		}
		named := false
		for j := 0; j < int(f.NamedChildCount()); j++ {
			ch := f.NamedChild(j)
			switch {
			case ch.Type() == "bitfield_clause":
				// the width of the declarator before it, or of an
				// unnamed bit-field (which the grammar reads as a
				// declarator it found missing)
				if !named {
					decls = append(decls, decl{Field: Field{T: base}, unnamed: true})
				}
				d := &decls[len(decls)-1]
				d.T = c.bitField(d.T, ch, d.unnamed)
				named = false
			case f.FieldNameForChild(namedIndex(f, j)) != "declarator":
			case ch.IsMissing():
				// `int : 3;`: the grammar wants a name before the colon
			default:
				name, ft := c.declarator(base, ch)
				c.checkMember(t, ft, name, lineOf(f))
				decls = append(decls, decl{Field: Field{Name: name, T: ft}})
				named = true
			}
		}
		if len(declarators(f)) == 0 && base.Kind == KStruct && strings.HasPrefix(base.Name, "<anonymous") {
			// an anonymous struct or union: its members are t's
			decls = append(decls, decl{Field: Field{T: base}})
		}
	}
	t.Len = 0
	layout(t, decls)
	if t.Union {
		c.unions = append(c.unions, unionDef{t, lineOf(body)})
	}
}

// checkMember rejects a member of struct t that the model cannot hold.
func (c *conv) checkMember(t, ft *Type, name string, line int) {
	if ft.Kind == KArray && ft.Len < 0 {
		c.fail(line, "flexible array member")
	}
	if ft.Kind == KStruct && ft.Len < 0 && len(ft.Fields) == 0 {
		c.fail(line, "member of incomplete type")
	}
	elem := ft
	for elem.Kind == KArray {
		elem = elem.Elem
	}
	if elem == t {
		c.fail(line, "struct member %s of the struct's own type", name)
	}
}

// bitField is the type of a bit-field of type t whose width n gives: t
// with Bits set (a copy). Its declared type must be an integer type no
// wider than int, as C allows (gcc also takes long, which the model
// leaves out).
func (c *conv) bitField(t *Type, n *sitter.Node, unnamed bool) *Type {
	line := lineOf(n)
	if t.Kind != KInt || t.Rank > TInt.Rank {
		c.fail(line, "bit-field of type %s", t)
	}
	v := c.constInt(c.expr(n.NamedChild(0)))
	if v.Sign() < 0 || v.Cmp(big.NewInt(int64(t.Width))) > 0 || v.Sign() == 0 && !unnamed {
		c.fail(line, "bit-field width %s", v)
	}
	bf := *t
	bf.Bits = int(v.Int64())
	if t.Bool {
		bf.Bits = min(bf.Bits, 1)
	}
	return &bf
}

// namedIndex converts a named-child index into a child index.
func namedIndex(n *sitter.Node, named int) int {
	k := -1
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.Child(i).IsNamed() {
			k++
			if k == named {
				return i
			}
		}
	}
	return -1
}

// declarators lists the children of n in field "declarator".
func declarators(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == "declarator" {
			out = append(out, n.Child(i))
		}
	}
	return out
}

// declarator derives the declared name and type from a base type.
func (c *conv) declarator(base *Type, d *sitter.Node) (string, *Type) {
	if d == nil {
		return "", base
	}
	line := lineOf(d)
	switch d.Type() {
	case "identifier", "field_identifier", "type_identifier":
		return c.text(d), base
	case "primitive_type":
		// the grammar reads the names <stdbool.h> and <stddef.h> define
		// (bool, size_t, ...) as types even where a program defines them
		if !isKeywordType(c.text(d)) {
			return c.text(d), base
		}
	case "pointer_declarator", "abstract_pointer_declarator":
		return c.declarator(PtrTo(base), d.ChildByFieldName("declarator"))
	case "array_declarator", "abstract_array_declarator":
		n := -1
		inner := d.ChildByFieldName("declarator")
		if s := d.ChildByFieldName("size"); s != nil && c.declCtx == ctxParam && !isIntLiteral(s) {
			// A parameter's array decays to a pointer: its size (a[n],
			// a[*]) is not part of its type.
			return c.declarator(&Type{Kind: KArray, Elem: base, Len: -1}, inner)
		} else if s != nil && c.declCtx == ctxLocal && inner != nil && inner.Type() == "identifier" && c.vlaSize == nil {
			e := c.expr(s)
			if _, ok := FoldInt(e); !ok {
				// A variable-length array: the variable becomes a
				// pointer to an object of e elements (see declaration).
				e = c.rval(e)
				if !e.T.IsInt() {
					c.fail(line, "array size of type %s", e.T)
				}
				if base.Size() <= 0 {
					c.fail(line, "variable-length array of %s", base)
				}
				c.vlaSize = c.convert(e, TULong, line)
				return c.text(inner), PtrTo(base)
			}
			v := c.constInt(e)
			if v.Sign() < 0 || v.Cmp(big.NewInt(1<<24)) > 0 {
				c.fail(line, "array size %s", v)
			}
			n = int(v.Int64())
		} else if s != nil {
			v := c.constInt(c.expr(s))
			if v.Sign() < 0 || v.Cmp(big.NewInt(1<<24)) > 0 {
				c.fail(line, "array size %s", v)
			}
			n = int(v.Int64())
		}
		return c.declarator(&Type{Kind: KArray, Elem: base, Len: n}, inner)
	case "function_declarator", "abstract_function_declarator":
		ps, variadic := c.params(d.ChildByFieldName("parameters"))
		ft := &Type{Kind: KFunc, Ret: base, Variadic: variadic}
		for _, p := range ps {
			ft.Params = append(ft.Params, p.T)
		}
		return c.declarator(ft, d.ChildByFieldName("declarator"))
	case "parenthesized_declarator", "abstract_parenthesized_declarator":
		if d.NamedChildCount() == 1 {
			return c.declarator(base, d.NamedChild(0))
		}
	case "init_declarator":
		return c.declarator(base, d.ChildByFieldName("declarator"))
	}
	c.fail(line, "declarator %s", d.Type())
	return "", nil
}

// isKeywordType reports whether a primitive type's name is a keyword of
// C (int, char, ...), which no declarator can name.
func isKeywordType(name string) bool {
	switch name {
	case "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool":
		return true
	}
	return false
}

// params converts a parameter list; array parameters become pointers.
// variadic is set when the list ends with "...".
func (c *conv) params(ps *sitter.Node) (out []*Var, variadic bool) {
	if ps == nil {
		return nil, false
	}
	for i := 0; i < int(ps.NamedChildCount()); i++ {
		p := ps.NamedChild(i)
		switch p.Type() {
		case "comment":
			continue
		case "variadic_parameter":
			variadic = true
			continue
		case "parameter_declaration":
		default:
			c.fail(lineOf(p), "parameter %s", p.Type())
		}
		base := c.baseType(p.ChildByFieldName("type"))
		saved := c.declCtx
		c.declCtx = ctxParam
		name, t := c.declarator(base, p.ChildByFieldName("declarator"))
		c.declCtx = saved
		if t.Kind == KVoid && name == "" {
			continue
		}
		if t.Kind == KArray {
			t = PtrTo(t.Elem)
		}
		if t.Kind == KFunc {
			t = PtrTo(t) // a parameter of function type is a pointer
		}
		out = append(out, &Var{Name: name, T: t, Line: lineOf(p)})
	}
	return out, variadic
}

func (c *conv) typedef(n *sitter.Node) {
	base := c.baseType(n.ChildByFieldName("type"))
	for _, d := range declarators(n) {
		name, t := c.declarator(base, d)
		c.typedefs[name] = t
	}
}

func (c *conv) newVar(name string, t *Type, line int) *Var {
	c.prog.NumVars++
	return &Var{Name: name, T: t, Line: line, ID: c.prog.NumVars, Mem: t.Kind == KArray || t.Kind == KStruct}
}

// declaration handles a declaration; at top level it defines globals and
// prototypes, inside a function it returns the declared locals.
func (c *conv) declaration(n *sitter.Node, top bool) []*Var {
	static, extern, isConst := c.storage(n)
	base := c.baseType(n.ChildByFieldName("type"))
	var out []*Var
	for _, d := range declarators(n) {
		line := lineOf(d)
		if !top {
			c.declCtx = ctxLocal
		}
		name, t := c.declarator(base, d)
		c.declCtx = ctxNone
		if vla := c.vlaSize; vla != nil {
			c.vlaSize = nil
			if static || extern {
				c.fail(line, "static variable-length array %s", name)
			}
			if d.Type() == "init_declarator" {
				c.fail(line, "initialised variable-length array %s", name)
			}
			// C99's variable-length array: an object of vla elements,
			// made where the declaration runs and accessed through the
			// variable as through a pointer; & of the variable is
			// refused (ident).
			// Its length is evaluated once, into a variable of its own,
			// which sizeof reads.
			n := c.newVar("__surety_vla_len_"+name, TULong, line)
			n.Init = &Init{Scalar: c.convert(c.rval(vla), TULong, line)}
			out = append(out, n)
			v := c.newVar(name, t, line)
			v.VLA, v.VLALen = true, n
			v.Init = &Init{Scalar: c.convert(&Expr{Op: OCall, T: TVoidP, Name: VLAFunc, Line: line,
				Args: []*Expr{{Op: OVar, T: TULong, Var: n, Line: line}, {Op: OConst, T: TULong, Val: big.NewInt(int64(t.Elem.Size())), Line: line}}}, t, line)}
			c.scopes[len(c.scopes)-1][name] = v
			out = append(out, v)
			continue
		}
		if t.Kind == KFunc {
			c.protos[name] = t
			continue
		}
		if isConst {
			t2 := *t
			t2.Const = true
			if t.Kind == KInt || t.Kind == KFloat {
				t = &t2
			}
		}
		var initN *sitter.Node
		if d.Type() == "init_declarator" {
			initN = d.ChildByFieldName("value")
		}
		if t.Kind == KArray && t.Len < 0 && initN != nil {
			t = &Type{Kind: KArray, Elem: t.Elem, Len: c.initLen(t, initN)}
		}
		tentative := top && !static && !extern && initN == nil
		if t.Kind == KArray && t.Len < 0 {
			if extern {
				continue
			}
			if !tentative {
				c.fail(line, "array of unknown size")
			}
		}
		if t.Kind == KStruct && t.Len < 0 {
			if extern {
				continue // defined elsewhere; a use of it is refused
			}
			if !tentative {
				c.fail(line, "variable of incomplete type %s", t)
			}
		}
		if t.Kind == KVoid {
			c.fail(line, "void variable")
		}
		if top || extern {
			// A declaration inside a function with extern names the
			// global, declared here when the definition comes later.
			if extern && !top && initN != nil {
				c.fail(line, "local extern declaration with an initialiser")
			}
			v, ok := c.globals[name]
			if ok && v.T.Kind == KArray && v.T.Len < 0 && t.Kind == KArray && t.Len >= 0 {
				v.T = t // int a[]; then int a[3];
			}
			switch {
			case ok && initN != nil:
				v.Init = c.initializer(v.T, initN, true)
			case ok && !extern && v.Init == nil:
				// int x; after extern int x;: a tentative definition
				v.Init = c.initializer(v.T, nil, true)
			case !ok:
				v = c.newVar(name, t, line)
				v.Global = true
				// An extern declaration defines nothing: a variable no
				// file defines has no initial value, which CBMC and
				// ESBMC read as any value (and gcc does not link).
				if !extern || initN != nil {
					v.Init = c.initializer(t, initN, true)
				}
				c.globals[name] = v
				c.prog.Globals = append(c.prog.Globals, v)
			}
			if !top {
				c.scopes[len(c.scopes)-1][name] = v
			}
			continue
		}
		v := c.newVar(name, t, line)
		if static {
			v.Static = true
			v.Global = true
			v.Init = c.initializer(t, initN, true)
			c.prog.Globals = append(c.prog.Globals, v)
			c.scopes[len(c.scopes)-1][name] = v
			continue
		}
		c.scopes[len(c.scopes)-1][name] = v
		if initN != nil {
			v.Init = c.initializer(t, initN, false)
		}
		out = append(out, v)
	}
	return out
}

// completeTentative gives the file's tentative definitions their types
// at its end (C11 6.9.2): a struct or union completed after the
// definition, and an array whose size no declaration gave one element,
// as gcc does.
func (c *conv) completeTentative() {
	for _, v := range c.prog.Globals {
		switch {
		case v.T.Kind == KArray && v.T.Len < 0:
			v.T = &Type{Kind: KArray, Elem: v.T.Elem, Len: 1}
		case v.T.Kind == KStruct && v.T.Len < 0:
			c.fail(v.Line, "variable of incomplete type %s", v.T)
		}
	}
}

// initLen is the length an initialiser gives an array of unknown size.
func (c *conv) initLen(t *Type, n *sitter.Node) int {
	if n.Type() == "string_literal" || n.Type() == "concatenated_string" {
		return len(c.stringBytes(n))
	}
	if n.Type() == "initializer_list" {
		// the elements the list reaches (nil: convert nothing)
		return c.flattenList(t, n, 0, nil, false)
	}
	c.fail(lineOf(n), "array initialiser")
	return 0
}

// An initCursor walks the items of an initialiser list: an aggregate
// member that its item does not initialise with braces takes as many
// items as it has scalars (brace elision, C11 6.7.9p20).
type initCursor struct {
	items []*sitter.Node
	i     int
}

// flattenList initialises the array or struct t at off from the items of
// list n, positional and designated (.f = v, [i] = v), and returns the
// number of elements (members) the list reaches. An array of unknown
// length (Len < 0) takes as many as the list reaches. With in nil, the
// items are only counted, not converted.
func (c *conv) flattenList(t *Type, n *sitter.Node, off int, in *Init, static bool) int {
	cur := &initCursor{}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if ch := n.NamedChild(i); ch.Type() != "comment" {
			cur.items = append(cur.items, ch)
		}
	}
	pos, reach := 0, 0
	for cur.i < len(cur.items) {
		item := cur.items[cur.i]
		if item.Type() == "initializer_pair" {
			pos = c.designated(t, item, off, in, static)
			cur.i++
			if cur.i < len(cur.items) && cur.items[cur.i].Type() != "initializer_pair" && len(designatorsOf(item)) > 1 {
				c.fail(lineOf(item), "a positional initialiser after the nested designator %s", c.text(item))
			}
		} else {
			if t.Union && pos > 0 {
				// gcc warns of the excess elements and ignores them
				if !static {
					c.fail(lineOf(item), "excess elements in the initialiser of %s", t)
				}
				cur.i++
				continue
			}
			c.member(t, pos, cur, off, in, static)
		}
		pos++
		reach = max(reach, pos)
	}
	return reach
}

// member initialises member pos of aggregate t (at off) from the items at
// the cursor: one item where it is a list, a string for a char array, or
// a scalar member; else, the member's own members in turn (elision).
func (c *conv) member(t *Type, pos int, cur *initCursor, off int, in *Init, static bool) {
	item := cur.items[cur.i]
	c.use(t, pos)
	mt, moff := c.memberAt(t, pos, off, static, lineOf(item))
	braced := item.Type() == "initializer_list" ||
		mt.Kind == KArray && mt.Elem.Kind == KInt && mt.Elem.Width == 8 && (item.Type() == "string_literal" || item.Type() == "concatenated_string")
	if mt.IsScalar() || braced {
		if in != nil {
			c.flatten(mt, item, moff, in, static)
		}
		cur.i++
		return
	}
	if mt.Kind != KArray && mt.Kind != KStruct {
		c.fail(lineOf(item), "initialiser of %s", mt)
	}
	n := mt.Len
	switch {
	case mt.Union:
		n = 1
	case mt.Kind == KStruct:
		n = len(mt.Fields)
	}
	for k := 0; k < n && cur.i < len(cur.items) && cur.items[cur.i].Type() != "initializer_pair"; k++ {
		c.member(mt, k, cur, moff, in, static)
	}
}

// memberAt is the type and offset (in cells) of member pos of aggregate t
// at off: an element of an array, a field of a struct or union. An
// automatic union's cells past the member initialised hold what gcc
// leaves there, which its versions differ on (gcc 15 no longer zeroes
// them), so such an initialiser is outside the model.
func (c *conv) memberAt(t *Type, pos, off int, static bool, line int) (*Type, int) {
	if t.Kind == KArray {
		if t.Len >= 0 && pos >= t.Len {
			c.fail(line, "too many initialisers")
		}
		return t.Elem, off + pos*t.Elem.Cells()
	}
	if pos >= len(t.Fields) {
		c.fail(line, "too many initialisers")
	}
	f := t.Fields[pos]
	if t.Union && !static && f.T.Cells() < t.Cells() {
		c.fail(line, "initialiser of %s's member %s, shorter than the union", t, f.Name)
	}
	return f.T, off + f.Off
}

// designatorsOf lists the designators of an initializer_pair.
func designatorsOf(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == "designator" {
			out = append(out, n.Child(i))
		}
	}
	return out
}

// designated initialises what pair designates in aggregate t (at off),
// and returns the position in t of its first designator.
func (c *conv) designated(t *Type, pair *sitter.Node, off int, in *Init, static bool) int {
	line := lineOf(pair)
	ds := designatorsOf(pair)
	if len(ds) == 0 {
		c.fail(line, "designated initialiser %s", c.text(pair))
	}
	top := -1
	cur, coff := t, off
	for _, d := range ds {
		pos := -1
		switch d.Type() {
		case "field_designator":
			if cur.Kind != KStruct {
				c.fail(line, "field designator of %s", cur)
			}
			name := c.text(d.NamedChild(0))
			path := fieldPath(cur, name)
			if path == nil {
				c.fail(line, "%s has no field %s", cur, name)
			}
			// through anonymous members to the one named
			for _, p := range path[:len(path)-1] {
				if top < 0 {
					top = p
				}
				c.use(cur, p)
				cur, coff = c.memberAt(cur, p, coff, static, line)
			}
			pos = path[len(path)-1]
			c.use(cur, pos)
		case "subscript_designator":
			if cur.Kind != KArray {
				c.fail(line, "subscript designator of %s", cur)
			}
			v := c.constInt(c.expr(d.NamedChild(0)))
			if v.Sign() < 0 || !v.IsInt64() || v.Int64() >= 1<<24 {
				c.fail(line, "designator index %s", v)
			}
			pos = int(v.Int64())
		default:
			c.fail(line, "designator %s", c.text(d))
		}
		if top < 0 {
			top = pos
		}
		cur, coff = c.memberAt(cur, pos, coff, static, line)
	}
	val := pair.ChildByFieldName("value")
	if val == nil {
		c.fail(line, "designated initialiser %s", c.text(pair))
	}
	if !cur.IsScalar() && val.Type() != "initializer_list" && val.Type() != "string_literal" && val.Type() != "concatenated_string" {
		c.fail(line, "designated %s initialised without braces", cur)
	}
	if in != nil {
		c.flatten(cur, val, coff, in, static)
	}
	return top
}

// initializer flattens an initialiser to cells. static initialisers must
// be constant and zero the rest.
func (c *conv) initializer(t *Type, n *sitter.Node, static bool) *Init {
	in := &Init{Zero: static}
	if n == nil {
		if !static {
			return nil
		}
		return in
	}
	if t.Kind == KStruct && n.Type() != "initializer_list" && !static {
		in.Scalar = c.assignConv(c.expr(n), t, lineOf(n))
		return in
	}
	if t.IsScalar() && n.Type() != "initializer_list" {
		e := c.scalarInit(t, n, static)
		if static {
			in.Cells = append(in.Cells, CellInit{Off: 0, T: t, E: e})
			return in
		}
		in.Scalar = e
		return in
	}
	in.Zero = true
	c.flatten(t, n, 0, in, static)
	return in
}

func (c *conv) flatten(t *Type, n *sitter.Node, off int, in *Init, static bool) {
	line := lineOf(n)
	switch {
	case t.Kind == KArray && t.Elem.Kind == KInt && t.Elem.Width == 8 && (n.Type() == "string_literal" || n.Type() == "concatenated_string"):
		b := c.stringBytes(n)
		for i, ch := range b {
			if i >= t.Len {
				break
			}
			in.Cells = append(in.Cells, CellInit{Off: off + i, T: t.Elem, E: &Expr{Op: OConst, T: t.Elem, Val: big.NewInt(int64(int8(ch))), Line: line}})
		}
	case n.Type() == "initializer_list" && (t.Kind == KArray || t.Kind == KStruct):
		c.flattenList(t, n, off, in, static)
	case n.Type() == "initializer_list":
		if n.NamedChildCount() != 1 {
			c.fail(line, "scalar initialiser list")
		}
		c.flatten(t, n.NamedChild(0), off, in, static)
	case t.IsScalar():
		e := c.scalarInit(t, n, static)
		in.Cells = append(in.Cells, CellInit{Off: off, T: t, E: e})
	default:
		c.fail(line, "initialiser of %s", t)
	}
}

// scalarInit converts the initialiser n of a scalar of type t; a static
// one must be a constant, where gcc folds a compound literal (T){c} to c
// converted to T (ESBMC's github_816-static-local).
func (c *conv) scalarInit(t *Type, n *sitter.Node, static bool) *Expr {
	line := lineOf(n)
	if !static {
		return c.assignConv(c.rval(c.expr(n)), t, line)
	}
	if n.Type() == "compound_literal_expression" {
		if lt, item := c.typeName(n.ChildByFieldName("type")), scalarItem(n.ChildByFieldName("value")); lt.IsScalar() && item != nil {
			e := c.assignConv(c.cast(c.rval(c.expr(item)), lt, line), t, line)
			c.checkConst(e)
			return e
		}
	}
	e := c.assignConv(c.rval(c.expr(n)), t, line)
	c.checkConst(e)
	return e
}

// scalarItem returns the one item of an initialiser list {e} or {e,},
// or nil.
func scalarItem(n *sitter.Node) *sitter.Node {
	if n == nil || n.Type() != "initializer_list" || n.NamedChildCount() != 1 {
		return nil
	}
	if it := n.NamedChild(0); it.Type() != "initializer_list" && it.Type() != "initializer_pair" && it.Type() != "comment" {
		return it
	}
	return nil
}

// checkConst rejects static initialisers that are not constants.
func (c *conv) checkConst(e *Expr) {
	switch e.Op {
	case OConst, OFConst:
		return
	case OConv:
		c.checkConst(e.X)
		return
	case ODecay:
		if e.X.Op == OStr || (e.X.Op == OVar && e.X.Var.Global) {
			return
		}
	case OAddr:
		x := e.X
		for x.Op == OField {
			x = x.X
		}
		if x.Op == OVar && x.Var.Global || x.Op == OFunc {
			return // an address constant: &g, &g.f.h, &f
		}
	case OBin, OUn:
		c.checkConst(e.X)
		if e.Y != nil {
			c.checkConst(e.Y)
		}
		return
	}
	c.fail(e.Line, "non-constant static initialiser")
}

func (c *conv) funcDef(n *sitter.Node) {
	base := c.baseType(n.ChildByFieldName("type"))
	d, nameN, ptrs := funcHead(n)
	if d == nil {
		c.fail(lineOf(n), "function declarator")
	}
	for range ptrs {
		base = PtrTo(base)
	}
	name := c.text(nameN)
	if skipDefs[name] {
		c.prog.Defined[name] = true
		return
	}
	if gccBuiltins[name] {
		// gcc treats the name as its built-in: it may fold or replace
		// calls (abs(-3), strlen("abc"), printf("x\n") as puts) and emit
		// calls of its own (memcpy for a struct copy) whichever body the
		// program gives, so no one model is the program's.
		c.fail(lineOf(n), "definition of the library function %s, whose calls gcc may replace by its built-in", name)
	}
	if base.Kind == KArray || base.Kind == KFunc {
		c.fail(lineOf(n), "function returning %s", base)
	}
	f := c.funcs[name]
	if f == nil {
		f = &Func{Name: name}
		c.funcs[name] = f
	} else if f.Body != nil {
		c.fail(lineOf(n), "function %s defined twice", name)
	}
	f.Ret, f.Line = base, lineOf(n)
	c.prog.Funcs[name] = f
	c.prog.Defined[name] = true
	c.scopes = []map[string]*Var{{}}
	f.Params = nil
	ps, variadic := c.params(d.ChildByFieldName("parameters"))
	if variadic {
		// Its calls' further arguments are evaluated and unread, unless
		// the body reads them, which the engine does not model.
		if body := n.ChildByFieldName("body"); body != nil && strings.Contains(c.text(body), "va_start") {
			c.fail(lineOf(n), "variadic function that reads its further arguments (va_start)")
		}
		f.Variadic = true
	}
	for _, p := range ps {
		v := c.newVar(p.Name, p.T, p.Line)
		if v.T.Kind == KStruct {
			v.Mem = true
		}
		c.scopes[0][p.Name] = v
		f.Params = append(f.Params, v)
	}
	ft := &Type{Kind: KFunc, Ret: base}
	for _, p := range f.Params {
		ft.Params = append(ft.Params, p.T)
	}
	if f.Proto != nil && !sameSignature(f.Proto, ft) {
		// an earlier call converted its arguments by the prototype
		c.fail(lineOf(n), "definition of %s differs from the prototype its earlier calls used", name)
	}
	c.protos[name] = ft
	c.cur = f
	body := n.ChildByFieldName("body")
	if body == nil || body.Type() != "compound_statement" {
		c.fail(lineOf(n), "function body")
	}
	f.BodyAt = int(body.StartByte()) + 1
	c.gotos, c.labels = map[string]bool{}, map[string]*sitter.Node{}
	c.gotoNodes, c.jumps = map[string][]*sitter.Node{}, map[string]*backJump{}
	c.findGotos(body)
	c.flipped, c.joins = map[uint32]bool{}, map[uint32]uint32{}
	c.declVars, c.skips = map[uint32][]*Var{}, nil
	if len(c.gotos) > 0 {
		c.findJoins(body)
	}
	f.Body, f.Err = c.funcBody(body)
	if f.Body != nil && len(c.gotos) > 0 {
		markLabels(f.Body)
	}
	c.cur = nil
	c.scopes = nil
	c.gotos, c.labels = nil, nil
	c.gotoNodes, c.jumps = nil, nil
	c.flipped, c.joins = nil, nil
	c.declVars, c.skips = nil, nil
}

// funcBody translates a function's body. A construct the engine does not
// model makes the function unsupported rather than the program: the
// error is kept in Func.Err and reported where a call of the function is
// executed, so a function that no execution calls costs nothing.
func (c *conv) funcBody(body *sitter.Node) (st *Stmt, err error) {
	depth, line := c.depth, c.line
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(Bail)
			if !ok {
				panic(r)
			}
			c.depth, c.line = depth, line
			st, err = nil, b.Err
		}
	}()
	st = c.stmt(body)
	c.fillSkips()
	return st, nil
}

// defName returns the name a function definition defines.
func (c *conv) defName(n *sitter.Node) (string, bool) {
	if _, name, _ := funcHead(n); name != nil {
		return c.text(name), true
	}
	return "", false
}

// funcHead reads the declarator of a function definition: the function
// declarator, the function's name, and how many pointer declarators wrap
// it (levels of pointer in the result type); nils when it declares no
// function by name. A name in parentheses, static int (f)(int x), is
// Csmith's way with its safe-math functions.
func funcHead(n *sitter.Node) (fd, name *sitter.Node, ptrs int) {
	d := n.ChildByFieldName("declarator")
	for d != nil && d.Type() == "pointer_declarator" {
		ptrs++
		d = d.ChildByFieldName("declarator")
	}
	if d == nil || d.Type() != "function_declarator" {
		return nil, nil, 0
	}
	name = d.ChildByFieldName("declarator")
	for name != nil && name.Type() == "parenthesized_declarator" && name.NamedChildCount() == 1 {
		name = name.NamedChild(0)
	}
	if name == nil || name.Type() != "identifier" {
		return nil, nil, 0
	}
	return d, name, ptrs
}

// sameSignature reports whether two function types agree on the return
// type and on every parameter type.
func sameSignature(a, b *Type) bool {
	if len(a.Params) != len(b.Params) || !SameType(a.Ret, b.Ret) || a.Variadic != b.Variadic {
		return false
	}
	for i := range a.Params {
		if !SameType(a.Params[i], b.Params[i]) {
			return false
		}
	}
	return true
}

func (c *conv) lookup(name string) *Var {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		if v, ok := c.scopes[i][name]; ok {
			return v
		}
	}
	return c.globals[name]
}

// ---- statements ----

func (c *conv) block(n *sitter.Node) *Stmt {
	c.scopes = append(c.scopes, map[string]*Var{})
	defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
	return &Stmt{Op: SBlock, Line: lineOf(n), List: c.stmts(n, 0)}
}

// maxNesting bounds the nesting of statements and expressions the
// converter follows, so that a pathological input ends in a clear refusal
// rather than a stack that grows without end; generated C goes a few
// hundred deep (CPAchecker's reducers nest an if per unrolled iteration,
// and a condition of a thousand terms).
const maxNesting = 5000

func (c *conv) stmt(n *sitter.Node) *Stmt {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > maxNesting {
		c.fail(lineOf(n), "nesting deeper than %d", maxNesting)
	}
	line := lineOf(n)
	switch n.Type() {
	case "compound_statement":
		return c.block(n)
	case "declaration":
		vs := c.declaration(n, false)
		c.declVars[n.StartByte()] = vs
		return &Stmt{Op: SDecl, Line: line, Decls: vs}
	case "type_definition":
		c.typedef(n)
		return &Stmt{Op: SEmpty, Line: line}
	case "struct_specifier", "enum_specifier":
		c.baseType(n)
		return &Stmt{Op: SEmpty, Line: line}
	case "expression_statement":
		if idx, ok := c.asserts[int(n.StartByte())]; ok {
			call := n.NamedChild(0)
			for call != nil && call.Type() == "parenthesized_expression" {
				call = call.NamedChild(0)
			}
			if call == nil || call.Type() != "call_expression" {
				c.fail(line, "assertion form")
			}
			args := call.ChildByFieldName("arguments")
			name := c.text(call.ChildByFieldName("function"))
			switch {
			case (name == "reach_error" || name == "__VERIFIER_error") && args.NamedChildCount() == 0:
				// SV-COMP's error call: the assertion assert(0) here. When
				// the query neither targets nor assumes it, the rendered
				// program keeps the call if the program defines the
				// function (its body runs) and drops it otherwise.
				st := &Stmt{Op: SAssert, Line: line, Assert: idx, X: &Expr{Op: OConst, T: TInt, Val: big.NewInt(0), Line: line}}
				if c.defs[name] {
					st.Body = &Stmt{Op: SExpr, Line: line, X: c.expr(call)}
				}
				return st
			case (name == "__ESBMC_assert" || name == "__CPROVER_assert") && args.NamedChildCount() == 2:
				// (c, message): the message is never evaluated
				return &Stmt{Op: SAssert, Line: line, Assert: idx, X: c.cond(c.expr(args.NamedChild(0)))}
			case args.NamedChildCount() != 1:
				c.fail(line, "assertion %s with %d arguments", name, args.NamedChildCount())
			}
			return &Stmt{Op: SAssert, Line: line, Assert: idx, X: c.cond(c.expr(args.NamedChild(0)))}
		}
		if n.NamedChildCount() == 0 {
			return &Stmt{Op: SEmpty, Line: line}
		}
		if d := c.misparsedDecl(n.NamedChild(0)); d != nil {
			c.declVars[n.StartByte()] = d.Decls
			return d
		}
		ch := n.NamedChild(0)
		if ch.Type() == "comment" {
			return &Stmt{Op: SEmpty, Line: line}
		}
		return &Stmt{Op: SExpr, Line: line, X: c.expr(ch)}
	case "if_statement":
		s := &Stmt{Op: SIf, Line: line, X: c.cond(c.expr(n.ChildByFieldName("condition")))}
		s.Body = c.scoped(n.ChildByFieldName("consequence"))
		if a := n.ChildByFieldName("alternative"); a != nil {
			if a.Type() == "else_clause" {
				a = a.NamedChild(int(a.NamedChildCount()) - 1)
			}
			s.Else = c.scoped(a)
		}
		if c.flipped[n.StartByte()] {
			// the else branch jumps into the then branch: run it first
			s.X = &Expr{Op: OUn, T: TInt, X: s.X, Name: "!", Line: line}
			s.Body, s.Else = s.Else, s.Body
		}
		return s
	case "while_statement":
		return &Stmt{Op: SWhile, Line: line, X: c.cond(c.expr(n.ChildByFieldName("condition"))), Body: c.scoped(n.ChildByFieldName("body")),
			Span: span(n), BodySpan: span(n.ChildByFieldName("body"))}
	case "do_statement":
		body := c.scoped(n.ChildByFieldName("body"))
		return &Stmt{Op: SDo, Line: line, X: c.cond(c.expr(n.ChildByFieldName("condition"))), Body: body,
			Span: span(n), BodySpan: span(n.ChildByFieldName("body"))}
	case "for_statement":
		c.scopes = append(c.scopes, map[string]*Var{})
		defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
		s := &Stmt{Op: SFor, Line: line, Span: span(n), BodySpan: span(n.ChildByFieldName("body"))}
		if in := n.ChildByFieldName("initializer"); in != nil {
			if in.Type() == "declaration" {
				s.Init = &Stmt{Op: SDecl, Line: line, Decls: c.declaration(in, false)}
			} else if d := c.misparsedDecl(in); d != nil {
				s.Init = d
			} else {
				s.Init = &Stmt{Op: SExpr, Line: line, X: c.expr(in)}
			}
		}
		if cn := n.ChildByFieldName("condition"); cn != nil {
			s.X = c.cond(c.expr(cn))
		}
		if up := n.ChildByFieldName("update"); up != nil {
			s.Post = c.expr(up)
		}
		s.Body = c.scoped(n.ChildByFieldName("body"))
		return s
	case "break_statement":
		return &Stmt{Op: SBreak, Line: line}
	case "continue_statement":
		return &Stmt{Op: SContinue, Line: line}
	case "return_statement":
		s := &Stmt{Op: SReturn, Line: line}
		if n.NamedChildCount() > 0 && n.NamedChild(0).Type() != "comment" {
			e := c.expr(n.NamedChild(0))
			if c.cur.Ret.Kind == KVoid {
				s.X = e
			} else {
				s.X = c.assignConv(c.rval(e), c.cur.Ret, line)
			}
		}
		return s
	case "switch_statement":
		cond := c.rval(c.expr(n.ChildByFieldName("condition")))
		if !cond.T.IsInt() {
			c.fail(line, "switch on %s", cond.T)
		}
		cond = c.convert(cond, Promote(cond.T), line)
		s := &Stmt{Op: SSwitch, Line: line, X: cond}
		body := n.ChildByFieldName("body")
		if body.Type() != "compound_statement" {
			c.fail(line, "switch body without braces")
		}
		c.scopes = append(c.scopes, map[string]*Var{})
		defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
		for i := 0; i < int(body.NamedChildCount()); i++ {
			ch := body.NamedChild(i)
			if ch.Type() == "comment" {
				continue
			}
			if ch.Type() != "case_statement" {
				s.List = append(s.List, c.stmt(ch))
				continue
			}
			lab := &Stmt{Op: SCase, Line: lineOf(ch)}
			if v := ch.ChildByFieldName("value"); v != nil {
				if lo, hi, ok := c.caseRange(v); ok {
					lab.Case, lab.CaseHi = lo, hi
				} else {
					lab.Case = c.constInt(c.expr(v))
				}
			}
			s.List = append(s.List, lab)
			for j := 0; j < int(ch.NamedChildCount()); j++ {
				if ch.FieldNameForChild(namedIndex(ch, j)) == "value" {
					continue
				}
				st := ch.NamedChild(j)
				if st.Type() == "comment" {
					continue
				}
				if st.Type() == "case_statement" {
					c.fail(lineOf(st), "nested case label")
				}
				s.List = append(s.List, c.stmt(st))
			}
		}
		return s
	case "case_statement":
		c.fail(line, "case label outside a switch body")
	case "labeled_statement":
		body := c.stmt(n.NamedChild(int(n.NamedChildCount()) - 1))
		name := c.text(n.ChildByFieldName("label"))
		if j := c.jumps[name]; !c.gotos[name] || j != nil && j.flag == nil {
			// a label no goto names (SV-COMP's ERROR:) is its statement
			return body
		}
		for p := n.Parent(); p != nil && p.Type() != "function_definition"; p = p.Parent() {
			switch p.Type() {
			case "switch_statement":
				c.fail(line, "label %s inside a switch body", name)
			case "argument_list", "parenthesized_expression":
				c.fail(line, "label %s inside a statement expression", name)
			}
		}
		return &Stmt{Op: SLabel, Line: line, Label: name, Body: body}
	case "goto_statement":
		name := c.text(n.ChildByFieldName("label"))
		lab := c.labels[name]
		if lab == nil {
			c.fail(line, "goto %s without its label", name)
		}
		if j := c.jumps[name]; j != nil && c.backward(n, lab) {
			return c.jumpBack(j, line)
		}
		if c.backward(n, lab) {
			c.fail(line, "backward goto %s", name)
		}
		for p := lab.Parent(); p != nil && p.Type() != "function_definition"; p = p.Parent() {
			switch p.Type() {
			case "while_statement", "do_statement", "for_statement":
				if n.StartByte() < p.StartByte() || n.EndByte() > p.EndByte() {
					c.fail(line, "goto %s into a loop", name)
				}
			}
		}
		from := n.EndByte()
		if t, ok := c.joins[n.StartByte()]; ok {
			from = t // the jump enters the then branch of a swapped if
		}
		g := &Stmt{Op: SGoto, Line: line, Label: name}
		if ds := c.declsBetween(from, lab); len(ds) > 0 {
			decl := &Stmt{Op: SDecl, Line: line, Uninit: true}
			c.skips = append(c.skips, skip{decl: decl, nodes: ds, label: name, line: line})
			return &Stmt{Op: SBlock, Line: line, List: []*Stmt{decl, g}}
		}
		return g
	case "comment":
		return &Stmt{Op: SEmpty, Line: line}
	}
	c.fail(line, "statement %s", n.Type())
	return nil
}

// misparsedDecl recognises "T * x = e" and "T * x", which the parser reads
// as a multiplication when it cannot know that T is a typedef name.
func (c *conv) misparsedDecl(n *sitter.Node) *Stmt {
	var mul, init *sitter.Node
	switch n.Type() {
	case "assignment_expression":
		if c.text(n.ChildByFieldName("operator")) != "=" {
			return nil
		}
		mul, init = n.ChildByFieldName("left"), n.ChildByFieldName("right")
	case "binary_expression":
		mul = n
	default:
		return nil
	}
	if mul.Type() != "binary_expression" || c.text(mul.ChildByFieldName("operator")) != "*" {
		return nil
	}
	tn, vn := mul.ChildByFieldName("left"), mul.ChildByFieldName("right")
	if tn.Type() != "identifier" || vn.Type() != "identifier" {
		return nil
	}
	base, ok := c.typedefs[c.text(tn)]
	if !ok || c.lookup(c.text(tn)) != nil {
		return nil
	}
	line := lineOf(n)
	t := PtrTo(base)
	v := c.newVar(c.text(vn), t, line)
	if init != nil {
		v.Init = c.initializer(t, init, false)
	}
	c.scopes[len(c.scopes)-1][v.Name] = v
	return &Stmt{Op: SDecl, Line: line, Decls: []*Var{v}}
}

// scoped converts a statement that forms its own scope.
// span is a node's byte range; a missing node has none.
func span(n *sitter.Node) [2]int {
	if n == nil {
		return [2]int{}
	}
	return [2]int{int(n.StartByte()), int(n.EndByte())}
}

func (c *conv) scoped(n *sitter.Node) *Stmt {
	if n == nil {
		return &Stmt{Op: SEmpty}
	}
	c.scopes = append(c.scopes, map[string]*Var{})
	defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
	return c.stmt(n)
}

// ---- constants ----

// constInt folds an integer constant expression.
func (c *conv) constInt(e *Expr) *big.Int {
	v, ok := FoldInt(e)
	if !ok {
		c.fail(e.Line, "non-constant integer expression")
	}
	return v
}

// FoldInt evaluates integer constant expressions (wrapping to the type).
func FoldInt(e *Expr) (*big.Int, bool) {
	switch e.Op {
	case OConst:
		return e.Val, true
	case OConv:
		if !e.T.IsInt() {
			return nil, false
		}
		x, ok := FoldInt(e.X)
		if !ok {
			return nil, false
		}
		return WrapInt(x, e.T), true
	case OUn:
		x, ok := FoldInt(e.X)
		if !ok {
			return nil, false
		}
		switch e.Name {
		case "-":
			return WrapInt(new(big.Int).Neg(x), e.T), true
		case "~":
			return WrapInt(new(big.Int).Not(x), e.T), true
		case "!":
			if x.Sign() == 0 {
				return big.NewInt(1), true
			}
			return big.NewInt(0), true
		}
	case OBin:
		x, ok1 := FoldInt(e.X)
		y, ok2 := FoldInt(e.Y)
		if !ok1 || !ok2 || !e.X.T.IsInt() {
			return nil, false
		}
		r := new(big.Int)
		b2i := func(b bool) *big.Int {
			if b {
				return big.NewInt(1)
			}
			return big.NewInt(0)
		}
		switch e.Name {
		case "+":
			r.Add(x, y)
		case "-":
			r.Sub(x, y)
		case "*":
			r.Mul(x, y)
		case "/":
			if y.Sign() == 0 {
				return nil, false
			}
			r.Quo(x, y)
		case "%":
			if y.Sign() == 0 {
				return nil, false
			}
			r.Rem(x, y)
		case "<<":
			if y.Sign() < 0 || y.Int64() >= 64 {
				return nil, false
			}
			r.Lsh(x, uint(y.Int64()))
		case ">>":
			if y.Sign() < 0 || y.Int64() >= 64 {
				return nil, false
			}
			r.Rsh(x, uint(y.Int64()))
		case "&":
			r.And(x, y)
		case "|":
			r.Or(x, y)
		case "^":
			r.Xor(x, y)
		case "==":
			return b2i(x.Cmp(y) == 0), true
		case "!=":
			return b2i(x.Cmp(y) != 0), true
		case "<":
			return b2i(x.Cmp(y) < 0), true
		case ">":
			return b2i(x.Cmp(y) > 0), true
		case "<=":
			return b2i(x.Cmp(y) <= 0), true
		case ">=":
			return b2i(x.Cmp(y) >= 0), true
		default:
			return nil, false
		}
		return WrapInt(r, e.T), true
	case OCond:
		x, ok := FoldInt(e.X)
		if !ok {
			return nil, false
		}
		if x.Sign() != 0 {
			return FoldInt(e.Y)
		}
		return FoldInt(e.Z)
	case OAnd, OOr:
		x, ok1 := FoldInt(e.X)
		y, ok2 := FoldInt(e.Y)
		if !ok1 || !ok2 {
			return nil, false
		}
		var b bool
		if e.Op == OAnd {
			b = x.Sign() != 0 && y.Sign() != 0
		} else {
			b = x.Sign() != 0 || y.Sign() != 0
		}
		if b {
			return big.NewInt(1), true
		}
		return big.NewInt(0), true
	}
	return nil, false
}

// WrapInt reduces x to the range of integer type t.
func WrapInt(x *big.Int, t *Type) *big.Int {
	if t.Bool {
		if x.Sign() != 0 {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	w := t.Width
	if t.Bits > 0 {
		w = t.Bits
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	r := new(big.Int).Mod(x, m)
	if t.Signed && r.Bit(w-1) == 1 {
		r.Sub(r, m)
	}
	return r
}

func (c *conv) intLit(n *sitter.Node) *Expr {
	s := strings.ToLower(c.text(n))
	s = strings.ReplaceAll(s, "'", "")
	if neg := strings.HasPrefix(s, "-"); neg || strings.HasPrefix(s, "+") {
		// The grammar reads a sign before a literal as part of it
		// (limits.h's (-0x7fffffff - 1)): the literal, negated as C's
		// unary minus does in its type.
		e := c.numLit(n, strings.TrimSpace(s[1:]))
		if neg {
			if e.Op == OFConst {
				e.F = -e.F
			} else {
				e.Val = WrapInt(new(big.Int).Neg(e.Val), e.T)
			}
		}
		return e
	}
	return c.numLit(n, s)
}

// numLit is the unsigned literal s, the lowered text of n.
func (c *conv) numLit(n *sitter.Node, s string) *Expr {
	line := c.ln(n)
	isHex := strings.HasPrefix(s, "0x")
	if !isHex && (strings.ContainsAny(s, ".e") || strings.HasSuffix(s, "f")) || isHex && strings.Contains(s, "p") {
		return c.floatLit(n, s)
	}
	suf := ""
	for len(s) > 0 && (s[len(s)-1] == 'u' || s[len(s)-1] == 'l') {
		suf = string(s[len(s)-1]) + suf
		s = s[:len(s)-1]
	}
	v := new(big.Int)
	var ok bool
	switch {
	case isHex:
		_, ok = v.SetString(s[2:], 16)
	case strings.HasPrefix(s, "0b"):
		_, ok = v.SetString(s[2:], 2)
	case len(s) > 1 && s[0] == '0':
		_, ok = v.SetString(s[1:], 8)
	default:
		_, ok = v.SetString(s, 10)
	}
	if !ok {
		c.fail(line, "number %s", c.text(n))
	}
	unsigned := strings.Contains(suf, "u")
	longs := strings.Count(suf, "l")
	decimal := !isHex && !(len(s) > 1 && s[0] == '0')
	var cands []*Type
	switch {
	case unsigned && longs == 0:
		cands = []*Type{TUInt, TULong, TULLong}
	case unsigned:
		cands = []*Type{TULong, TULLong}
	case longs == 0 && decimal:
		cands = []*Type{TInt, TLong, TLLong}
	case longs == 0:
		cands = []*Type{TInt, TUInt, TLong, TULong, TLLong, TULLong}
	case decimal:
		cands = []*Type{TLong, TLLong}
	default:
		cands = []*Type{TLong, TULong, TLLong, TULLong}
	}
	for _, t := range cands {
		if fits(v, t) {
			return &Expr{Op: OConst, T: t, Val: v, Line: line}
		}
	}
	c.fail(line, "integer constant %s too large", c.text(n))
	return nil
}

func fits(v *big.Int, t *Type) bool {
	return WrapInt(v, t).Cmp(v) == 0
}

func (c *conv) floatLit(n *sitter.Node, s string) *Expr {
	t := TDouble
	if strings.HasSuffix(s, "f") && !strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0x") && strings.HasSuffix(s, "f") {
		t = TFloat
		s = s[:len(s)-1]
	} else if strings.HasSuffix(s, "l") {
		c.fail(c.ln(n), "long double constant")
	}
	bits := 64
	if t == TFloat {
		bits = 32
	}
	f, err := strconv.ParseFloat(s, bits)
	if err != nil && !math.IsInf(f, 0) {
		c.fail(c.ln(n), "floating constant %s", s)
	}
	return &Expr{Op: OFConst, T: t, F: f, Line: c.ln(n)}
}

// escapes decodes the escape sequences C allows in literals.
func (c *conv) unescape(s string, line int) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch != '\\' || i+1 >= len(s) {
			out = append(out, ch)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, k := 0, 0
			for k < 3 && i < len(s) && s[i] >= '0' && s[i] <= '7' {
				v = v*8 + int(s[i]-'0')
				i++
				k++
			}
			i--
			out = append(out, byte(v))
		case 'x':
			v, k := 0, 0
			i++
			for i < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i]) >= 0 {
				d, _ := strconv.ParseUint(s[i:i+1], 16, 8)
				v = v*16 + int(d)
				i++
				k++
			}
			i--
			if k == 0 {
				c.fail(line, "escape \\x without digits")
			}
			out = append(out, byte(v))
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'f':
			out = append(out, 12)
		case 'v':
			out = append(out, 11)
		case '\\', '\'', '"', '?':
			out = append(out, s[i])
		case 'u', 'U':
			// A universal character name, in gcc's execution character
			// set, UTF-8 (a char constant of more than one byte is
			// refused by its caller).
			n := 4
			if s[i] == 'U' {
				n = 8
			}
			if i+n >= len(s) {
				c.fail(line, "escape \\%c with fewer than %d digits", s[i], n)
			}
			r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(r)) {
				c.fail(line, "escape \\%c%s", s[i], s[i+1:i+1+n])
			}
			out = utf8.AppendRune(out, rune(r))
			i += n
		default:
			c.fail(line, "escape \\%c", s[i])
		}
	}
	return out
}

// stringBytes returns a string literal's bytes with the closing NUL.
func (c *conv) stringBytes(n *sitter.Node) []byte {
	var out []byte
	if n.Type() == "concatenated_string" {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			ch := n.NamedChild(i)
			if ch.Type() != "string_literal" {
				c.fail(lineOf(ch), "string concatenation with %s", ch.Type())
			}
			b := c.stringBytes(ch)
			out = append(out, b[:len(b)-1]...)
		}
		return append(out, 0)
	}
	t := c.text(n)
	if !strings.HasPrefix(t, "\"") {
		c.fail(lineOf(n), "wide or prefixed string literal")
	}
	return append(c.unescape(t[1:len(t)-1], lineOf(n)), 0)
}

// What a declarator declares (conv.declCtx): variable-length arrays are
// local variables, and a parameter's array size is not part of its type.
const (
	ctxNone = iota
	ctxLocal
	ctxParam
)

// VLAFunc is the call (OCall) that makes a variable-length array's
// object: (elements, element size) -> a pointer to a new object.
const VLAFunc = "__surety_vla"

// isIntLiteral reports whether n is an integer literal.
func isIntLiteral(n *sitter.Node) bool { return n.Type() == "number_literal" }
