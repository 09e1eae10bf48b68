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
	if fd.IsNull() {
		return nil
	}
	body := def.ChildByField(fBody)
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
