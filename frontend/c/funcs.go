package c

import (
	"slices"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// head is a prototype whose semicolon is missing: maybe the head of a
// definition whose body follows a preprocessor conditional.
type head struct {
	fn      *function
	missing int // start byte of the missing semicolon
}

// functions makes the functions of what the query found and fills
// x.funcs, x.defs and x.maxEnd.
func (x *extractor) functions(fd *found) {
	var (
		protos []*function
		heads  []head
	)
	for _, def := range fd.defs {
		if fn := x.definition(def); fn != nil {
			x.funcs = append(x.funcs, fn)
		}
	}
	for _, p := range fd.protos {
		decl := p.decl.Node
		fn := x.prototype(p.decl, p.top)
		if fn == nil {
			continue
		}
		protos = append(protos, fn)
		if last := decl.Child(int(decl.ChildCount()) - 1); !last.IsNull() && last.IsMissing() {
			heads = append(heads, head{fn, int(last.StartByte())})
		}
	}
	orphans := fd.orphans
	x.index()
	// Prototypes inside a body are local declarations, not functions of
	// the file.
	protos = slices.DeleteFunc(protos, func(p *function) bool { return x.enclosing(p.start) != nil })
	if len(orphans) > 0 {
		protos = x.joinHeads(protos, heads, orphans)
	}
	x.funcs = append(x.funcs, protos...)
	slices.SortStableFunc(x.funcs, func(a, b *function) int { return a.start - b.start })
	x.index()
}

// index rebuilds x.defs and x.maxEnd from x.funcs.
func (x *extractor) index() {
	x.defs = x.defs[:0]
	for _, fn := range x.funcs {
		if fn.Definition {
			x.defs = append(x.defs, fn)
		}
	}
	slices.SortStableFunc(x.defs, func(a, b *function) int { return a.start - b.start })
	x.maxEnd = x.maxEnd[:0]
	m := 0
	for _, d := range x.defs {
		m = max(m, d.end)
		x.maxEnd = append(x.maxEnd, m)
	}
}

// joinHeads makes a definition of each body that follows function heads
// separated from it only by preprocessor lines, comments and space, as in
//
//	#ifdef A
//	int f(int a)
//	#else
//	int f(long a)
//	#endif
//	{ ... }
//
// The first head of the run names the function; the others are dropped.
// It returns the prototypes that remain.
func (x *extractor) joinHeads(protos []*function, heads []head, orphans []tsutil.Node) []*function {
	slices.SortFunc(heads, func(a, b head) int { return a.fn.start - b.fn.start })
	dropped := map[*function]bool{}
	for _, body := range orphans {
		bs := int(body.StartByte())
		// The last head ending before the body, then earlier ones while
		// only preprocessor lines lie between.
		i := len(heads) - 1
		for i >= 0 && heads[i].fn.end > bs {
			i--
		}
		if i < 0 || dropped[heads[i].fn] || !x.onlyPreproc(heads[i].fn.end, bs) {
			if fn := x.macroDefinition(body); fn != nil {
				x.funcs = append(x.funcs, fn)
			} else if fn := x.implicitIntDefinition(body); fn != nil {
				x.funcs = append(x.funcs, fn)
			}
			continue
		}
		first := i
		for first > 0 && !dropped[heads[first-1].fn] && x.onlyPreproc(heads[first-1].fn.end, heads[first].fn.start) {
			first--
		}
		for _, h := range heads[first : i+1] {
			dropped[h.fn] = true
			if x.healed == nil {
				x.healed = map[int]bool{}
			}
			x.healed[h.missing] = true
		}
		fn := heads[first].fn
		def := &function{
			Function: &frontend.Function{},
			start:    fn.start,
			end:      int(body.EndByte()),
			vars:     fn.vars,
			body:     body,
		}
		*def.Function = *fn.Function
		def.Kind, def.Definition = "function", true
		def.Span.EndByte, def.Span.EndLine, def.Span.EndCol = def.end, int(body.EndPoint().Row)+1, int(body.EndPoint().Column)+1
		def.Entry = def.Name == "main"
		x.funcs = append(x.funcs, def)
	}
	x.index()
	return slices.DeleteFunc(protos, func(p *function) bool { return dropped[p] })
}

// macroDefinition makes a function of a body that follows a macro
// invocation standing for a function head, as the Linux kernel's
//
//	SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
//	{ ... }
//
// The function is named after the macro, has Kind "macro", and its
// signature is the invocation. It returns nil when body follows anything
// else.
func (x *extractor) macroDefinition(body tsutil.Node) *function {
	prev := body.PrevNamedSibling()
	for !prev.IsNull() && kindOf(prev) == kComment {
		prev = prev.PrevNamedSibling()
	}
	if kindOf(prev) != kExprStmt || !x.onlyPreproc(int(prev.EndByte()), int(body.StartByte())) {
		return nil
	}
	call := firstNamed(prev)
	if kindOf(call) != kCall {
		return nil
	}
	name := call.ChildByField(fFunction)
	if kindOf(name) != kIdentifier {
		return nil
	}
	if typedParams(x.text(call.ChildByField(fArguments))) || x.text(name) == "main" {
		// old C's implicit int: swap(int *a, int *b) or main()
		if fn := x.implicitInt(placed{prev, siblingComments(prev)}, body); fn != nil {
			return fn
		}
	}
	fn := &function{
		Function: &frontend.Function{
			Name:       x.text(name),
			Kind:       "macro",
			Span:       x.span(prev),
			Signature:  strings.TrimSpace(x.text(prev)),
			Exported:   true,
			Definition: true,
		},
		start: int(prev.StartByte()),
		end:   int(body.EndByte()),
		vars:  map[string]bool{},
		body:  body,
	}
	fn.Span.EndByte, fn.Span.EndLine, fn.Span.EndCol = fn.end, int(body.EndPoint().Row)+1, int(body.EndPoint().Column)+1
	fn.Doc = x.doc(placed{prev, siblingComments(prev)})
	if last := prev.Child(int(prev.ChildCount()) - 1); !last.IsNull() && last.IsMissing() {
		if x.healed == nil {
			x.healed = map[int]bool{}
		}
		x.healed[int(last.StartByte())] = true
	}
	return fn
}

// implicitIntDefinition makes a function of a body whose head old C
// wrote without a return type and with a prototype's parameters, as gcc
// accepts (C89's implicit int),
//
//	swap(int *a, int *b) { ... }
//
// where the grammar reads the head as an ERROR node before the body. It
// returns nil for anything else.
func (x *extractor) implicitIntDefinition(body tsutil.Node) *function {
	prev := body.PrevNamedSibling()
	for !prev.IsNull() && kindOf(prev) == kComment {
		prev = prev.PrevNamedSibling()
	}
	if prev.IsNull() || !prev.IsError() || !x.onlyPreproc(int(prev.EndByte()), int(body.StartByte())) {
		return nil
	}
	return x.implicitInt(placed{prev, siblingComments(prev)}, body)
}

// implicitInt makes the definition of a function whose head, from
// where.Node's start to body's, is storage words, a name and a parameter
// list (implicitIntHead), and heals the syntax errors of the head; nil
// when the head is anything else.
func (x *extractor) implicitInt(where placed, body tsutil.Node) *function {
	start := int(where.Node.StartByte())
	head := x.headText(where.Node, body)
	name, ok := implicitIntHead(head)
	if !ok {
		return nil
	}
	fn := &function{
		Function: &frontend.Function{
			Name:       name,
			Kind:       "function",
			Span:       x.spanOf(start, int(body.EndByte())),
			Signature:  "int " + strings.Join(strings.Fields(head), " "),
			Exported:   !slices.Contains(strings.Fields(head[:strings.IndexByte(head, '(')]), "static"),
			Definition: true,
			Results:    []frontend.Param{{Type: "int"}},
			Entry:      name == "main",
		},
		start: start,
		end:   int(body.EndByte()),
		vars:  map[string]bool{},
		body:  body,
	}
	fn.Doc = x.doc(where)
	x.healedSpans = append(x.healedSpans, [2]int{start, int(body.StartByte())})
	return fn
}

// cTypeWords begin a parameter's type.
var cTypeWords = map[string]bool{
	"int": true, "char": true, "short": true, "long": true, "unsigned": true, "signed": true,
	"float": true, "double": true, "void": true, "_Bool": true, "struct": true, "union": true,
	"enum": true, "const": true, "volatile": true,
}

// typedParams reports whether a parenthesised argument list reads as
// parameters of a prototype, each a C type word, more words or stars, and
// a name ("(int *a, unsigned n)"), not a macro's arguments.
func typedParams(args string) bool {
	args = strings.TrimSpace(args)
	if len(args) < 2 || args[0] != '(' || args[len(args)-1] != ')' {
		return false
	}
	for _, p := range strings.Split(args[1:len(args)-1], ",") {
		words := strings.Fields(strings.ReplaceAll(p, "*", " * "))
		if len(words) < 2 || !cTypeWords[words[0]] {
			return false
		}
		last := words[len(words)-1]
		if last == "*" || cTypeWords[last] {
			return false
		}
	}
	return true
}

// headText is the text of a function head, from n's start to body's,
// with the comments in it (in n, or between it and body) blanked.
func (x *extractor) headText(n, body tsutil.Node) string {
	start, end := int(n.StartByte()), int(body.StartByte())
	b := []byte(string(x.src[start:end]))
	var blank func(m tsutil.Node)
	blank = func(m tsutil.Node) {
		if int(m.StartByte()) >= end {
			return
		}
		if kindOf(m) == kComment {
			for i := int(m.StartByte()); i < min(int(m.EndByte()), end); i++ {
				b[i-start] = ' '
			}
			return
		}
		for i := 0; i < m.ChildCount(); i++ {
			blank(m.Child(i))
		}
	}
	blank(n)
	for m := body.PrevSibling(); !m.IsNull() && int(m.StartByte()) >= start; m = m.PrevSibling() {
		blank(m)
	}
	return string(b)
}

// implicitIntHead reads a function head without a return type: storage
// words (static, inline, extern), a name, and a parenthesised list whose
// parentheses balance and that ends the text.
func implicitIntHead(text string) (string, bool) {
	t := strings.TrimSpace(text)
	open := strings.IndexByte(t, '(')
	if open < 0 || !strings.HasSuffix(t, ")") {
		return "", false
	}
	words := strings.Fields(t[:open])
	if len(words) == 0 {
		return "", false
	}
	for _, w := range words[:len(words)-1] {
		switch w {
		case "static", "inline", "extern", "__inline", "__inline__":
		default:
			return "", false
		}
	}
	name := words[len(words)-1]
	for i := 0; i < len(name); i++ {
		if !isWordByte(name[i]) || i == 0 && '0' <= name[i] && name[i] <= '9' {
			return "", false
		}
	}
	depth := 0
	for i := open; i < len(t); i++ {
		switch t[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i != len(t)-1 {
				return "", false
			}
		case ';', '{', '}', '=':
			return "", false
		}
	}
	return name, depth == 0
}

// onlyPreproc reports whether src[from:to] holds nothing but white space,
// comments and preprocessor lines.
func (x *extractor) onlyPreproc(from, to int) bool {
	s := x.src
	bol := true // at the beginning of a line, but for blanks
	for i := from; i < to; {
		switch c := s[i]; {
		case c == '\n':
			bol = true
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '#' && bol:
			for i < to && s[i] != '\n' {
				if s[i] == '\\' && i+1 < to && s[i+1] == '\n' {
					i++
				}
				i++
			}
		case c == '/' && i+1 < to && s[i+1] == '/':
			for i < to && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < to && s[i+1] == '*':
			end := strings.Index(string(s[i+2:to]), "*/")
			if end < 0 {
				return false
			}
			i += end + 4
			bol = false
		default:
			return false
		}
	}
	return true
}

// definition makes a function of a function_definition node, or returns
// nil when its declarator names no function.
func (x *extractor) definition(pd placed) *function {
	def := pd.Node
	decl := def.ChildByField(fDeclarator)
	fd, name := funcDeclarator(decl)
	body := def.ChildByField(fBody)
	if fd.IsNull() {
		if body.IsNull() {
			return nil
		}
		// old C's implicit int, which the grammar reads as an error
		// (static f(int x) { ... }) or as a type and a declarator in
		// parentheses (main(void) { ... })
		return x.implicitInt(pd, body)
	}
	fn := x.newFunction(def, def.ChildByField(fType), decl, fd, name)
	fn.Kind, fn.Definition = "function", true
	fn.Entry = fn.Name == "main"
	if body.IsNull() {
		fn.Signature = x.text(def)
	} else {
		fn.body = body
		// The signature ends with the last child before the body that is
		// not a comment.
		end := decl.EndByte()
		for _, c := range x.children(def) {
			if c.StartByte() >= body.StartByte() {
				break
			}
			if kindOf(c) != kComment {
				end = max(end, c.EndByte())
			}
		}
		fn.Signature = strings.TrimSpace(string(x.src[def.StartByte():end]))
	}
	if hasIdentParams(fd) {
		x.krParams(fn, def)
	}
	fn.Doc = x.doc(pd)
	return fn
}

// prototype makes a function of a file-scope declaration whose declarator
// top names a function.
func (x *extractor) prototype(pd placed, top tsutil.Node) *function {
	decl := pd.Node
	if decl.IsNull() || top.IsNull() {
		return nil
	}
	fd, name := funcDeclarator(top)
	if fd.IsNull() {
		return nil
	}
	fn := x.newFunction(decl, decl.ChildByField(fType), top, fd, name)
	fn.Kind = "prototype"
	fn.Signature = strings.TrimSpace(string(x.src[decl.StartByte():top.EndByte()]))
	fn.Doc = x.doc(pd)
	return fn
}

// newFunction fills what definitions and prototypes share: name, span,
// linkage, results and parameters. n is the whole definition or
// declaration, typ its type, decl its declarator, fd the function
// declarator inside decl that holds the name.
func (x *extractor) newFunction(n, typ, decl, fd, name tsutil.Node) *function {
	fn := &function{
		Function: &frontend.Function{
			Name:     x.text(name),
			Span:     x.span(n),
			Exported: true,
		},
		start: int(n.StartByte()),
		end:   int(n.EndByte()),
		vars:  map[string]bool{},
	}
	typeStart := -1
	if !typ.IsNull() {
		typeStart = int(typ.StartByte())
	}
	for _, c := range x.children(n) {
		if c.StartByte() >= decl.StartByte() {
			break
		}
		switch kindOf(c) {
		case kStorage:
			if x.text(c) == "static" {
				fn.Exported = false
				// A static function of a header is in every file that
				// includes it; elsewhere only its own file sees it.
				fn.FileLocal = !strings.HasSuffix(x.file, ".h")
			}
		case kTypeQualifier:
			if typeStart < 0 || int(c.StartByte()) < typeStart {
				typeStart = int(c.StartByte())
			}
		}
	}
	if typeStart >= 0 && typeStart <= int(fd.StartByte()) {
		// The result type is the declaration without the name and
		// parameters: "int *" of "int *f(void)", "int (*)(int)" of
		// "int (*g(void))(int)".
		t := string(x.src[typeStart:fd.StartByte()]) + string(x.src[fd.EndByte():decl.EndByte()])
		if t = strings.Join(strings.Fields(t), " "); t != "void" && t != "" {
			fn.Results = []frontend.Param{{Type: t}}
		}
	}
	x.params(fn, fd.ChildByField(fParameters))
	return fn
}

// funcDeclarator finds, inside declarator d, the function declarator that
// declares the name, and the name.
func funcDeclarator(d tsutil.Node) (fd, name tsutil.Node) {
	for depth := 0; !d.IsNull() && depth < 64; depth++ {
		switch kindOf(d) {
		case kFuncDecl:
			inner := d.ChildByField(fDeclarator)
			if kindOf(inner) == kIdentifier {
				return d, inner
			}
			d = inner
		case kPointerDecl, kAttrDecl:
			d = d.ChildByField(fDeclarator)
		case kParenDecl:
			d = d.NamedChild(0)
		default:
			return tsutil.Node{}, tsutil.Node{}
		}
	}
	return tsutil.Node{}, tsutil.Node{}
}

// declName returns the identifier a declarator declares, or null.
func declName(d tsutil.Node) tsutil.Node {
	for depth := 0; !d.IsNull() && depth < 64; depth++ {
		switch kindOf(d) {
		case kIdentifier:
			return d
		case kFuncDecl, kPointerDecl, kAttrDecl, kArrayDecl, kInitDecl:
			d = d.ChildByField(fDeclarator)
		case kParenDecl:
			d = d.NamedChild(0)
		default:
			return tsutil.Node{}
		}
	}
	return tsutil.Node{}
}

// params fills fn.Params from a parameter list; "(void)" is none.
func (x *extractor) params(fn *function, list tsutil.Node) {
	if list.IsNull() {
		return
	}
	for _, p := range x.children(list) {
		if !p.IsNamed() {
			continue
		}
		switch kindOf(p) {
		case kParamDecl:
			name := declName(p.ChildByField(fDeclarator))
			if name.IsNull() {
				t := strings.Join(strings.Fields(x.text(p)), " ")
				if t == "void" && list.NamedChildCount() == 1 {
					return
				}
				fn.Params = append(fn.Params, frontend.Param{Type: t})
				continue
			}
			n := x.text(name)
			fn.vars[n] = true
			fn.Params = append(fn.Params, frontend.Param{Name: n, Type: x.without(p, name)})
		case kVariadic:
			fn.Params = append(fn.Params, frontend.Param{Type: "..."})
		case kIdentifier: // K&R: the types follow the parameter list
			n := x.text(p)
			fn.vars[n] = true
			fn.Params = append(fn.Params, frontend.Param{Name: n})
		}
	}
}

// without returns the text of n with the text of its descendant d cut
// out, white space collapsed: the type of a declaration without its name.
func (x *extractor) without(n, d tsutil.Node) string {
	t := string(x.src[n.StartByte():d.StartByte()]) + string(x.src[d.EndByte():n.EndByte()])
	return strings.Join(strings.Fields(t), " ")
}

func hasIdentParams(fd tsutil.Node) bool {
	list := fd.ChildByField(fParameters)
	return !list.IsNull() && list.NamedChildCount() > 0 && kindOf(list.NamedChild(0)) == kIdentifier
}

// krParams fills the types of K&R parameters from the declarations
// between the parameter list and the body.
func (x *extractor) krParams(fn *function, def tsutil.Node) {
	types := map[string]string{}
	for i := 0; i < int(def.NamedChildCount()); i++ {
		d := def.NamedChild(i)
		if kindOf(d) != kDeclaration {
			continue
		}
		typ := x.text(d.ChildByField(fType))
		for j := 0; j < int(d.ChildCount()); j++ {
			if d.FieldForChild(j) != fDeclarator {
				continue
			}
			c := d.Child(j)
			if name := declName(c); !name.IsNull() {
				types[x.text(name)] = strings.TrimSpace(typ + " " + x.without(c, name))
			}
		}
	}
	for i := range fn.Params {
		if fn.Params[i].Type == "" {
			t, ok := types[fn.Params[i].Name]
			if !ok {
				t = "int" // K&R: an undeclared parameter is an int
			}
			fn.Params[i].Type = t
		}
	}
}

// doc returns the comments right above n (ending on the line before it or
// on its line), without their markers.
func (x *extractor) doc(n placed) string {
	var parts []string
	row := n.StartPoint().Row
	for i := len(n.comments) - 1; i >= 0 && n.comments[i].EndPoint().Row+1 >= row; i-- {
		p := n.comments[i]
		parts = append(parts, cleanComment(x.text(p)))
		row = p.StartPoint().Row
	}
	slices.Reverse(parts)
	return strings.TrimSpace(strings.Join(parts, "\n"))
}

// siblingComments returns the comments right before n among its
// siblings, nearest last.
func siblingComments(n tsutil.Node) []tsutil.Node {
	var out []tsutil.Node
	for p := n.PrevSibling(); kindOf(p) == kComment; p = p.PrevSibling() {
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// cleanComment strips the markers of a // or /* */ comment and the
// leading " * " of its lines.
func cleanComment(c string) string {
	if s, ok := strings.CutPrefix(c, "//"); ok {
		return strings.TrimSpace(strings.TrimLeft(s, "/!"))
	}
	c = strings.TrimSuffix(strings.TrimPrefix(c, "/*"), "*/")
	lines := strings.Split(c, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l != "*" && !strings.HasPrefix(l, "*/") {
			l = strings.TrimPrefix(l, "* ")
		}
		lines[i] = strings.TrimSpace(strings.TrimLeft(l, "*"))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
