package frontendtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// Testing is the part of *testing.T that Run uses, so that Run itself can
// be tested with a recorder.
type Testing interface {
	Helper()
	Errorf(format string, args ...any)
}

// TestData returns the absolute path of the testdata directory of the
// package whose test calls it (tests run in their package's directory).
func TestData() string {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		panic(fmt.Sprintf("frontendtest: %v", err))
	}
	return dir
}

// Run loads each case, the directory dir/src/<case>, with lang alone and
// checks the model against the want comments of its files and against
// Check; see the package documentation for what fails. It returns the
// loaded program of each case, in order (nil where loading failed), for
// further checks by the caller.
func Run(t Testing, dir string, lang *frontend.Language, cases ...string) []*frontend.Program {
	t.Helper()
	progs := make([]*frontend.Program, len(cases))
	for i, c := range cases {
		progs[i] = runCase(t, dir, lang, c)
	}
	return progs
}

func runCase(t Testing, dir string, lang *frontend.Language, name string) *frontend.Program {
	t.Helper()
	root := filepath.Join(dir, "src", name)
	if _, err := os.Stat(root); err != nil {
		t.Errorf("frontendtest: case %s: %v", name, err)
		return nil
	}
	prog, ferrs, err := frontend.Load(context.Background(), []string{root},
		&frontend.LoadOptions{Languages: []*frontend.Language{lang}})
	if err != nil {
		t.Errorf("frontendtest: case %s: %v", name, err)
		return nil
	}
	for _, fe := range ferrs {
		t.Errorf("frontendtest: case %s: %v", name, fe)
	}
	if len(prog.Files) == 0 {
		t.Errorf("frontendtest: case %s: no %s files in %s", name, lang.Name, root)
		return prog
	}
	base := filepath.Join(dir, "src")
	for _, f := range prog.Files {
		src, err := os.ReadFile(filepath.FromSlash(f.Path))
		if err != nil {
			t.Errorf("frontendtest: %v", err)
			continue
		}
		rel := f.Path
		if r, err := filepath.Rel(base, filepath.FromSlash(f.Path)); err == nil {
			rel = filepath.ToSlash(r)
		}
		for _, err := range Check(f, src) {
			t.Errorf("%s: %v", rel, err)
		}
		wants, bad := parseWants(rel, src)
		for _, b := range bad {
			t.Errorf("%s", b)
		}
		for _, msg := range compare(rel, f, wants) {
			t.Errorf("%s", msg)
		}
	}
	return prog
}

// lineFacts is what a file's model holds on one line.
type lineFacts struct {
	funcs []*frontend.Function
	calls []callAt
	specs []*frontend.Spec
	stmts []*frontend.Stmt
	errs  []frontend.SyntaxError
}

type callAt struct {
	caller string
	call   *frontend.Call
}

func index(f *frontend.File) map[int]*lineFacts {
	m := map[int]*lineFacts{}
	at := func(line int) *lineFacts {
		lf := m[line]
		if lf == nil {
			lf = &lineFacts{}
			m[line] = lf
		}
		return lf
	}
	for _, fn := range f.Functions {
		at(fn.Span.StartLine).funcs = append(at(fn.Span.StartLine).funcs, fn)
		q := fn.QualifiedName()
		for _, c := range fn.Calls {
			at(c.Span.StartLine).calls = append(at(c.Span.StartLine).calls, callAt{q, c})
		}
		for i := range fn.Specs {
			s := &fn.Specs[i]
			at(s.Span.StartLine).specs = append(at(s.Span.StartLine).specs, s)
		}
		fn.Body.Walk(func(s *frontend.Stmt) bool {
			at(s.Span.StartLine).stmts = append(at(s.Span.StartLine).stmts, s)
			return true
		})
	}
	for _, e := range f.Errors {
		at(e.Span.StartLine).errs = append(at(e.Span.StartLine).errs, e)
	}
	return m
}

