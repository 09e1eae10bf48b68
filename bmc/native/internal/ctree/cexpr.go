package ctree

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/bmc/internal/verifier"
)

// NondetTypes maps the suffix of __VERIFIER_nondet_X to its type: the C
// type the harnesses give it (bmc/internal/verifier), but for pointers,
// which the engine does not make up.
var NondetTypes = func() map[string]*Type {
	m := map[string]*Type{}
	for _, suffix := range verifier.NondetSuffixes() {
		ct, _ := verifier.NondetCType(suffix)
		switch ct {
		case "_Bool":
			m[suffix] = TBool
		case "float":
			m[suffix] = TFloat
		case "double":
			m[suffix] = TDouble
		default:
			if t, ok := primitiveByWords(strings.Fields(ct)); ok {
				m[suffix] = t
			}
		}
	}
	return m
}()

// skipDefs are functions whose definitions the engine does not translate:
// their calls are assertion statements (bmc.ParseProgram), which the query
// turns into the target, an assumption or nothing. Every other function
// the program defines runs its own body, even where the engine has a
// model of the name (reach_error, __VERIFIER_assume, __VERIFIER_nondet_int,
// rand, ...): the program's definition is what a real run calls.
var skipDefs = map[string]bool{"__VERIFIER_assert": true}

