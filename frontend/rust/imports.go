package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// useDecl records the use declaration n, met in module mod, as imports of
// the file. Paths starting with crate, self or super are made absolute;
// others are kept as written (an outside crate, or a child module, which
// the call graph matches by suffix).
func (x *extractor) useDecl(n *sitter.Node, mod string) {
	arg := n.ChildByFieldName("argument")
	if arg == nil {
		return
	}
	text := tightUse(stripComments(x.str(arg)))
	scope := mod
	if scope == x.file.Module {
		scope = ""
	}
	x.useTree(nil, text, mod, scope, 0)
}

// useTree expands one use tree "a::b::{c, d as e, f::*}" under prefix.
func (x *extractor) useTree(prefix []string, t, mod, scope string, depth int) {
	if t == "" || depth > 8 {
		return
	}
	if i := strings.IndexByte(t, '{'); i >= 0 && strings.HasSuffix(t, "}") {
		head := strings.TrimSuffix(t[:i], "::")
		p := append(append([]string(nil), prefix...), splitSegs(head)...)
		for _, part := range splitTopComma(t[i+1 : len(t)-1]) {
			x.useTree(p, part, mod, scope, depth+1)
		}
		return
	}
	as := ""
	if i := strings.Index(t, " as "); i >= 0 {
		t, as = t[:i], strings.TrimSpace(t[i+4:])
	}
	segs := append(append([]string(nil), prefix...), splitSegs(t)...)
	if len(segs) == 0 {
		return
	}
	name := segs[len(segs)-1]
	modSegs := absolute(segs[:len(segs)-1], mod)
	if name == "self" {
		return // use a::b::{self}: a module, not a function
	}
	x.file.Imports = append(x.file.Imports, frontend.Import{Module: strings.Join(modSegs, "::"), Name: name, As: as, Scope: scope})
}

// tightUse writes a use tree with no space but the one around "as".
func tightUse(s string) string {
	f := strings.Fields(s)
	var b strings.Builder
	for i, w := range f {
		if i > 0 {
			prev := f[i-1]
			if w == "as" || prev == "as" {
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	return b.String()
}

// absolute resolves the leading crate, self and super of segs against the
// module mod.
func absolute(segs []string, mod string) []string {
	if len(segs) == 0 {
		return segs
	}
	var base []string
	if mod != "" {
		base = strings.Split(mod, "::")
	}
	switch segs[0] {
	case "crate":
		return segs[1:]
	case "self":
		return append(base, segs[1:]...)
	case "super":
		i := 0
		for i < len(segs) && segs[i] == "super" {
			if len(base) > 0 {
				base = base[:len(base)-1]
			}
			i++
		}
		return append(base, segs[i:]...)
	}
	return segs
}

func splitSegs(p string) []string {
	var out []string
	for s := range strings.SplitSeq(p, "::") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// splitTopComma splits s at the commas outside braces.
func splitTopComma(s string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[from:i])
				from = i + 1
			}
		}
	}
	return append(out, s[from:])
}
