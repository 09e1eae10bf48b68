package c

import (
	"slices"
	"strings"

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

// calls fills the Calls and Specs of the definitions from their bodies'
// text, and gives indirect calls the functions stored in what they call.
func (x *extractor) calls(fd *found) {
	if len(x.defs) == 0 {
		return
	}
	s := &scanner{src: x.src}
	// File-scope declarations: variables that may be called, and
	// functions stored in initializers (.op = f).
	for _, d := range fd.decls {
		s.scan(int(d.StartByte()), int(d.EndByte()), false)
	}
	for _, v := range s.vars {
		if x.globals == nil {
			x.globals = map[string]bool{}
		}
		x.globals[v] = true
	}
	type store struct {
		lexStore
		fn *function // nil at file scope
	}
	var stores []store
	for _, st := range s.stores {
		stores = append(stores, store{st, nil})
	}
	for i, fn := range x.defs {
		if fn.body.IsNull() {
			continue
		}
		s.calls, s.vars, s.stores = s.calls[:0], s.vars[:0], s.stores[:0]
		// The body less the definitions nested in it (in a file whose
		// broken braces made later functions part of this one).
		from, end := int(fn.body.StartByte()), int(fn.body.EndByte())
		for _, in := range x.defs[i+1:] {
			if in.start >= end {
				break
			}
			if in.start < from {
				continue // inside a nested definition already skipped
			}
			s.scan(from, in.start, true)
			from = max(from, in.end)
		}
		if from < end {
			s.scan(from, end, true)
		}
		for _, v := range s.vars {
			fn.vars[v] = true
		}
		for _, st := range s.stores {
			stores = append(stores, store{st, fn})
		}
		if x.mode.Has(frontend.NeedCalls) {
			fn.Calls = slices.Grow(fn.Calls, len(s.calls))
		}
		for _, lc := range s.calls {
			c := &frontend.Call{Callee: x.internRange(lc.start, lc.calleeEnd), Span: x.spanOf(lc.start, lc.end), Kind: frontend.CallIndirect}
			switch lc.kind {
			case kIdentifier:
				if !fn.vars[c.Callee] && !x.globals[c.Callee] {
					c.Name, c.Kind = c.Callee, frontend.CallDirect
				}
				if k, ok := specForms[c.Callee]; ok && x.mode.Has(frontend.NeedSpecs) {
					expr := strings.TrimSpace(string(x.src[lc.open+1 : lc.firstArgEnd]))
					fn.Specs = append(fn.Specs, frontend.Spec{Kind: k, Expr: expr, Form: c.Callee, Span: c.Span})
				}
			case kField:
				c.Qualifier = strings.TrimSpace(string(x.src[lc.start:lc.qualEnd]))
			}
			if x.mode.Has(frontend.NeedCalls) {
				fn.Calls = append(fn.Calls, c)
			}
		}
	}
	if len(stores) > 0 && x.mode.Has(frontend.NeedCalls) {
		stored := map[string][]string{}
		for _, st := range stores {
			if x.globals[st.fnval] || st.fn != nil && st.fn.vars[st.fnval] {
				continue // a pointer copied, not a function
			}
			if !slices.Contains(stored[st.slot], st.fnval) {
				stored[st.slot] = append(stored[st.slot], st.fnval)
			}
		}
		x.indirectTargets(stored)
	}
	for _, fn := range x.defs {
		slices.SortStableFunc(fn.Calls, func(a, b *frontend.Call) int { return a.Span.StartByte - b.Span.StartByte })
		slices.SortStableFunc(fn.Specs, func(a, b frontend.Spec) int { return a.Span.StartByte - b.Span.StartByte })
	}
}

// indirectTargets gives each indirect call the functions the file stores
// in what it calls: a call of fp or (*fp) those assigned to a variable
// fp, a call of s->op or s.op those assigned or initialized to a field
// op (of any struct: the field name is all syntax tells).
func (x *extractor) indirectTargets(stored map[string][]string) {
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