// gccBuiltins are the C library functions that gcc knows as built-ins: it
// may evaluate a call itself (abs(-3), strlen("abc"), isdigit('1')),
// replace one function by another (printf("x\n") by puts) or call one
// where the source does not (memcpy for a struct copy), whatever body the
// program gives the name. A program that defines one of them is refused:
// neither its body nor the engine's model is sure to be what runs.
var gccBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
		abort abs labs llabs imaxabs exit _Exit calloc malloc realloc free alloca aligned_alloc
		printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf sscanf
		vscanf vfscanf vsscanf puts putchar putc fputs fputc fwrite
		memchr memcmp memcpy memmove mempcpy memset bcmp bcopy bzero
		strcat strchr strcmp strcpy strcspn strlen strnlen strncat strncmp strncpy strpbrk strrchr
		strspn strstr strdup strndup stpcpy stpncpy index rindex
		isalnum isalpha isascii isblank iscntrl isdigit isgraph islower isprint ispunct isspace
		isupper isxdigit tolower toupper toascii iswalnum iswalpha iswblank iswcntrl iswdigit
		iswgraph iswlower iswprint iswpunct iswspace iswupper iswxdigit towlower towupper
		ffs ffsl ffsll signbit isinf isnan finite`) {
		m[n] = true
	}
	for _, n := range strings.Fields(`
		acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp2 expm1
		fabs fdim floor fma fmax fmin fmod frexp hypot ilogb ldexp lgamma llrint llround log log10
		log1p log2 logb lrint lround modf nan nearbyint nextafter nexttoward pow remainder remquo
		rint round scalbln scalbn sin sinh sqrt tan tanh tgamma trunc`) {
		m[n], m[n+"f"], m[n+"l"] = true, true, true
	}
	return m
}()

func (c *conv) expr(n *sitter.Node) *Expr {
	c.depth++
	defer func() { c.depth-- }()
	line := c.ln(n)
	if c.depth > maxNesting {
		c.fail(line, "expression nested deeper than %d", maxNesting)
	}
	switch n.Type() {
	case "parenthesized_expression":
		if n.NamedChildCount() != 1 {
			c.fail(line, "parenthesized %s", c.text(n))
		}
		return c.expr(n.NamedChild(0))
	case "number_literal":
		return c.intLit(n)
	case "char_literal":
		t := c.text(n)
		if !strings.HasPrefix(t, "'") {
			c.fail(line, "wide character constant")
		}
		b := c.unescape(t[1:len(t)-1], line)
		if len(b) != 1 {
			c.fail(line, "multi-character constant")
		}
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(int64(int8(b[0]))), Line: line}
	case "string_literal", "concatenated_string":
		b := c.stringBytes(n)
		return &Expr{Op: OStr, T: &Type{Kind: KArray, Elem: TChar, Len: len(b)}, Str: b, Line: line}
	case "true":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(1), Line: line}
	case "false":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(0), Line: line}
	case "null":
		return &Expr{Op: OConv, T: TVoidP, X: &Expr{Op: OConst, T: TInt, Val: big.NewInt(0), Line: line}, Line: line}
	case "identifier":
		return c.ident(n)
	case "binary_expression":
		return c.binary(n)
	case "unary_expression":
		return c.unary(n)
	case "update_expression":
		op := c.text(n.ChildByFieldName("operator"))
		x := c.expr(n.ChildByFieldName("argument"))
		c.needLvalue(x, line)
		if !x.T.IsScalar() {
			c.fail(line, "%s on %s", op, x.T)
		}
		post := n.Child(0).Type() != op
		return &Expr{Op: OIncDec, T: x.T, X: x, Name: op, Post: post, Line: line, Src: c.text(n), Col: c.col(n)}
	case "pointer_expression":
		op := c.text(n.ChildByFieldName("operator"))
		x := c.expr(n.ChildByFieldName("argument"))
		if op == "&" {
			if x.Op == OFunc {
				return c.funcAddr(x)
			}
			if x.Op == ODeref && x.T.Kind == KFunc {
				return x.X // &*fp
			}
			if x.Op == OVar && x.Var.VLA {
				c.fail(line, "address of the variable-length array %s", x.Var.Name)
			}
			if x.T.Bits > 0 {
				c.fail(line, "address of the bit-field %s", x.Name)
			}
			if x.Op == OVar {
				x.Var.Mem = true
			}
			if x.Op == OStr {
				return &Expr{Op: OAddr, T: PtrTo(x.T), X: x, Line: line}
			}
			c.needLvalue(x, line)
			if x.Op == ODeref && x.X.Sub == SubAccess {
				x.X.Sub = subAddr // &a[i]: one past the end is a legal address
			}
			return &Expr{Op: OAddr, T: PtrTo(x.T), X: x, Line: line}
		}
		x = c.rval(x)
		if !x.T.IsPtr() {
			c.fail(line, "dereference of %s", x.T)
		}
		if x.T.Elem.Kind == KVoid {
			c.fail(line, "dereference of void*")
		}
		if x.T.Elem.Kind == KFunc {
			// *fp designates the function again: rval turns it back
			// into the pointer, and a call calls through it
			return &Expr{Op: ODeref, T: x.T.Elem, X: x, Line: line}
		}
		return &Expr{Op: ODeref, T: x.T.Elem, X: x, Line: line, Src: c.text(n), Col: c.col(n)}
	case "assignment_expression":
		return c.assign(n)
	case "call_expression":
		return c.call(n)
	case "subscript_expression":
		a := c.rval(c.expr(n.ChildByFieldName("argument")))
		idxN := n.ChildByFieldName("index")
		if idxN == nil {
			if il := n.ChildByFieldName("indices"); il != nil && il.NamedChildCount() == 1 {
				idxN = il.NamedChild(0)
			} else {
				c.fail(line, "subscript form")
			}
		}
		i := c.rval(c.expr(idxN))
		if !a.T.IsPtr() && i.T.IsPtr() {
			a, i = i, a
		}
		if !a.T.IsPtr() || !i.T.IsInt() {
			c.fail(line, "subscript of %s by %s", a.T, i.T)
		}
		if a.T.Elem.Kind == KVoid || a.T.Elem.Kind == KFunc {
			c.fail(line, "subscript of %s", a.T)
		}
		p := &Expr{Op: OPtrAdd, T: a.T, X: a, Y: c.convert(i, TLong, line), Name: "+", Line: line, Src: c.text(n), Col: c.col(n)}
		if a.Op == ODecay && a.X.T.Kind == KArray && a.X.T.Len > 0 {
			p.Sub = SubAccess
		}
		return &Expr{Op: ODeref, T: a.T.Elem, X: p, Line: line, Src: c.text(n), Col: c.col(n)}
	case "field_expression":
		x := c.expr(n.ChildByFieldName("argument"))
		op := c.text(n.ChildByFieldName("operator"))
		if op == "->" {
			x = c.rval(x)
			if !x.T.IsPtr() {
				c.fail(line, "-> on %s", x.T)
			}
			x = &Expr{Op: ODeref, T: x.T.Elem, X: x, Line: line, Src: c.text(n), Col: c.col(n)}
		}
		if x.T.Kind != KStruct || x.T.Len < 0 {
			c.fail(line, "member of %s", x.T)
		}
		if !x.lvalue() {
			c.fail(line, "member of a struct value that is not an object")
		}
		name := c.text(n.ChildByFieldName("field"))
		path := fieldPath(x.T, name)
		if path == nil {
			c.fail(line, "no member %s in %s", name, x.T)
		}
		for _, i := range path {
			c.use(x.T, i)
			f := x.T.Fields[i]
			x = &Expr{Op: OField, T: f.T, X: x, Off: f.Off, Name: f.Name, Line: line, Src: c.text(n), Col: c.col(n)}
		}
		return x
	case "cast_expression":
		t := c.typeName(n.ChildByFieldName("type"))
		x := c.rval(c.expr(n.ChildByFieldName("value")))
		if t.Kind == KVoid {
			return &Expr{Op: OConv, T: TVoid, X: x, Line: line}
		}
		if t.Union {
			return c.unionCast(x, t, line)
		}
		return c.cast(x, t, line)
	case "sizeof_expression":
		var t *Type
		if tn := n.ChildByFieldName("type"); tn != nil {
			t = c.typeName(tn)
		} else if td := c.typedefIn(n.ChildByFieldName("value")); td != nil {
			t = td
		} else {
			e := c.expr(n.ChildByFieldName("value"))
			if e.Op == OVar && e.Var.VLA {
				// its length, as the declaration evaluated it
				size := &Expr{Op: OConst, T: TULong, Val: big.NewInt(int64(e.Var.T.Elem.Size())), Line: line}
				return &Expr{Op: OBin, T: TULong, X: &Expr{Op: OVar, T: TULong, Var: e.Var.VLALen, Line: line}, Y: size, Name: "*", Line: line}
			}
			t = e.T
		}
		if t.Kind == KFunc || t.Kind == KVoid || (t.Kind == KArray && t.Len < 0) {
			c.fail(line, "sizeof of %s", t)
		}
		if a, holds := attributed(t); a != nil {
			c.fail(line, "sizeof of %s, whose layout %s changes", a, a.Attributed)
		} else if holds && c.prog.SizeofStruct == 0 {
			c.prog.SizeofStruct = line
		}
		return &Expr{Op: OConst, T: TULong, Val: big.NewInt(int64(t.Size())), Line: line}
	case "conditional_expression":
		if n.ChildByFieldName("consequence") == nil {
			return c.elvis(n)
		}
		cond := c.cond(c.expr(n.ChildByFieldName("condition")))
		y := c.rval(c.expr(n.ChildByFieldName("consequence")))
		z := c.rval(c.expr(n.ChildByFieldName("alternative")))
		return c.conditional(cond, y, z, line)
	case "comma_expression":
		x := c.expr(n.ChildByFieldName("left"))
		y := c.rval(c.expr(n.ChildByFieldName("right")))
		return &Expr{Op: OComma, T: y.T, X: x, Y: y, Line: line}
	case "compound_literal_expression":
		return c.compoundLiteral(n)
	case "initializer_list":
		c.fail(line, "initialiser list in an expression")
	case "gnu_asm_expression":
		c.fail(line, "inline assembly (asm)")
	case "compound_statement":
		return c.stmtExpr(n)
	}
	c.fail(line, "expression %s", n.Type())
	return nil
}

// compoundLiteral translates (T){...}: an unnamed object of the enclosing
// block, initialised where the literal is evaluated, as the lvalue
// *({ T tmp = {...}; &tmp; }); outside a function, an unnamed static
// object.
func (c *conv) compoundLiteral(n *sitter.Node) *Expr {
	line := c.ln(n)
	t := c.typeName(n.ChildByFieldName("type"))
	val := n.ChildByFieldName("value")
	if val == nil || val.Type() != "initializer_list" {
		c.fail(line, "compound literal without an initialiser list")
	}
	if t.Kind == KArray && t.Len < 0 {
		t = &Type{Kind: KArray, Elem: t.Elem, Len: c.initLen(t, val)}
	}
	if !t.IsScalar() && t.Kind != KArray && t.Kind != KStruct || t.Kind == KStruct && t.Len < 0 {
		c.fail(line, "compound literal of %s", t)
	}
	v := c.newVar(fmt.Sprintf("(%s){...}#%d", t, c.prog.NumVars+1), t, line)
	v.Mem = true
	if c.scopes == nil {
		v.Global = true
		v.Init = c.initializer(t, val, true)
		c.prog.Globals = append(c.prog.Globals, v)
		return &Expr{Op: OVar, T: t, Var: v, Line: line, Src: c.text(n), Col: c.col(n)}
	}
	v.Init = c.initializer(t, val, false)
	addr := &Expr{Op: OAddr, T: PtrTo(t), X: &Expr{Op: OVar, T: t, Var: v, Line: line}, Line: line}
	blk := &Stmt{Op: SBlock, Line: line, List: []*Stmt{{Op: SDecl, Line: line, Decls: []*Var{v}}}}
	ptr := &Expr{Op: OStmtExpr, T: addr.T, Block: blk, Y: addr, Line: line}
	return &Expr{Op: ODeref, T: t, X: ptr, Line: line, Src: c.text(n), Col: c.col(n)}
}

// conditional is cond ? y : z, its operands converted to their common
// type.
func (c *conv) conditional(cond, y, z *Expr, line int) *Expr {
	var t *Type
	switch {
	case y.T.isArith() && z.T.isArith():
		t = usual(y.T, z.T)
	case z.T.IsFuncPtr() && y.T.IsPtr() && !y.T.IsFuncPtr() && IsNullConst(StripConv(y)):
		t = z.T // c ? NULL : f
	case y.T.IsPtr() && (z.T.IsPtr() || IsNullConst(z)):
		t = y.T
	case z.T.IsPtr() && IsNullConst(y):
		t = z.T
	case y.T.Kind == KVoid || z.T.Kind == KVoid:
		t = TVoid // gcc: c ? f() : x with f void is void
	default:
		c.fail(line, "conditional of %s and %s", y.T, z.T)
	}
	if t.Kind != KVoid {
		y, z = c.convert(y, t, line), c.convert(z, t, line)
	}
	return &Expr{Op: OCond, T: t, X: cond, Y: y, Z: z, Line: line}
}

// elvis translates gcc's a ?: b, which is a ? a : b with a evaluated
// once: a temporary of a's type holds it, declared where the expression
// is evaluated (as a compound literal's object is).
func (c *conv) elvis(n *sitter.Node) *Expr {
	line := c.ln(n)
	if c.scopes == nil {
		c.fail(line, "conditional with the middle operand omitted outside a function")
	}
	a := c.rval(c.expr(n.ChildByFieldName("condition")))
	if !a.T.IsScalar() {
		c.fail(line, "conditional with the middle operand omitted, of %s", a.T)
	}
	v := c.newVar(fmt.Sprintf("(?:)#%d", c.prog.NumVars+1), a.T, line)
	v.Init = &Init{Scalar: a}
	ref := func() *Expr { return &Expr{Op: OVar, T: a.T, Var: v, Line: line} }
	z := c.rval(c.expr(n.ChildByFieldName("alternative")))
	cond := c.conditional(c.cond(ref()), ref(), z, line)
	blk := &Stmt{Op: SBlock, Line: line, List: []*Stmt{{Op: SDecl, Line: line, Decls: []*Var{v}}}}
	return &Expr{Op: OStmtExpr, T: cond.T, Block: blk, Y: cond, Line: line, Src: c.text(n), Col: c.col(n)}
}

// stmtExpr translates GNU's statement expression ({ s1; ...; e; }): the
// statements run in order and the value is the last expression
// statement's (void when the last statement is not an expression).
func (c *conv) stmtExpr(n *sitter.Node) *Expr {
	line := c.ln(n)
	c.scopes = append(c.scopes, map[string]*Var{})
	defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
	var kids []*sitter.Node
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if ch := n.NamedChild(i); ch.Type() != "comment" {
			kids = append(kids, ch)
		}
	}
	blk := &Stmt{Op: SBlock, Line: line}
	var last *Expr
	for i, ch := range kids {
		if i == len(kids)-1 && ch.Type() == "expression_statement" && ch.NamedChildCount() == 1 {
			if _, isAssert := c.asserts[int(ch.StartByte())]; !isAssert && c.misparsedDecl(ch.NamedChild(0)) == nil {
				last = c.expr(ch.NamedChild(0))
				if last.T.Kind != KVoid {
					last = c.rval(last)
				}
				continue
			}
		}
		blk.List = append(blk.List, c.stmt(ch))
	}
	if l, what := escapes(blk, 0, 0); what != "" {
		c.fail(l, "%s out of a statement expression", what)
	}
	if last == nil || last.T.Kind == KVoid {
		return &Expr{Op: OStmtExpr, T: TVoid, Block: blk, Y: last, Line: line}
	}
	if last.T.Kind == KStruct {
		c.fail(line, "statement expression of type %s", last.T)
	}
	return &Expr{Op: OStmtExpr, T: last.T, Block: blk, Y: last, Line: line}
}

// escapes finds a return, or a break or continue that leaves st (loops
// and breaks count the loops, and the loops and switches, around st
// inside the statement expression), and says which.
func escapes(st *Stmt, loops, breaks int) (int, string) {
	if st == nil {
		return 0, ""
	}
	switch st.Op {
	case SReturn:
		return st.Line, "return"
	case SBreak:
		if breaks == 0 {
			return st.Line, "break"
		}
	case SContinue:
		if loops == 0 {
			return st.Line, "continue"
		}
	case SGoto:
		return st.Line, "goto"
	case SLabel:
		return st.Line, "a label"
	case SWhile, SDo, SFor:
		loops, breaks = loops+1, breaks+1
	case SSwitch:
		breaks++
	}
	for _, s := range append([]*Stmt{st.Init, st.Body, st.Else}, st.List...) {
		if l, w := escapes(s, loops, breaks); w != "" {
			return l, w
		}
	}
	return 0, ""
}

// col is the 1-based byte column where n starts, as gcc counts it, or 0
// inside a macro expansion (whose text is not on the line).
func (c *conv) col(n *sitter.Node) int {
	if c.line > 0 || c.exact != nil && !c.exact(lineOf(n)) {
		return 0
	}
	return int(n.StartPoint().Column) + 1
}

// typedefIn recognises "(T)" where T is a typedef name, which the parser
// reads as a parenthesized identifier.
func (c *conv) typedefIn(n *sitter.Node) *Type {
	for n != nil && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	if n == nil || (n.Type() != "identifier" && n.Type() != "type_identifier") {
		return nil
	}
	name := c.text(n)
	if c.lookup(name) != nil {
		return nil
	}
	if t, ok := c.typedefs[name]; ok {
		return t
	}
	if t, ok := primitiveByWords([]string{name}); ok {
		return t // a library's type the grammar does not know (wchar_t)
	}
	return nil
}

// IsNullConst reports whether e is an integer constant 0 (a null pointer
// constant).
func IsNullConst(e *Expr) bool {
	v, ok := FoldInt(e)
	return ok && v.Sign() == 0 && e.T.IsInt()
}

func (c *conv) needLvalue(x *Expr, line int) {
	if !x.lvalue() {
		c.fail(line, "assignment to a non-lvalue")
	}
	if x.T.Const {
		c.fail(line, "assignment to const")
	}
}

// typeName resolves a type_descriptor.
func (c *conv) typeName(n *sitter.Node) *Type {
	base := c.baseType(n.ChildByFieldName("type"))
	_, t := c.declarator(base, n.ChildByFieldName("declarator"))
	return t
}

func (c *conv) ident(n *sitter.Node) *Expr {
	line := c.ln(n)
	name := c.text(n)
	if v := c.lookup(name); v != nil {
		return &Expr{Op: OVar, T: v.T, Var: v, Line: line}
	}
	if v, ok := c.enums[name]; ok {
		return &Expr{Op: OConst, T: TInt, Val: v, Line: line}
	}
	switch name {
	case "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__":
		// the enclosing function's name, a static char array (for C,
		// gcc's __PRETTY_FUNCTION__ is the plain name too)
		if c.cur == nil {
			c.fail(line, "%s outside a function", name)
		}
		b := append([]byte(c.cur.Name), 0)
		return &Expr{Op: OStr, T: &Type{Kind: KArray, Elem: TChar, Len: len(b)}, Str: b, Line: line}
	case "NULL":
		return &Expr{Op: OConv, T: TVoidP, X: &Expr{Op: OConst, T: TInt, Val: big.NewInt(0), Line: line}, Line: line}
	case "stdin", "stdout", "stderr":
		return &Expr{Op: OConst, T: TVoidP, Val: big.NewInt(0), Name: name, Line: line}
	case "EOF":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(-1), Line: line}
	case "RAND_MAX", "INT_MAX":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(2147483647), Line: line}
	case "INT_MIN":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(-2147483648), Line: line}
	case "UINT_MAX":
		return &Expr{Op: OConst, T: TUInt, Val: big.NewInt(4294967295), Line: line}
	case "LONG_MAX", "LLONG_MAX":
		return &Expr{Op: OConst, T: TLong, Val: big.NewInt(9223372036854775807), Line: line}
	case "LONG_MIN", "LLONG_MIN":
		return &Expr{Op: OConst, T: TLong, Val: new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 63)), Line: line}
	case "CHAR_MAX", "SCHAR_MAX":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(127), Line: line}
	case "CHAR_MIN", "SCHAR_MIN":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(-128), Line: line}
	case "UCHAR_MAX":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(255), Line: line}
	case "SHRT_MAX":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(32767), Line: line}
	case "SHRT_MIN":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(-32768), Line: line}
	case "USHRT_MAX":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(65535), Line: line}
	case "true":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(1), Line: line}
	case "false":
		return &Expr{Op: OConst, T: TInt, Val: big.NewInt(0), Line: line}
	}
	if m, ok := c.macros[name]; ok {
		if m.fn || m.node == nil {
			c.fail(line, "macro %s", name)
		}
		if c.line == 0 {
			c.line = line
			defer func() { c.line = 0 }()
		}
		saved := c.src
		c.src = m.src
		defer func() { c.src = saved }()
		delete(c.macros, name) // no self-recursion
		defer func() { c.macros[name] = m }()
		return c.expr(m.node)
	}
	if c.defs[name] && !skipDefs[name] {
		return c.funcDesignator(name, line)
	}
	if c.protos[name] != nil || c.defs[name] {
		c.fail(line, "function %s used as a value, which the program does not define", name)
	}
	if _, ok := libFuncs[name]; ok || gccBuiltins[name] {
		c.fail(line, "library function %s used as a value", name)
	}
	if strings.HasPrefix(name, "SIG") {
		c.fail(line, "signal %s (signal, raise and handlers are not modelled)", name)
	}
	if name == "errno" {
		c.fail(line, "errno (not modelled)")
	}
	c.fail(line, "undeclared identifier %s", name)
	return nil
}

// rval applies array decay.
func (c *conv) rval(e *Expr) *Expr {
	switch e.T.Kind {
	case KArray:
		return &Expr{Op: ODecay, T: PtrTo(e.T.Elem), X: e, Line: e.Line}
	case KFunc:
		switch e.Op {
		case OFunc:
			return c.funcAddr(e)
		case ODeref:
			return e.X
		}
		c.fail(e.Line, "function designator %s", e.T)
	}
	return e
}

// funcDesignator is the function name as an expression (OFunc): a call
// of a function through a pointer, or its address, takes it.
func (c *conv) funcDesignator(name string, line int) *Expr {
	f, ok := c.funcs[name]
	if !ok {
		pt, ok := c.protos[name]
		if !ok || pt.Kind != KFunc {
			c.fail(line, "function %s used as a value before its definition without a prototype", name)
		}
		f = &Func{Name: name, Ret: pt.Ret, Proto: pt}
		c.funcs[name] = f
	}
	return &Expr{Op: OFunc, T: FuncType(f), Fn: f, Name: name, Line: line}
}

// FuncType is the type of function f: its definition's, or that of the
// prototype by which it was used before its definition.
func FuncType(f *Func) *Type {
	if f.Body == nil && f.Params == nil && f.Proto != nil {
		return f.Proto
	}
	ft := &Type{Kind: KFunc, Ret: f.Ret}
	for _, p := range f.Params {
		ft.Params = append(ft.Params, p.T)
	}
	return ft
}

// funcAddr is the address of a function (&f, or f where C converts it to
// a pointer): one of the values a function pointer may hold, and a
// candidate of every call through a pointer of its signature.
func (c *conv) funcAddr(e *Expr) *Expr {
	if c.addrTaken == nil {
		c.addrTaken = map[*Func]bool{}
	}
	c.addrTaken[e.Fn] = true
	return &Expr{Op: OAddr, T: PtrTo(e.T), X: e, Line: e.Line}
}

// resolveCands fills in the candidates of every call through a pointer
// (and of qsort's and bsearch's comparators): the address-taken
// functions of the pointer's signature (FuncSig), sorted by name.
func (c *conv) resolveCands() {
	var taken []*Func
	for f := range c.addrTaken {
		taken = append(taken, f)
	}
	sort.Slice(taken, func(i, j int) bool { return taken[i].Name < taken[j].Name })
	c.prog.AddrTaken = taken
	for _, e := range c.ptrCalls {
		sig := FuncSig(ptrCallType(e))
		for _, f := range taken {
			if FuncSig(FuncType(f)) == sig {
				e.Cands = append(e.Cands, f)
			}
		}
	}
}

// ptrCallType is the function type a call through a pointer (or a
// library function's comparator) calls by.
func ptrCallType(e *Expr) *Type {
	if e.X != nil {
		return e.X.T.Elem
	}
	return CmpType
}

// CmpType is the type of qsort's and bsearch's comparator,
// int (*)(const void *, const void *), without the pointer.
var CmpType = &Type{Kind: KFunc, Ret: TInt, Params: []*Type{TVoidP, TVoidP}}

// hasCall reports whether evaluating e calls a function.
func hasCall(e *Expr) bool {
	return anyExpr(e, func(e *Expr) bool { return e.Op == OCall || e.Op == OStmtExpr })
}

// changes reports whether evaluating e may change the state: a call, an
// assignment, an increment.
func changes(e *Expr) bool {
	return anyExpr(e, func(e *Expr) bool {
		switch e.Op {
		case OCall, OStmtExpr, OAssign, OCompound, OIncDec:
			return true
		}
		return false
	})
}

// anyExpr reports whether p holds of e or of an expression in it.
func anyExpr(e *Expr, p func(*Expr) bool) bool {
	if e == nil {
		return false
	}
	if p(e) || anyExpr(e.X, p) || anyExpr(e.Y, p) || anyExpr(e.Z, p) {
		return true
	}
	for _, a := range e.Args {
		if anyExpr(a, p) {
			return true
		}
	}
	return false
}

// cond turns a scalar expression into a condition (compared with 0 at
// evaluation).
func (c *conv) cond(e *Expr) *Expr {
	e = c.rval(e)
	c.agreeing(e, nil)
	if !e.T.IsScalar() {
		c.fail(e.Line, "condition of type %s", e.T)
	}
	return e
}

// convert inserts an implicit conversion of e to t.
func (c *conv) convert(e *Expr, t *Type, line int) *Expr {
	c.agreeing(e, t)
	if e.T.IsFuncPtr() || t.IsFuncPtr() {
		// A function pointer converts to its own type, to _Bool, and
		// from a null pointer constant: nothing else, so that a call
		// through it calls a function of its signature (FuncSig).
		null := (e.T.IsInt() || e.T.IsPtr() && !e.T.IsFuncPtr()) && IsNullConst(StripConv(e))
		switch {
		case t.IsFuncPtr() && null:
		case e.T.IsFuncPtr() && t.Bool:
		case e.T.IsFuncPtr() && t.IsFuncPtr() && SameType(e.T.Elem, t.Elem):
			if e.T == t {
				return e
			}
		default:
			c.fail(line, "conversion of %s to %s", e.T, t)
		}
		return &Expr{Op: OConv, T: t, X: e, Line: line}
	}
	if SameType(e.T, t) && e.T.Kind != KPtr {
		if e.T == t {
			return e
		}
		return &Expr{Op: OConv, T: t, X: e, Line: line}
	}
	switch {
	case e.T.isArith() && t.isArith():
	case e.T.IsPtr() && t.IsPtr():
		c.checkPtrConv(e.T, t, line)
	case e.T.IsInt() && t.IsPtr():
		if !IsNullConst(e) {
			c.fail(line, "integer converted to pointer")
		}
	case e.T.IsPtr() && t.IsInt():
		if !t.Bool {
			c.fail(line, "pointer converted to integer")
		}
	default:
		c.fail(line, "conversion of %s to %s", e.T, t)
	}
	return &Expr{Op: OConv, T: t, X: e, Line: line}
}

// arrayOf reports whether a is an array of t, or of arrays of t.
func arrayOf(a, t *Type) bool {
	for a.Kind == KArray {
		a = a.Elem
		if SameType(a, t) {
			return true
		}
	}
	return false
}

// checkPtrConv rejects pointer conversions that would reinterpret cells:
// the memory model keeps one array per cell sort, so only conversions
// through void* or between the same pointee are sound.
func (c *conv) checkPtrConv(from, to *Type, line int) {
	if from.Elem.Kind == KVoid || to.Elem.Kind == KVoid || SameType(from.Elem, to.Elem) {
		return
	}
	if arrayOf(from.Elem, to.Elem) || arrayOf(to.Elem, from.Elem) {
		return // T(*)[N] <-> T*: the same cells, as &a and &a[0]
	}
	fl, tl := ScalarLeaves(from.Elem, nil), ScalarLeaves(to.Elem, nil)
	if len(fl) > 0 && len(tl) > 0 && fl[0].SMTSort() == tl[0].SMTSort() && (from.Elem.Kind != KStruct && to.Elem.Kind != KStruct) {
		return // e.g. char* <-> unsigned char*: same cells, other reading
	}
	c.fail(line, "pointer cast from %s to %s", from, to)
}

func (c *conv) cast(x *Expr, t *Type, line int) *Expr {
	if !t.IsScalar() {
		c.fail(line, "cast to %s", t)
	}
	if x.T.IsPtr() && t.IsInt() && !t.Bool {
		c.fail(line, "cast of pointer to integer")
	}
	return c.convert(x, t, line)
}

// assignConv converts for assignment, argument passing and return.
func (c *conv) assignConv(e *Expr, t *Type, line int) *Expr {
	if t.Kind == KStruct {
		if e.T.Kind != KStruct || e.T != t && e.T.Name != t.Name {
			c.fail(line, "assignment of %s to %s", e.T, t)
		}
		return e
	}
	return c.convert(e, t, line)
}

func (c *conv) binary(n *sitter.Node) *Expr {
	line := c.ln(n)
	op := c.text(n.ChildByFieldName("operator"))
	x := c.rval(c.expr(n.ChildByFieldName("left")))
	y := c.rval(c.expr(n.ChildByFieldName("right")))
	e := c.binop(op, x, y, line)
	if e.Src == "" {
		e.Src, e.Col = c.text(n), c.col(n)
	}
	return e
}

func (c *conv) binop(op string, x, y *Expr, line int) *Expr {
	switch op {
	case "&&", "||":
		x, y = c.cond(x), c.cond(y)
		o := OAnd
		if op == "||" {
			o = OOr
		}
		return &Expr{Op: o, T: TInt, X: x, Y: y, Line: line}
	case "+", "-":
		if x.T.IsPtr() && y.T.IsInt() {
			c.ptrArith(x, line)
			return &Expr{Op: OPtrAdd, T: x.T, X: x, Y: c.convert(y, TLong, line), Name: op, Line: line}
		}
		if op == "+" && x.T.IsInt() && y.T.IsPtr() {
			c.ptrArith(y, line)
			return &Expr{Op: OPtrAdd, T: y.T, X: y, Y: c.convert(x, TLong, line), Name: op, Line: line}
		}
		if op == "-" && x.T.IsPtr() && y.T.IsPtr() {
			c.ptrArith(x, line)
			return &Expr{Op: OPtrDiff, T: TLong, X: x, Y: y, Line: line}
		}
	case "==", "!=", "<", ">", "<=", ">=":
		if x.T.IsPtr() || y.T.IsPtr() {
			switch {
			case x.T.IsPtr() && y.T.IsPtr():
				y = c.convertPtrCmp(y, x.T, line)
			case x.T.IsPtr() && IsNullConst(y):
				y = &Expr{Op: OConv, T: x.T, X: y, Line: line}
			case y.T.IsPtr() && IsNullConst(x):
				x = &Expr{Op: OConv, T: y.T, X: x, Line: line}
			default:
				c.fail(line, "comparison of %s and %s", x.T, y.T)
			}
			return &Expr{Op: OBin, T: TInt, X: x, Y: y, Name: op, Line: line}
		}
	case "<<", ">>":
		if !x.T.IsInt() || !y.T.IsInt() {
			c.fail(line, "shift of %s by %s", x.T, y.T)
		}
		t := Promote(x.T)
		return &Expr{Op: OBin, T: t, X: c.convert(x, t, line), Y: c.convert(y, Promote(y.T), line), Name: op, Line: line}
	}
	if !x.T.isArith() || !y.T.isArith() {
		c.fail(line, "operator %s on %s and %s", op, x.T, y.T)
	}
	t := usual(x.T, y.T)
	if t.IsFloat() && strings.Contains("%&|^", op) {
		c.fail(line, "operator %s on floating point", op)
	}
	rt := t
	switch op {
	case "==", "!=", "<", ">", "<=", ">=":
		rt = TInt
	}
	return &Expr{Op: OBin, T: rt, X: c.convert(x, t, line), Y: c.convert(y, t, line), Name: op, Line: line}
}

func (c *conv) convertPtrCmp(y *Expr, t *Type, line int) *Expr {
	if y.T.Elem.Kind == KVoid || t.Elem.Kind == KVoid || SameType(y.T.Elem, t.Elem) {
		return &Expr{Op: OConv, T: t, X: y, Line: line}
	}
	c.fail(line, "comparison of %s and %s", y.T, t)
	return nil
}

func (c *conv) ptrArith(p *Expr, line int) {
	if p.T.Elem.Kind == KVoid || p.T.Elem.Kind == KFunc || (p.T.Elem.Kind == KStruct && p.T.Elem.Len < 0) {
		c.fail(line, "arithmetic on %s", p.T)
	}
}

func (c *conv) unary(n *sitter.Node) *Expr {
	line := c.ln(n)
	op := c.text(n.ChildByFieldName("operator"))
	x := c.rval(c.expr(n.ChildByFieldName("argument")))
	switch op {
	case "!":
		x = c.cond(x)
		return &Expr{Op: OUn, T: TInt, X: x, Name: "!", Line: line}
	case "+", "-", "~":
		if !x.T.isArith() || (op == "~" && !x.T.IsInt()) {
			c.fail(line, "unary %s on %s", op, x.T)
		}
		t := Promote(x.T)
		x = c.convert(x, t, line)
		if op == "+" {
			return x
		}
		return &Expr{Op: OUn, T: t, X: x, Name: op, Line: line, Src: c.text(n), Col: c.col(n)}
	}
	c.fail(line, "unary %s", op)
	return nil
}

func (c *conv) assign(n *sitter.Node) *Expr {
	line := c.ln(n)
	op := c.text(n.ChildByFieldName("operator"))
	x := c.expr(n.ChildByFieldName("left"))
	c.needLvalue(x, line)
	y := c.rval(c.expr(n.ChildByFieldName("right")))
	if x.T.Kind == KArray {
		c.fail(line, "assignment to an array")
	}
	if op == "=" {
		return &Expr{Op: OAssign, T: x.T, X: x, Y: c.assignConv(y, x.T, line), Line: line}
	}
	bop := strings.TrimSuffix(op, "=")
	if x.T.IsPtr() {
		if (bop != "+" && bop != "-") || !y.T.IsInt() {
			c.fail(line, "%s on a pointer", op)
		}
		c.ptrArith(x, line)
		return &Expr{Op: OCompound, T: x.T, X: x, Y: c.convert(y, TLong, line), Name: bop, CT: x.T, Line: line, Src: c.text(n), Col: c.col(n)}
	}
	if !x.T.isArith() || !y.T.isArith() {
		c.fail(line, "%s on %s and %s", op, x.T, y.T)
	}
	var ct *Type
	if bop == "<<" || bop == ">>" {
		if !x.T.IsInt() || !y.T.IsInt() {
			c.fail(line, "%s on %s", op, x.T)
		}
		ct = Promote(x.T)
		y = c.convert(y, Promote(y.T), line)
	} else {
		ct = usual(x.T, y.T)
		if ct.IsFloat() && strings.Contains("%&|^", bop) {
			c.fail(line, "%s on floating point", op)
		}
		y = c.convert(y, ct, line)
	}
	return &Expr{Op: OCompound, T: x.T, X: x, Y: y, Name: bop, CT: ct, Line: line, Src: c.text(n), Col: c.col(n)}
}

func (c *conv) call(n *sitter.Node) *Expr {
	line := c.ln(n)
	fn := n.ChildByFieldName("function")
	var callee *Expr
	name := c.text(fn)
	if t := c.typedefIn(fn); t != nil && fn.Type() == "parenthesized_expression" {
		// (T)(x) with T a typedef name, which the parser reads as a call
		args := n.ChildByFieldName("arguments")
		if args == nil || args.NamedChildCount() != 1 || t.Kind == KVoid || t.Union {
			c.fail(line, "cast to %s of this form", t)
		}
		return c.cast(c.rval(c.expr(args.NamedChild(0))), t, line)
	}
	if fn.Type() != "identifier" || c.lookup(name) != nil {
		callee = c.rval(c.expr(fn))
		if callee.Op == OAddr && callee.X.Op == OFunc {
			// (f)(x), (*f)(x), (&f)(x): a direct call
			callee, name = nil, callee.X.Name
		} else if !callee.T.IsFuncPtr() {
			c.fail(line, "call through %s", callee.T)
		}
	}
	argsN := n.ChildByFieldName("arguments")
	if name == "__extension__" && !c.defs[name] {
		// GNU's __extension__ (e), which the parser reads as a call: e
		if argsN.NamedChildCount() != 1 {
			c.fail(line, "__extension__ with %d operands", argsN.NamedChildCount())
		}
		return c.expr(argsN.NamedChild(0))
	}
	var args []*Expr
	var argT []*Type
	for i := 0; i < int(argsN.NamedChildCount()); i++ {
		a := argsN.NamedChild(i)
		if a.Type() == "comment" {
			continue
		}
		e := c.expr(a)
		if e.T.Kind == KArray {
			argT = append(argT, PtrTo(e.T.Elem))
		} else {
			argT = append(argT, e.T)
		}
		if e.T.Kind == KStruct {
			args = append(args, e)
		} else {
			args = append(args, c.rval(e))
		}
	}
	if callee != nil {
		e := c.callPtr(callee, args, argT, line)
		e.Src, e.Col = c.text(n), c.col(n)
		return e
	}
	if c.defs[name] && !skipDefs[name] {
		f, ok := c.funcs[name]
		if !ok {
			// defined further down: convert by the prototype, which the
			// definition must match
			pt, ok := c.protos[name]
			if !ok || pt.Kind != KFunc {
				c.fail(line, "call of %s before its definition without a prototype", name)
			}
			f = &Func{Name: name, Ret: pt.Ret, Proto: pt}
			c.funcs[name] = f
		}
		params := make([]*Type, len(f.Params))
		for i, p := range f.Params {
			params[i] = p.T
		}
		if f.Body == nil && f.Proto != nil {
			params = f.Proto.Params
		}
		if len(args) != len(params) && !(f.Variadic && len(args) > len(params)) {
			c.fail(line, "call of %s with %d arguments, wants %d", name, len(args), len(params))
		}
		for i, pt := range params {
			args[i] = c.assignConv(args[i], pt, line)
		}
		for i := len(params); i < len(args); i++ {
			args[i] = c.rval(args[i]) // evaluated, never read
		}
		return &Expr{Op: OCall, T: f.Ret, Fn: f, Name: name, Args: args, ArgT: argT, Line: line}
	}
	if strings.HasPrefix(name, "__VERIFIER_nondet_") {
		if t, ok := NondetTypes[strings.TrimPrefix(name, "__VERIFIER_nondet_")]; ok {
			if len(args) != 0 {
				c.fail(line, "%s with arguments", name)
			}
			return &Expr{Op: OCall, T: t, Name: name, Line: line}
		}
	}
	if e := c.fpBuiltin(name, args, argT, line); e != nil {
		return e
	}
	if name == "__CPROVER_allocate" && c.buildDecls[name] != "" {
		// CBMC's allocation, which the builds' header defines as malloc
		// or calloc: the same here (CBMC's Malloc19)
		if len(args) != 2 {
			c.fail(line, "%s with %d arguments", name, len(args))
		}
		zero := c.constInt(c.rval(args[1]))
		name, args, argT = "malloc", args[:1], argT[:1]
		if zero.Sign() != 0 {
			one := &Expr{Op: OConst, T: TULong, Val: big.NewInt(1), Line: line}
			name, args, argT = "calloc", []*Expr{one, args[0]}, []*Type{TULong, argT[0]}
		}
	}
	if base, ok := strings.CutPrefix(name, "__builtin_"); ok {
		if base == "expect" && len(args) == 2 {
			// __builtin_expect(e, c) is e, as a long; c is a hint
			if hasCall(args[1]) {
				c.fail(line, "__builtin_expect with a hint that a call computes")
			}
			return c.convert(args[0], TLong, line)
		}
		if _, lib := libFuncs[base]; lib {
			// gcc's built-in of a library function does what it does
			name = base
		}
	}
	lf, ok := libFuncs[name]
	if !ok && skipDefs[name] {
		c.fail(line, "call of %s outside an assertion statement", name)
	}
	if !ok {
		return c.bodiless(name, args, argT, line)
	}
	if len(args) < lf.min || (lf.max >= 0 && len(args) > lf.max) {
		c.fail(line, "call of %s with %d arguments", name, len(args))
	}
	for i, a := range args {
		if a.T.Kind == KStruct {
			c.fail(line, "struct argument to %s", name)
		}
		_ = i
	}
	c.checkLibArgs(name, args, line)
	e := &Expr{Op: OCall, T: lf.ret, Name: name, Args: args, ArgT: argT, Line: line}
	if name == "qsort" || name == "bsearch" {
		c.sortArgs(e)
	}
	return e
}

// callPtr is a call through a function pointer: its arguments are
// converted by the pointer's type, and it calls one of the candidates
// (Expr.Cands, resolved once the whole program is read).
func (c *conv) callPtr(callee *Expr, args []*Expr, argT []*Type, line int) *Expr {
	ft := callee.T.Elem
	if len(args) != len(ft.Params) {
		c.fail(line, "call through a function pointer with %d arguments, its type has %d parameters", len(args), len(ft.Params))
	}
	for i, pt := range ft.Params {
		args[i] = c.assignConv(args[i], pt, line)
	}
	if hasCall(callee) {
		// the order of the callee's and the arguments' calls is gcc's
		// own: nondet values could be consumed in another order
		c.fail(line, "call through a function pointer that a call computes")
	}
	e := &Expr{Op: OCall, T: ft.Ret, X: callee, Args: args, ArgT: argT, Line: line}
	c.ptrCalls = append(c.ptrCalls, e)
	return e
}

// sortArgs checks a call of qsort or bsearch: the array's element type
// is its argument's static type (not void*), the size argument is that
// type's size, and the comparator converts to int (*)(const void *,
// const void *); its candidates are resolved with the calls through
// pointers.
func (c *conv) sortArgs(e *Expr) {
	base, size, cmp := 0, 2, 3
	if e.Name == "bsearch" {
		base, size, cmp = 1, 3, 4
		if !e.Args[0].T.IsPtr() {
			c.fail(e.Line, "bsearch with a key of type %s", e.Args[0].T)
		}
	}
	if !e.Args[base].T.IsPtr() {
		c.fail(e.Line, "%s of %s", e.Name, e.Args[base].T)
	}
	elem := e.ArgT[base].Elem
	if elem == nil || elem.Kind == KVoid || elem.Kind == KFunc || elem.Size() <= 0 {
		c.fail(e.Line, "%s of an array whose element type is not known (%s)", e.Name, e.ArgT[base])
	}
	for i := range e.Args[:cmp] {
		switch {
		case i <= base:
			e.Args[i] = c.convert(e.Args[i], TVoidP, e.Line)
		case !e.Args[i].T.IsInt():
			c.fail(e.Line, "argument %d of %s is %s", i+1, e.Name, e.Args[i].T)
		default:
			e.Args[i] = c.convert(e.Args[i], TULong, e.Line)
		}
	}
	if v, ok := FoldInt(e.Args[size]); !ok || v.Int64() != int64(elem.Size()) {
		c.fail(e.Line, "%s with an element size other than sizeof(%s)", e.Name, elem)
	}
	if !e.Args[cmp].T.IsFuncPtr() {
		c.fail(e.Line, "%s with a comparator of type %s", e.Name, e.Args[cmp].T)
	}
	e.Args[cmp] = c.convert(e.Args[cmp], PtrTo(CmpType), e.Line)
	if hasCall(e.Args[cmp]) {
		c.fail(e.Line, "%s with a comparator that a call computes", e.Name)
	}
	c.ptrCalls = append(c.ptrCalls, e)
}

// FPClass names the floating-point classification functions the engine
// models, as <math.h>'s macros expand them under gcc (__builtin_isnan,
// ...) and as functions: true where gcc's value is exact (0 or 1; -1, 0
// or 1 for __builtin_isinf_sign; the class argument of
// __builtin_fpclassify), false where only whether it is 0 is (signbit is
// INT_MIN for a negative float; the functions of the C library).
var FPClass = map[string]bool{
	"__builtin_isnan": true, "__builtin_isinf_sign": true, "__builtin_isfinite": true,
	"__builtin_isnormal": true, "__builtin_fpclassify": true, "__builtin_signbit": false,
	"__builtin_isinf": false, "isnan": false, "isinf": false, "finite": false, "isfinite": false,
	"isnormal": false, "signbit": false,
}

// fpBuiltin converts gcc's floating-point built-ins that <math.h>'s
// macros expand to: the constants (NAN, INFINITY, HUGE_VAL) and the
// classification functions (FPClass), whose argument keeps its type
// (float or double; an integer becomes a double). nil: not one of them.
func (c *conv) fpBuiltin(name string, args []*Expr, argT []*Type, line int) *Expr {
	switch name {
	case "__builtin_nan", "__builtin_nanf", "__builtin_inf", "__builtin_inff", "__builtin_huge_val", "__builtin_huge_valf":
		t := TDouble
		if strings.HasSuffix(name, "f") {
			t = TFloat
		}
		if strings.Contains(name, "nan") {
			if len(args) != 1 || args[0].Op != ODecay || args[0].X.Op != OStr || len(args[0].X.Str) != 1 {
				c.fail(line, "%s with a payload", name)
			}
			return &Expr{Op: OFConst, T: t, F: math.NaN(), Line: line}
		}
		if len(args) != 0 {
			c.fail(line, "%s with arguments", name)
		}
		return &Expr{Op: OFConst, T: t, F: math.Inf(1), Line: line}
	}
	if op, ok := fpCompare[name]; ok && !c.defs[name] {
		return c.fpCompare(name, op, args, line)
	}
	if _, ok := FPClass[name]; !ok || c.defs[name] {
		return nil
	}
	want := 1
	if name == "__builtin_fpclassify" {
		want = 6
	}
	if len(args) != want {
		c.fail(line, "call of %s with %d arguments", name, len(args))
	}
	for i := 0; i < want-1; i++ {
		args[i] = c.convert(args[i], TInt, line)
	}
	x := args[want-1]
	switch {
	case x.T.IsFloat() && (x.T.Width == 32 || x.T.Width == 64):
	case x.T.IsInt():
		args[want-1] = c.convert(x, TDouble, line)
	default:
		c.fail(line, "%s of %s", name, x.T)
	}
	return &Expr{Op: OCall, T: TInt, Name: name, Args: args, ArgT: argT, Line: line}
}

// fpCompare are gcc's quiet comparisons that <math.h>'s isgreater and its
// kin expand to, by the operator they are where neither operand is a NaN
// (and 0 where one is, as C's <, <=, >, >= and SMT's are); "" is
// __builtin_isunordered.
var fpCompare = map[string]string{
	"__builtin_isgreater": ">", "__builtin_isgreaterequal": ">=", "__builtin_isless": "<",
	"__builtin_islessequal": "<=", "__builtin_islessgreater": "<>", "__builtin_isunordered": "",
}

// fpCompare translates a quiet comparison of two real operands, each
// converted as the usual arithmetic conversions say: islessgreater is
// x < y || x > y, isunordered x != x || y != y (a NaN is unequal to
// itself), which read an operand twice, so its operands may not change
// anything.
func (c *conv) fpCompare(name, op string, args []*Expr, line int) *Expr {
	if len(args) != 2 {
		c.fail(line, "call of %s with %d arguments", name, len(args))
	}
	x, y := c.rval(args[0]), c.rval(args[1])
	if !x.T.isArith() || !y.T.isArith() {
		c.fail(line, "%s of %s and %s", name, x.T, y.T)
	}
	switch op {
	case "<>", "":
		if changes(x) || changes(y) {
			c.fail(line, "%s of an operand with side effects", name)
		}
	}
	switch op {
	case "<>":
		return c.binop("||", c.binop("<", x, y, line), c.binop(">", x, y, line), line)
	case "":
		return c.binop("||", c.binop("!=", x, x, line), c.binop("!=", y, y, line), line)
	}
	return c.binop(op, x, y, line)
}

// bodiless is a call of a function that the program declares, or calls
// without a declaration, and defines nowhere, and that the engine does
// not model: CBMC's and ESBMC's convention (nondet_int, and any other
// function without a body) makes it return any value of its type, with
// no other effect. Its type is the prototype's, or int where there is
// none, as gcc declares a function called without one. The engine lists
// the assumption (Program.Bodiless), and bmc/native refuses a name the C
// library defines (its body runs in a real run). A function of the C
// library that gcc knows as a built-in, or that returns a pointer or a
// struct, is refused here.
func (c *conv) bodiless(name string, args []*Expr, argT []*Type, line int) *Expr {
	pt, declared := c.protos[name]
	if gccBuiltins[name] || strings.HasPrefix(name, "__builtin_") {
		c.fail(line, "call of %s, a C library function the engine does not model", name)
	}
	if strings.HasPrefix(name, "__") {
		// Reserved to the compiler, the C library and the verifiers
		// (__CPROVER_r_ok, __ESBMC_is_dynamic): such a function has a
		// meaning, which any value would not be.
		c.fail(line, "call of %s, a name reserved to the implementation or a verifier, whose meaning the engine does not model", name)
	}
	t := TInt
	if declared && pt.Kind == KFunc {
		t = pt.Ret
	}
	convention := false
	if ct, ok := c.buildDecls[name]; ok && !declared {
		var bt *Type
		if m := conventionalName.FindStringSubmatch(name); m != nil {
			bt, ok = NondetTypes[m[1]]
		}
		if !ok || bt.Name != ct {
			c.fail(line, "call of %s, which the program's builds declare returning %s", name, ct)
		}
		if len(args) != 0 {
			c.fail(line, "%s with arguments", name)
		}
		t, convention = bt, true
	}
	if t.Kind != KVoid && !t.isArith() {
		if declared {
			c.fail(line, "call of %s, declared but not defined, returning %s", name, t)
		}
		c.fail(line, "call of %s, a function the program does not define and the engine does not model", name)
	}
	for _, a := range args {
		if a.T.Kind == KStruct {
			c.fail(line, "struct argument to %s, which has no body", name)
		}
	}
	if c.prog.Bodiless == nil {
		c.prog.Bodiless = map[string]*BodilessFunc{}
	}
	if _, ok := c.prog.Bodiless[name]; !ok {
		c.prog.Bodiless[name] = &BodilessFunc{T: t, Line: line, Declared: declared, Convention: convention}
	}
	call := &Expr{Op: OCall, T: t, Name: name, Args: args, ArgT: argT, Line: line, Havoc: true}
	if !declared && !convention {
		c.noteConventional(call, name)
	}
	return call
}

// checkLibArgs converts the arguments of modelled library functions to
// the types the models expect.
func (c *conv) checkLibArgs(name string, args []*Expr, line int) {
	conv := func(i int, t *Type) {
		if !args[i].T.isArith() {
			c.fail(line, "argument %d of %s is %s", i+1, name, args[i].T)
		}
		args[i] = c.convert(args[i], t, line)
	}
	ptr := func(i int) {
		if !args[i].T.IsPtr() {
			c.fail(line, "argument %d of %s is %s, not a pointer", i+1, name, args[i].T)
		}
	}
	if t, ok := BitBuiltins[name]; ok {
		conv(0, t)
		return
	}
	if ob, ok := OverflowBuiltins[name]; ok {
		c.overflowArgs(name, ob, args, line)
		return
	}
	switch name {
	case "abs", "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isxdigit", "isprint", "ispunct",
		"isblank", "iscntrl", "isgraph", "toupper", "tolower", "exit", "putchar", "__VERIFIER_assume", "assume", "__CPROVER_assume", "__ESBMC_assume", "srand", "assert":
		if name == "assert" {
			if _, ok := c.macros["NDEBUG"]; ok {
				c.fail(line, "assert with NDEBUG defined")
			}
		}
		if name == "__VERIFIER_assume" || name == "assume" || name == "__CPROVER_assume" || name == "__ESBMC_assume" || name == "assert" {
			args[0] = c.cond(args[0])
			return
		}
		conv(0, TInt)
	case "labs":
		conv(0, TLong)
	case "llabs":
		conv(0, TLLong)
	case "div", "ldiv", "lldiv":
		t := libFuncs[name].ret.Fields[0].T
		conv(0, t)
		conv(1, t)
	case "fabs", "sqrt", "floor", "ceil", "round", "trunc":
		conv(0, TDouble)
	case "fabsf", "sqrtf":
		conv(0, TFloat)
	case "fmin", "fmax":
		conv(0, TDouble)
		conv(1, TDouble)
	case "difftime":
		conv(0, TLong) // time_t
		conv(1, TLong)
	case "malloc":
		conv(0, TULong)
	case "calloc":
		conv(0, TULong)
		conv(1, TULong)
	case "realloc":
		if !args[0].T.IsPtr() && !IsNullConst(StripConv(args[0])) {
			c.fail(line, "argument 1 of realloc is %s, not a pointer", args[0].T)
		}
		args[0] = c.convert(args[0], TVoidP, line)
		conv(1, TULong)
	case "free", "strlen", "atoi", "atol", "atoll":
		ptr(0)
	case "strnlen":
		ptr(0)
		conv(1, TULong)
	case "strcmp", "strcpy":
		ptr(0)
		ptr(1)
	case "strncmp", "strncpy", "memcpy", "memmove", "memcmp":
		ptr(0)
		ptr(1)
		conv(2, TULong)
	case "memset":
		ptr(0)
		conv(1, TInt)
		conv(2, TULong)
	case "fgets":
		ptr(0)
		conv(1, TInt)
	case "strtol", "strtoll", "strtoul":
		ptr(0)
		conv(2, TInt)
	case "scanf", "printf":
		if args[0].Op != ODecay || args[0].X.Op != OStr {
			c.fail(line, "%s with a format that is not a string literal", name)
		}
		if name == "printf" && printsCount(args[0].X.Str) {
			c.fail(line, "printf with %%n, which writes through its argument")
		}
	case "fscanf", "fprintf":
		if args[1].Op != ODecay || args[1].X.Op != OStr {
			c.fail(line, "%s with a format that is not a string literal", name)
		}
		if name == "fscanf" && args[0].Name != "stdin" {
			c.fail(line, "fscanf from a stream other than stdin")
		}
		if name == "fprintf" && printsCount(args[1].X.Str) {
			c.fail(line, "fprintf with %%n, which writes through its argument")
		}
	case "time":
		if !IsNullConst(StripConv(args[0])) && (!args[0].T.IsPtr() || !args[0].T.Elem.IsInt() || args[0].T.Elem.Width != 64) {
			c.fail(line, "time with an argument of type %s", args[0].T)
		}
	}
	if name == "fgets" && args[2].Name != "stdin" {
		c.fail(line, "fgets from a stream other than stdin")
	}
}

// printsCount reports whether a printf format holds a %n conversion,
// which stores the count of characters written so far: the one way a
// printf writes the program's memory, which the engine's model of output
// (it writes nothing) would miss.
func printsCount(f []byte) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		// flags, width, precision, length, positional "1$"
		for i < len(f) && strings.IndexByte("0123456789$-+ #'.*hlLqjztI", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == 'n' {
			return true
		}
	}
	return false
}
