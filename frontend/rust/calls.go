package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// call records the call_expression n as a call of the function st.
func (x *extractor) call(st *fnState, n *sitter.Node) {
	fn := n.ChildByFieldName("function")
	if fn == nil {
		return
	}
	c := &frontend.Call{Callee: x.str(fn), Span: x.span(n)}
	target := fn
	if kindOf(target) == kGenericFunction {
		target = target.ChildByFieldName("function")
	}
	switch kindOf(target) {
	case kIdentifier:
		c.Name = x.str(target)
		c.Kind = frontend.CallDirect
		if st.indirect[c.Name] {
			c.Kind, c.Name = frontend.CallIndirect, ""
		}
		if x.verus != nil && x.verusSpecCall(st, n, c.Name) {
			return
		}
	case kScopedIdentifier:
		c.Kind = frontend.CallPath
		c.Name = x.str(target.ChildByFieldName("name"))
		path := target.ChildByFieldName("path")
		c.Qualifier = stripGenerics(x.str(path))
		if c.Qualifier == "" {
			c.Kind = frontend.CallDirect // ::f()
		} else {
			c.Hints = hints(x.splitPath(st, path))
		}
	case kFieldExpression:
		c.Kind = frontend.CallMethod
		field := target.ChildByFieldName("field")
		c.Name = x.str(field)
		value := target.ChildByFieldName("value")
		c.Qualifier = x.str(value)
		c.Hints = methodHints(x.chainOf(st, value, 0), c.Name)
		if field != nil {
			// A method call's span starts at its name, so that each call
			// of a chain split over lines is on its own line.
			c.Span = x.spanBetween(field, n)
		}
	default:
		c.Kind = frontend.CallIndirect
	}
	st.f.Calls = append(st.f.Calls, c)
}

// hints makes the hints of a path call; nil when there are none.
func hints(path []string, recv, trait string) *frontend.CallHints {
	if path == nil && recv == "" && trait == "" {
		return nil
	}
	return &frontend.CallHints{Path: path, RecvType: recv, Trait: trait}
}

// methodHints makes the hints of a method call of name on a receiver of
// chain recv ("" when unknown); nil when there are none.
func methodHints(recv, name string) *frontend.CallHints {
	switch {
	case recv != "":
		return &frontend.CallHints{RecvType: recv}
	case stdMethods[name]:
		return &frontend.CallHints{LibraryName: true}
	}
	return nil
}

