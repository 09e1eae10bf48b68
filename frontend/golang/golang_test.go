package golang

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// unpack writes a txtar fixture into a temporary directory.
func unpack(t testing.TB, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var loaded sync.Map // language doc -> *frontend.Program of shapes.txtar

// loadShapes loads the shapes fixture once per frontend: loading a module
// costs a second or more.
func loadShapes(t *testing.T, lang *frontend.Language) *frontend.Program {
	t.Helper()
	if p, ok := loaded.Load(lang.Doc); ok {
		return p.(*frontend.Program)
	}
	p := loadWith(t, lang, unpack(t, "shapes.txtar"))
	loaded.Store(lang.Doc, p)
	return p
}

func loadWith(t *testing.T, lang *frontend.Language, dir string) *frontend.Program {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Languages: []*frontend.Language{lang}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ferrs {
		t.Errorf("file error: %v", e)
	}
	return prog
}

func find(t *testing.T, prog *frontend.Program, qname string) *frontend.Function {
	t.Helper()
	for _, fn := range prog.Functions() {
		if fn.QualifiedName() == qname {
			return fn
		}
	}
	var all []string
	for _, fn := range prog.Functions() {
		all = append(all, fn.QualifiedName())
	}
	t.Fatalf("no function %s among %v", qname, all)
	return nil
}

// targets returns the qualified names a call may reach.
func targets(prog *frontend.Program, c *frontend.Call) []string {
	byID := map[string]string{}
	for _, fn := range prog.Functions() {
		byID[fn.ID()] = fn.QualifiedName()
	}
	var out []string
	for _, id := range c.Targets {
		out = append(out, byID[id])
	}
	slices.Sort(out)
	return out
}

func callTo(t *testing.T, fn *frontend.Function, callee string) *frontend.Call {
	t.Helper()
	for _, c := range fn.Calls {
		if c.Callee == callee {
			return c
		}
	}
	t.Fatalf("%s has no call %q", fn.Name, callee)
	return nil
}

func TestInterfaceCallsVTAvsCHA(t *testing.T) {
	const pkg = "example.com/shapes"
	for _, tc := range []struct {
		lang *frontend.Language
		want []string
	}{
		{New(VTA), []string{pkg + "::Sq::Area"}},
		{New(CHA), []string{pkg + "::Rect::Area", pkg + "::Sq::Area"}},
	} {
		prog := loadShapes(t, tc.lang)
		total := find(t, prog, pkg+"::Total")
		c := callTo(t, total, "s.Area")
		if !c.Resolved || !slices.Equal(targets(prog, c), tc.want) {
			t.Errorf("%s: s.Area() resolved=%v targets %v, want %v", tc.lang.Doc, c.Resolved, targets(prog, c), tc.want)
		}
		for _, f := range prog.Files {
			if strings.HasSuffix(f.Path, "shapes.go") && !strings.HasPrefix(f.Resolver, "vta") && !strings.HasPrefix(f.Resolver, "cha") {
				t.Errorf("%s: resolver %q", f.Path, f.Resolver)
			}
		}
	}
}

func TestClosuresAndFunctionValues(t *testing.T) {
	prog := loadShapes(t, Go)
	const pkg = "example.com/shapes"
	inc := find(t, prog, pkg+"::Twice::func1")
	if inc.Kind != "closure" || inc.Parent != "Twice" {
		t.Errorf("closure: kind %q parent %q", inc.Kind, inc.Parent)
	}
	twice := find(t, prog, pkg+"::Twice")
	if got := targets(prog, callTo(t, twice, "inc")); !slices.Equal(got, []string{pkg + "::Twice::func1"}) {
		t.Errorf("inc(x) targets %v", got)
	}
	apply := find(t, prog, pkg+"::apply")
	c := callTo(t, apply, "f")
	if c.Kind != frontend.CallIndirect || !slices.Equal(targets(prog, c), []string{pkg + "::Twice::func1"}) {
		t.Errorf("f(x) in apply: kind %v targets %v", c.Kind, targets(prog, c))
	}
	// A library call is resolved, with no target inside the program.
	mainFn := find(t, prog, "example.com/shapes/cmd/app::main")
	if c := callTo(t, mainFn, "fmt.Println"); !c.Resolved || len(c.Targets) != 0 || c.Kind != frontend.CallPath {
		t.Errorf("fmt.Println: %+v", c)
	}
	if c := callTo(t, mainFn, "shapes.Total"); !slices.Equal(targets(prog, c), []string{pkg + "::Total"}) {
		t.Errorf("cross-package call targets %v", targets(prog, c))
	}
}

func TestEntriesExportsAndContracts(t *testing.T) {
	prog := loadShapes(t, Go)
	const pkg = "example.com/shapes"
	for name, want := range map[string]bool{
		"example.com/shapes/cmd/app::main": true, pkg + "::init": true, pkg + "::TestTotal": true,
		pkg + "::helper": false, pkg + "::Total": false,
	} {
		if got := find(t, prog, name).Entry; got != want {
			t.Errorf("%s: Entry = %v, want %v", name, got, want)
		}
	}
	if !find(t, prog, pkg+"::Total").Exported || find(t, prog, pkg+"::apply").Exported {
		t.Error("exported flags wrong")
	}
	specs := find(t, prog, pkg+"::Total").Specs
	if len(specs) != 2 || specs[0].Kind != frontend.SpecRequires || specs[0].Expr != "shapes holds no nil shape" ||
		specs[1].Kind != frontend.SpecEnsures || specs[1].Form != "doc" {
		t.Errorf("doc contract: %+v", specs)
	}
}

func TestStatementTree(t *testing.T) {
	prog := loadShapes(t, Go)
	var kinds []string
	find(t, prog, "example.com/shapes::Twice").Body.Walk(func(s *frontend.Stmt) bool {
		k := s.Kind.String()
		if s.Cond != "" {
			k += "(" + s.Cond + ")"
		}
		kinds = append(kinds, k)
		return true
	})
	want := []string{"block", "simple", "if(x < 0)", "throw", "return"}
	if !slices.Equal(kinds, want) {
		t.Errorf("statements %v, want %v", kinds, want)
	}
	var loop *frontend.Stmt
	find(t, prog, "example.com/shapes::Total").Body.Walk(func(s *frontend.Stmt) bool {
		if s.Kind == frontend.StmtLoop {
			loop = s
		}
		return true
	})
	if loop == nil || loop.LoopKind != "foreach" || loop.Cond != "_, s := range shapes" {
		t.Errorf("range loop: %+v", loop)
	}
}

func TestIllTypedFallsBackToSyntax(t *testing.T) {
	prog := loadShapes(t, Go)
	bad := find(t, prog, "example.com/shapes/broken::bad")
	var file *frontend.File
	for _, f := range prog.Files {
		if strings.HasSuffix(f.Path, "broken.go") {
			file = f
		}
	}
	if !strings.HasPrefix(file.Resolver, "syntax-only: package does not type-check") {
		t.Errorf("resolver %q", file.Resolver)
	}
	if c := callTo(t, bad, "ok"); c.Resolved {
		t.Error("a call in an ill-typed package claims to be resolved")
	}
}

func TestSyntaxErrorsKeepTheRest(t *testing.T) {
	src := []byte("package p\n\nfunc good() int { return 1 }\n\nfunc bad( {\n")
	f, err := Go.Parse(context.Background(), &frontend.Source{Path: "p.go", Content: src}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) == 0 || f.Errors[0].Span.StartLine != 5 {
		t.Errorf("errors %v, want one on line 5", f.Errors)
	}
	if len(f.Functions) == 0 || f.Functions[0].Name != "good" {
		t.Errorf("functions %v", f.Functions)
	}
}

// FuzzParse checks that no input makes the syntax-only Go frontend panic
// or produce a model that breaks its invariants (spans inside the file,
// lines agreeing with bytes, calls and statements inside their function).
// Without -fuzz it runs over the seeds, testdata/fuzz included.
//
//	go test -fuzz=FuzzParse ./frontend/golang/
func FuzzParse(f *testing.F) {
	f.Add([]byte("package p\nfunc f() { g(); for {} }\n"))
	f.Add([]byte("package p\nfunc (x *T[A]) m() { defer func(){ recover() }() }\n"))
	f.Add([]byte(""))
	f.Add([]byte("// only a comment\n"))
	f.Add([]byte("func f() {}\n"))
	f.Add([]byte("package p\nfunc f() { switch x := y.(type) { case int: go f(); default: select {} } }"))
	f.Add([]byte("package p\nvar v = func() int { return 1 }()\nfunc (T) m(a, b int) (c int) { L: for i := range 3 { if i > 0 { break L }; c += i }; return }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		frontendtest.FuzzParse(t, Go, "f.go", src)
	})
}
