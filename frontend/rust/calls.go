package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// call records the call_expression n in fs.
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
		c.Qualifier = stripGenerics(x.str(target.ChildByFieldName("path")))
		if c.Qualifier == "" {
			c.Kind = frontend.CallDirect // ::f()
		}
	case kFieldExpression:
		c.Kind = frontend.CallMethod
		c.Name = x.str(target.ChildByFieldName("field"))
		c.Qualifier = x.str(target.ChildByFieldName("value"))
	default:
		c.Kind = frontend.CallIndirect
	}
	st.f.Calls = append(st.f.Calls, c)
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

// macro records the macro invocation n in fs: the macro call itself, the
// calls inside its arguments and, for the assert family, a spec.
func (x *extractor) macro(st *fnState, n *sitter.Node) {
	name, qual, mnode := x.macroName(n)
	if mnode == nil || name == "" {
		return
	}
	var tt *sitter.Node
	for _, k := range x.kids(n) {
		if kindOf(k) == kTokenTree {
			tt = k
		}
	}
	f := st.f
	if x.mode.Has(frontend.NeedCalls) {
		end := mnode.EndByte()
		if nx := mnode.NextSibling(); nx != nil && kindOf(nx) == tBang {
			end = nx.EndByte()
		}
		f.Calls = append(f.Calls, &frontend.Call{
			Callee: x.text[mnode.StartByte():end], Name: name, Qualifier: qual,
			Kind: frontend.CallMacro, Span: x.span(n),
		})
		if tt != nil {
			x.tokenCalls(st, tt)
		}
	}
	if tt != nil && x.mode.Has(frontend.NeedSpecs) {
		if sp, ok := x.assertSpec(name, n, tt); ok {
			f.Specs = append(f.Specs, sp)
			if x.specAt == nil {
				x.specAt = map[uint32]frontend.Spec{}
			}
			x.specAt[n.StartByte()] = sp
		}
	}
}

// tokenCalls finds the calls inside a macro's token tree: "f (",
// "a :: f (" and ". f (" where "(" opens a nested token tree. A nested
// macro "m ! (" is recorded as a macro call and searched in turn.
func (x *extractor) tokenCalls(st *fnState, tt *sitter.Node) {
	ks := x.tokens(tt)
	for i, k := range ks {
		if kindOf(k) != kTokenTree {
			continue
		}
		x.tokenCall(st, ks, i)
		// Nested trees are searched whatever precedes them.
		x.tokenCalls(st, k)
	}
}

// tokenCall records the call, if any, whose arguments are the token tree
// ks[i].
func (x *extractor) tokenCall(st *fnState, ks []*sitter.Node, i int) {
	k := ks[i]
	{
		if i == 0 {
			return
		}
		if kindOf(ks[i-1]) == tBang {
			if i >= 2 && kindOf(ks[i-2]) == kIdentifier {
				m := ks[i-2]
				st.f.Calls = append(st.f.Calls, &frontend.Call{
					Callee: x.text[m.StartByte():ks[i-1].EndByte()], Name: x.str(m),
					Kind: frontend.CallMacro, Span: x.spanBetween(m, k), InMacro: true,
				})
			}
			return
		}
		if !opensWith(k, tLParen) || kindOf(ks[i-1]) != kIdentifier {
			return
		}
		nameTok := ks[i-1]
		j := i - 1 // index of the first token of the callee
		var prev kind = kOther
		if j > 0 {
			prev = kindOf(ks[j-1])
		}
		if prev == tFn || prev == tKwOther && isDeclKeyword(x.str(ks[j-1])) {
			return
		}
		c := &frontend.Call{Name: x.str(nameTok), InMacro: true}
		switch prev {
		case tColonColon:
			// Walk back over "a :: b ::".
			for j >= 2 && kindOf(ks[j-1]) == tColonColon && isPathTok(kindOf(ks[j-2])) {
				j -= 2
			}
			if j > 0 && kindOf(ks[j-1]) == tColonColon {
				j-- // a leading ::
			}
			c.Kind = frontend.CallPath
			c.Qualifier = x.text[ks[j].StartByte():ks[i-2].StartByte()]
			c.Qualifier = strings.TrimSpace(c.Qualifier)
		case tDot:
			r := x.receiverStart(ks, i-2)
			if r < 0 {
				return
			}
			j = r
			c.Kind = frontend.CallMethod
			c.Qualifier = strings.TrimSpace(x.text[ks[j].StartByte():ks[i-2].StartByte()])
		default:
			c.Kind = frontend.CallDirect
			if st.indirect[c.Name] {
				c.Kind, c.Name = frontend.CallIndirect, ""
			}
		}
		c.Callee = x.text[ks[j].StartByte():nameTok.EndByte()]
		c.Span = x.spanBetween(ks[j], k)
		st.f.Calls = append(st.f.Calls, c)
	}
}

// receiverStart walks back from the dot at ks[dot] over the receiver
// expression (identifiers, self, literals, paths, field accesses, calls
// and indexing) and returns the index of its first token, or -1.
func (x *extractor) receiverStart(ks []*sitter.Node, dot int) int {
	j := dot
	for j > 0 {
		p := ks[j-1]
		switch kindOf(p) {
		case kIdentifier, kSelf, kCrate, kSuper, kPrimitiveType, kMetavariable, kStringLiteral, tDot, tColonColon, kTokenTree:
			j--
			continue
		}
		if p.IsNamed() && strings.HasSuffix(x.typeOf(p), "literal") {
			j--
			continue
		}
		if x.str(p) == "?" {
			j--
			continue
		}
		break
	}
	if j == dot {
		return -1
	}
	return j
}

func (x *extractor) typeOf(n *sitter.Node) string { return n.Type() }

func isPathTok(k kind) bool {
	return k == kIdentifier || k == kSelf || k == kCrate || k == kSuper || k == kPrimitiveType || k == kMetavariable || k == tKwOther
}

func isDeclKeyword(s string) bool {
	switch s {
	case "struct", "enum", "union", "trait", "impl", "mod", "type", "const", "static", "let", "use":
		return true
	}
	return false
}

// opensWith reports whether the token tree tt opens with delimiter d.
func opensWith(tt *sitter.Node, d kind) bool {
	return tt.ChildCount() > 0 && kindOf(tt.Child(0)) == d
}