// stripGenerics removes the generic arguments of a path: Vec::<u8> and
// Vec<u8> become Vec. A qualified path <T as Trait> is kept as written.
func stripGenerics(p string) string {
	if !strings.ContainsRune(p, '<') || strings.HasPrefix(p, "<") {
		return p
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return strings.ReplaceAll(strings.TrimSuffix(b.String(), "::"), "::::", "::")
}

// macroName returns the macro's simple name and its path qualifier.
func (x *extractor) macroName(n *sitter.Node) (name, qual string, nameNode *sitter.Node) {
	m := n.ChildByFieldName("macro")
	if m == nil {
		return "", "", nil
	}
	if kindOf(m) == kScopedIdentifier {
		nn := m.ChildByFieldName("name")
		return x.str(nn), x.str(m.ChildByFieldName("path")), m
	}
	return x.str(m), "", m
}

// macro records the macro invocation n in the function st: the macro
// call itself, the calls inside its arguments and, for the assert family,
// a spec.
func (x *extractor) macro(st *fnState, n *sitter.Node) {
	needCalls, needSpecs := x.mode.Has(frontend.NeedCalls), x.mode.Has(frontend.NeedSpecs)
	if !needCalls && !needSpecs {
		return
	}
	name, qual, mnode := x.macroName(n)
	if mnode == nil || name == "" {
		return
	}
	// The arguments run from the first delimiter after the "!" to the end.
	t := x.text
	bang := strings.IndexByte(t[mnode.EndByte():n.EndByte()], '!')
	if bang < 0 {
		return
	}
	bang += int(mnode.EndByte())
	x.toks = lexTokens(t, bang+1, int(n.EndByte()), x.toks)
	ts := x.toks
	f := st.f
	if needCalls {
		f.Calls = append(f.Calls, &frontend.Call{
			Callee: t[mnode.StartByte() : bang+1], Name: name, Qualifier: qual,
			Kind: frontend.CallMacro, Span: x.span(n),
		})
		x.tokenCalls(st, ts)
	}
	if needSpecs && len(ts) > 0 && ts[0].kind == lxOpen {
		if sp, ok := x.assertSpec(name, n, ts); ok {
			f.Specs = append(f.Specs, sp)
			if x.specAt == nil {
				x.specAt = map[uint32]frontend.Spec{}
			}
			x.specAt[n.StartByte()] = sp
		}
	}
}

// tokenCalls finds the calls among the tokens of a macro's arguments:
// "f (", "a :: f (" and ". f (". A nested macro "m ! (" is recorded as a
// macro call, and its arguments are searched like the rest.
func (x *extractor) tokenCalls(st *fnState, ts []token) {
	t := x.text
	for i := 1; i < len(ts); i++ {
		k := ts[i]
		if k.kind != lxOpen {
			continue
		}
		p := ts[i-1]
		if p.kind == lxBang {
			if i >= 2 && ts[i-2].kind == lxIdent {
				m := ts[i-2]
				end := int(k.end)
				if k.match >= 0 {
					end = int(ts[k.match].end)
				}
				st.f.Calls = append(st.f.Calls, &frontend.Call{
					Callee: t[m.start:p.end], Name: t[m.start:m.end],
					Kind: frontend.CallMacro, Span: x.spanOf(int(m.start), end), InMacro: true,
				})
			}
			continue
		}
		if k.delim != '(' || p.kind != lxIdent || isKeyword(t[p.start:p.end]) {
			continue
		}
		j := i - 1 // the first token of the callee
		if j > 0 && ts[j-1].kind == lxIdent {
			// "fn f(", "struct S(", "enum E(": declarations, not calls.
			if isDeclKeyword(t[ts[j-1].start:ts[j-1].end]) {
				continue
			}
		}
		c := &frontend.Call{Name: t[p.start:p.end], InMacro: true}
		switch {
		case j > 0 && ts[j-1].kind == lxColon2:
			for j >= 2 && ts[j-1].kind == lxColon2 && ts[j-2].kind == lxIdent {
				j -= 2
			}
			if j > 0 && ts[j-1].kind == lxColon2 {
				j-- // a leading ::
			}
			c.Kind = frontend.CallPath
			c.Qualifier = t[ts[j].start:ts[i-2].start]
			c.Hints = hints(splitPathText(st, strings.TrimSpace(c.Qualifier)))
		case j > 0 && ts[j-1].kind == lxDot:
			r := receiverStart(t, ts, i-2)
			if r < 0 {
				continue
			}
			j = r
			c.Kind = frontend.CallMethod
			c.Qualifier = t[ts[j].start:ts[i-2].start]
			c.Hints = methodHints(textChain(st, strings.TrimSpace(c.Qualifier), uint32(p.start)), c.Name)
		default:
			c.Kind = frontend.CallDirect
			if st.indirect[c.Name] {
				c.Kind, c.Name = frontend.CallIndirect, ""
			}
		}
		c.Qualifier = strings.TrimSpace(c.Qualifier)
		end := int(k.end)
		if k.match >= 0 {
			end = int(ts[k.match].end)
		}
		c.Callee = t[ts[j].start:p.end]
		if c.Kind == frontend.CallMethod {
			c.Span = x.spanOf(int(p.start), end)
		} else {
			c.Span = x.spanOf(int(ts[j].start), end)
		}
		st.f.Calls = append(st.f.Calls, c)
	}
}

// receiverStart walks back from the dot at ts[dot] over the receiver
// expression (identifiers, literals, paths, field accesses, calls, indexing
// and ?) and returns the index of its first token, or -1.
func receiverStart(t string, ts []token, dot int) int {
	j := dot
	for j > 0 {
		p := ts[j-1]
		switch p.kind {
		case lxIdent:
			if isKeyword(t[p.start:p.end]) {
				// A guard "Some(c) if c.f()": the receiver starts after if.
				break
			}
			j--
			continue
		case lxLiteral, lxDot, lxColon2, lxQuestion:
			j--
			continue
		case lxClose:
			// Jump to the matching open delimiter.
			o := j - 2
			for o >= 0 && ts[o].match != int32(j-1) {
				o--
			}
			if o < 0 || ts[o].delim == '{' {
				break
			}
			j = o
			continue
		}
		break
	}
	if j == dot {
		return -1
	}
	return j
}

func isKeyword(s string) bool {
	switch s {
	case "if", "while", "match", "for", "in", "return", "loop", "fn", "let", "as", "move", "mut", "ref", "where", "impl", "dyn", "unsafe", "async", "await", "else", "break", "continue":
		return true
	}
	return false
}

func isDeclKeyword(s string) bool {
	switch s {
	case "fn", "struct", "enum", "union", "trait", "impl", "mod", "type", "const", "static", "let", "use", "macro_rules":
		return true
	}
	return false
}

// opensWith reports whether the token tree tt opens with delimiter d.
func opensWith(tt *sitter.Node, d kind) bool {
	return tt.ChildCount() > 0 && kindOf(tt.Child(0)) == d
}