// compare matches the expectations of one file against its model and
// returns the failures in line order.
func compare(rel string, f *frontend.File, wants []*expectation) []string {
	var msgs []string
	facts := index(f)
	wantLines := map[int]bool{}
	usedFunc := map[*frontend.Function]bool{}
	usedCall := map[*frontend.Call]bool{}
	usedSpec := map[*frontend.Spec]bool{}
	for _, w := range wants {
		wantLines[w.line] = true
		lf := facts[w.line]
		if lf == nil {
			lf = &lineFacts{}
		}
		switch w.key {
		case "func":
			for _, fn := range lf.funcs {
				if !usedFunc[fn] && funcMatches(w.val, fn) {
					usedFunc[fn], w.met = true, true
					break
				}
			}
		case "sig", "params", "results", "doc":
			for _, fn := range lf.funcs {
				if funcAttrMatches(w, fn) {
					w.met = true
					break
				}
			}
		case "calls":
			for _, c := range lf.calls {
				if !usedCall[c.call] && callMatches(w.val, c) {
					usedCall[c.call], w.met = true, true
					break
				}
			}
		case "spec":
			for _, s := range lf.specs {
				if !usedSpec[s] && specMatches(w.val, s) {
					usedSpec[s], w.met = true, true
					break
				}
			}
		case "stmt":
			for _, s := range lf.stmts {
				if stmtMatches(w.val, s) {
					w.met = true
					break
				}
			}
		case "error":
			for i := range lf.errs {
				if w.rx.MatchString(lf.errs[i].Msg) {
					w.met = true
				}
			}
		}
		if !w.met {
			msgs = append(msgs, fmt.Sprintf("%s:%d: no %s matching %q; on this line: %s",
				rel, w.line, w.key, w.val, describe(w.key, lf)))
		}
	}
	lines := make([]int, 0, len(facts))
	for l := range facts {
		lines = append(lines, l)
	}
	slices.Sort(lines)
	for _, l := range lines {
		lf := facts[l]
		for _, e := range lf.errs {
			ok := false
			for _, w := range wants {
				if w.line == l && w.key == "error" && w.rx.MatchString(e.Msg) {
					ok = true
				}
			}
			if !ok {
				msgs = append(msgs, fmt.Sprintf("%s:%d: unexpected syntax error: %s", rel, l, e.Msg))
			}
		}
		if !wantLines[l] {
			continue
		}
		for _, fn := range lf.funcs {
			if !usedFunc[fn] {
				msgs = append(msgs, fmt.Sprintf("%s:%d: unexpected func %q", rel, l, renderFunc(fn)))
			}
		}
		for _, c := range lf.calls {
			if !usedCall[c.call] {
				msgs = append(msgs, fmt.Sprintf("%s:%d: unexpected calls %q", rel, l, renderCall(c)))
			}
		}
		for _, s := range lf.specs {
			if !usedSpec[s] {
				msgs = append(msgs, fmt.Sprintf("%s:%d: unexpected spec %q", rel, l, renderSpec(s)))
			}
		}
	}
	return msgs
}

func funcMatches(want string, fn *frontend.Function) bool {
	fields := strings.Fields(want)
	if len(fields) == 0 || fields[0] != fn.QualifiedName() {
		return false
	}
	for _, fl := range fields[1:] {
		var ok bool
		switch {
		case fl == "exported":
			ok = fn.Exported
		case fl == "unexported":
			ok = !fn.Exported
		case fl == "entry":
			ok = fn.Entry
		case fl == "def":
			ok = fn.Definition
		case fl == "decl":
			ok = !fn.Definition
		case fl == "ghost":
			ok = fn.Ghost
		case strings.HasPrefix(fl, "kind="):
			ok = fn.Kind == fl[len("kind="):]
		case strings.HasPrefix(fl, "trait="):
			ok = fn.Trait == fl[len("trait="):]
		}
		if !ok {
			return false
		}
	}
	return true
}

func funcAttrMatches(w *expectation, fn *frontend.Function) bool {
	switch w.key {
	case "sig":
		return norm(fn.Signature) == w.val
	case "params":
		return renderParams(fn.Params) == w.val
	case "results":
		return renderParams(fn.Results) == w.val
	case "doc":
		return w.rx.MatchString(fn.Doc)
	}
	return false
}

func callMatches(want string, c callAt) bool {
	caller, rest, ok := strings.Cut(want, " -> ")
	if !ok {
		return false
	}
	callee, flags := splitFlags(rest)
	if caller != c.caller || norm(callee) != norm(c.call.Callee) {
		return false
	}
	for _, fl := range flags {
		if fl == "inmacro" {
			if !c.call.InMacro {
				return false
			}
		} else if fl != c.call.Kind.String() {
			return false
		}
	}
	return true
}

