package c

import (
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// specForms maps the spellings of specification calls to their kind.
var specForms = map[string]frontend.SpecKind{
	"assert":            frontend.SpecAssert,
	"__VERIFIER_assert": frontend.SpecAssert,
	"__CPROVER_assert":  frontend.SpecAssert,
	"__ESBMC_assert":    frontend.SpecAssert,
	"__VERIFIER_assume": frontend.SpecAssume,
	"__CPROVER_assume":  frontend.SpecAssume,
	"__ESBMC_assume":    frontend.SpecAssume,
}

// throwNames are the functions whose call leaves the function abnormally.
var throwNames = map[string]bool{
	"exit": true, "_exit": true, "_Exit": true, "abort": true,
	"reach_error": true, "__builtin_trap": true,
}

// pendingCall is a call site whose kind waits until every variable is
// known.
type pendingCall struct {
	fn   *function
	call *frontend.Call
}

// calls fills the Calls and Specs of the definitions.
func (x *extractor) calls(fd *found) {
	if len(x.defs) == 0 {
		return
	}
	for _, v := range fd.vars {
		name := x.text(v)
		if fn := x.enclosing(int(v.StartByte())); fn != nil {
			fn.vars[name] = true
		} else {
			if x.globals == nil {
				x.globals = map[string]bool{}
			}
			x.globals[name] = true
		}
	}
	var pending []pendingCall
	for _, cc := range fd.calls {
		call, callee := cc[0], cc[1]
		if call == nil || callee == nil {
			continue
		}
		fn := x.enclosing(int(call.StartByte()))
		if fn == nil {
			continue // a call outside any body: an initializer, a broken file
		}
		if fn.Kind == "macro" && int(call.StartByte()) == fn.start {
			continue // the macro invocation that stands for the head
		}
		c := &frontend.Call{Callee: x.intern(callee), Span: x.span(call), Kind: frontend.CallIndirect}
		switch kindOf(callee) {
		case kIdentifier:
			c.Name, c.Kind = c.Callee, frontend.CallDirect
			if k, ok := specForms[c.Name]; ok && x.mode.Has(frontend.NeedSpecs) {
				fn.Specs = append(fn.Specs, frontend.Spec{Kind: k, Expr: x.text(firstArg(call.ChildByFieldName("arguments"))), Form: c.Name, Span: c.Span})
			}
		case kField:
			c.Qualifier = x.text(callee.ChildByFieldName("argument"))
		}
		if x.mode.Has(frontend.NeedCalls) {
			fn.Calls = append(fn.Calls, c)
			if c.Kind == frontend.CallDirect {
				pending = append(pending, pendingCall{fn, c})
			}
		}
	}
	// A name called that is a parameter or a variable is a pointer.
	for _, p := range pending {
		if p.fn.vars[p.call.Name] || x.globals[p.call.Name] {
			p.call.Kind, p.call.Name = frontend.CallIndirect, ""
		}
	}
	x.indirectTargets(fd)
	for _, fn := range x.defs {
		slices.SortStableFunc(fn.Calls, func(a, b *frontend.Call) int { return a.Span.StartByte - b.Span.StartByte })
		slices.SortStableFunc(fn.Specs, func(a, b frontend.Spec) int { return a.Span.StartByte - b.Span.StartByte })
	}
}

// indirectTargets gives each indirect call the functions the file stores
// in what it calls: a call of fp or (*fp) those assigned to a variable
// fp, a call of s->op or s.op those assigned or initialized to a field
// op (of any struct: the field name is all syntax tells).
func (x *extractor) indirectTargets(fd *found) {
	if len(fd.stores) == 0 || !x.mode.Has(frontend.NeedCalls) {
		return
	}
	stored := map[string][]string{}
	for _, st := range fd.stores {
		v := st[1]
		if kindOf(v) != kIdentifier {
			v = v.ChildByFieldName("argument") // &f
		}
		name := x.intern(v)
		if name == "" || x.globals[name] {
			continue
		}
		if fn := x.enclosing(int(v.StartByte())); fn != nil && fn.vars[name] {
			continue // a local pointer copied, not a function
		}
		slot := x.intern(st[0])
		if !slices.Contains(stored[slot], name) {
			stored[slot] = append(stored[slot], name)
		}
	}
	for _, fn := range x.defs {
		for _, c := range fn.Calls {
			if c.Kind != frontend.CallIndirect {
				continue
			}
			if names := stored[slotOf(c.Callee)]; len(names) > 0 {
				c.Hints = &frontend.CallHints{Candidates: slices.Sorted(slices.Values(names))}
			}
		}
	}
}

// slotOf returns the variable or field an indirect callee reads: fp for
// fp, (*fp) and (fp); op for s->op, s.op and (*s->op).
func slotOf(callee string) string {
	s := strings.TrimSpace(callee)
	for {
		t := strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(s, "("), ")"), "*")
		t = strings.TrimSpace(t)
		if t == s {
			break
		}
		s = t
	}
	if i := strings.LastIndexAny(s, ".>"); i >= 0 {
		s = s[i+1:]
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return ""
		}
	}
	return s
}

// firstArg returns the first argument in an argument list, or nil.
func firstArg(args *sitter.Node) *sitter.Node {
	if args == nil {
		return nil
	}
	for i := 0; i < int(args.NamedChildCount()); i++ {
		if a := args.NamedChild(i); kindOf(a) != kComment {
			return a
		}
	}
	return nil
}