func specMatches(want string, s *frontend.Spec) bool {
	head, expr, ok := cutSpec(want)
	if !ok || norm(expr) != norm(s.Expr) {
		return false
	}
	kind, form, hasForm := strings.Cut(head, "(")
	if kind != s.Kind.String() {
		return false
	}
	return !hasForm || strings.TrimSuffix(form, ")") == s.Form
}

// cutSpec splits "kind(form): expr" at its first ": " (or a final ":").
func cutSpec(s string) (head, expr string, ok bool) {
	if i := strings.Index(s, ": "); i >= 0 {
		return s[:i], s[i+2:], true
	}
	if strings.HasSuffix(s, ":") {
		return s[:len(s)-1], "", true
	}
	return "", "", false
}

func stmtMatches(want string, s *frontend.Stmt) bool {
	if w, ok := strings.CutSuffix(want, " [spec]"); ok {
		if s.Spec == nil {
			return false
		}
		want = w
	}
	return RenderStmt(s) == want
}

// RenderStmt formats the head of a statement as a stmt want expectation
// writes it: "loop while i < n", "if x > 0", "return x + 1", "case 3",
// "default", "block". Children are not included.
func RenderStmt(s *frontend.Stmt) string {
	parts := []string{s.Kind.String()}
	switch s.Kind {
	case frontend.StmtLoop:
		parts = append(parts, s.LoopKind, s.Cond)
	case frontend.StmtIf, frontend.StmtSwitch:
		parts = append(parts, s.Cond)
	case frontend.StmtCase:
		if s.Cond == "" {
			parts = []string{"default"}
		} else {
			parts = append(parts, s.Cond)
		}
	case frontend.StmtReturn, frontend.StmtSimple, frontend.StmtThrow:
		parts = append(parts, s.Text)
	case frontend.StmtBreak, frontend.StmtContinue, frontend.StmtGoto, frontend.StmtLabel:
		parts = append(parts, s.Label)
	}
	return norm(strings.Join(parts, " "))
}

func renderParams(ps []frontend.Param) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = norm(p.Name + " " + p.Type)
	}
	return strings.Join(out, ", ")
}

func renderFunc(fn *frontend.Function) string {
	var flags []string
	if fn.Kind != "" {
		flags = append(flags, "kind="+fn.Kind)
	}
	if fn.Exported {
		flags = append(flags, "exported")
	} else {
		flags = append(flags, "unexported")
	}
	if fn.Definition {
		flags = append(flags, "def")
	} else {
		flags = append(flags, "decl")
	}
	if fn.Entry {
		flags = append(flags, "entry")
	}
	if fn.Ghost {
		flags = append(flags, "ghost")
	}
	if fn.Trait != "" {
		flags = append(flags, "trait="+fn.Trait)
	}
	return fn.QualifiedName() + " " + strings.Join(flags, " ")
}

func renderCall(c callAt) string {
	s := fmt.Sprintf("%s -> %s [%s", c.caller, norm(c.call.Callee), c.call.Kind)
	if c.call.InMacro {
		s += " inmacro"
	}
	return s + "]"
}

func renderSpec(s *frontend.Spec) string {
	return fmt.Sprintf("%s(%s): %s", s.Kind, s.Form, norm(s.Expr))
}

// describe lists what the model has on a line for the key of a failed
// expectation, to make the failure message self-explaining.
func describe(key string, lf *lineFacts) string {
	var items []string
	switch key {
	case "func", "sig", "params", "results", "doc":
		for _, fn := range lf.funcs {
			switch key {
			case "func":
				items = append(items, renderFunc(fn))
			case "sig":
				items = append(items, norm(fn.Signature))
			case "params":
				items = append(items, renderParams(fn.Params))
			case "results":
				items = append(items, renderParams(fn.Results))
			case "doc":
				items = append(items, fn.Doc)
			}
		}
	case "calls":
		for _, c := range lf.calls {
			items = append(items, renderCall(c))
		}
	case "spec":
		for _, s := range lf.specs {
			items = append(items, renderSpec(s))
		}
	case "stmt":
		for _, s := range lf.stmts {
			r := RenderStmt(s)
			if s.Spec != nil {
				r += " [spec]"
			}
			items = append(items, r)
		}
	case "error":
		for _, e := range lf.errs {
			items = append(items, e.Msg)
		}
	}
	if len(items) == 0 {
		return "nothing"
	}
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = fmt.Sprintf("%q", it)
	}
	return strings.Join(q, ", ")
}
