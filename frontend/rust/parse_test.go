package rust_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/rust"
)

func parse(t *testing.T, src string, mode frontend.Mode) *frontend.File {
	t.Helper()
	f, err := rust.Parse(context.Background(), &frontend.Source{Path: "src/lib.rs", Content: []byte(src)}, mode)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func find(t *testing.T, f *frontend.File, qname string) *frontend.Function {
	t.Helper()
	for _, fn := range f.Functions {
		if fn.QualifiedName() == qname {
			return fn
		}
	}
	t.Fatalf("no function %s", qname)
	return nil
}

const sample = `
fn helper(x: u32) -> u32 { x }
struct S { cb: fn(u32) -> u32 }
impl S {
    fn run(&self, v: Vec<u32>) -> u32 {
        let n = helper(1);
        assert!(n > 0, "{}", self.check(n));
        if n > 2 { return lib::util::twice(n); }
        v.iter().sum::<u32>() + (self.cb)(n)
    }
    fn check(&self, n: u32) -> bool { n > 1 }
}
`

func TestCallFields(t *testing.T) {
	f := parse(t, sample, frontend.NeedAll)
	run := find(t, f, "S::run")
	type want struct {
		callee, name, qual string
		kind               frontend.CallKind
		inMacro            bool
	}
	var got []want
	for _, c := range run.Calls {
		got = append(got, want{c.Callee, c.Name, c.Qualifier, c.Kind, c.InMacro})
	}
	exp := []want{
		{"helper", "helper", "", frontend.CallDirect, false},
		{"assert!", "assert", "", frontend.CallMacro, false},
		{"self.check", "check", "self", frontend.CallMethod, true},
		{"lib::util::twice", "twice", "lib::util", frontend.CallPath, false},
		{"v.iter().sum::<u32>", "sum", "v.iter()", frontend.CallMethod, false},
		{"v.iter", "iter", "v", frontend.CallMethod, false},
		{"(self.cb)", "", "", frontend.CallIndirect, false},
	}
	if len(got) != len(exp) {
		t.Fatalf("calls:\n got %v\nwant %v", got, exp)
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("call %d: got %+v, want %+v", i, got[i], exp[i])
		}
	}
	// Spans point at the call text: a method call's at its name.
	for _, c := range run.Calls {
		text := c.Span.Text([]byte(sample))
		want := c.Callee
		if c.Kind == frontend.CallMethod {
			want = c.Name
		}
		if !strings.HasPrefix(text, want) || !strings.HasSuffix(text, ")") {
			t.Errorf("call %s: span text %q does not start with %q", c.Callee, text, want)
		}
	}
}

func TestModes(t *testing.T) {
	all := parse(t, sample, frontend.NeedAll)
	run := find(t, all, "S::run")
	if run.Body == nil || len(run.Specs) == 0 || len(run.Calls) == 0 || all.Source == nil {
		t.Fatalf("NeedAll: body %v, specs %d, calls %d, source %v", run.Body != nil, len(run.Specs), len(run.Calls), all.Source != nil)
	}
	calls := parse(t, sample, frontend.NeedCalls)
	run = find(t, calls, "S::run")
	if run.Body != nil || len(run.Specs) != 0 || len(run.Calls) != 7 || calls.Source != nil {
		t.Errorf("NeedCalls: body %v, specs %d, calls %d, source %v", run.Body != nil, len(run.Specs), len(run.Calls), calls.Source != nil)
	}
	bodies := parse(t, sample, frontend.NeedBodies|frontend.NeedSpecs)
	run = find(t, bodies, "S::run")
	if run.Body == nil || len(run.Specs) != 1 || len(run.Calls) != 0 {
		t.Errorf("NeedBodies|NeedSpecs: body %v, specs %d, calls %d", run.Body != nil, len(run.Specs), len(run.Calls))
	}
	// The assert statement points at the function's spec.
	var spec *frontend.Spec
	run.Body.Walk(func(s *frontend.Stmt) bool {
		if s.Spec != nil {
			spec = s.Spec
		}
		return true
	})
	if spec == nil || spec.Expr != "n > 0" {
		t.Errorf("assert statement spec = %+v, want n > 0", spec)
	}
	if len(all.Functions) != len(calls.Functions) || len(calls.Functions) != len(bodies.Functions) {
		t.Errorf("function counts differ across modes: %d %d %d", len(all.Functions), len(calls.Functions), len(bodies.Functions))
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		name    string
		content []byte
		want    error
	}{
		{"binary.rs", []byte("fn main() {}\x00\x01\x02"), frontend.ErrBinary},
		{"latin1.rs", []byte("fn main() { let s = \"caf\xe9\"; }"), frontend.ErrNotUTF8},
	} {
		_, err := rust.Parse(context.Background(), &frontend.Source{Path: c.name, Content: c.content}, 0)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: err = %v, want %v naming the file", c.name, err, c.want)
		}
	}
	// Through Load, the same files are FileErrors and the good file loads.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.rs"), []byte("\xff\xfe fn"), 0o644)
	os.WriteFile(filepath.Join(dir, "good.rs"), []byte("fn ok() {}\nfn broken( {\n"), 0o644)
	prog, ferrs, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Languages: []*frontend.Language{rust.Rust}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ferrs) != 1 || !strings.HasSuffix(ferrs[0].Path, "bad.rs") || !errors.Is(ferrs[0], frontend.ErrNotUTF8) {
		t.Errorf("file errors = %v, want one for bad.rs", ferrs)
	}
	if len(prog.Files) != 1 || len(prog.Files[0].Errors) == 0 || len(prog.Files[0].Functions) == 0 || prog.Files[0].Functions[0].Name != "ok" {
		t.Errorf("good.rs: want function ok and syntax errors, got %+v", prog.Files)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := strings.Repeat("fn f() { g(1); }\n", 200000)
	_, err := rust.Parse(ctx, &frontend.Source{Path: "big.rs", Content: []byte(big)}, 0)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestRegistered(t *testing.T) {
	if l := frontend.ForPath("a/b.rs"); l != rust.Rust {
		t.Errorf("ForPath(.rs) = %v, want rust.Rust", l)
	}
}

func TestChainLines(t *testing.T) {
	src := "fn f(v: Vec<u8>) -> usize {\n    v.iter()\n        .filter(|x| **x > 0)\n        .count()\n}\n"
	f := parse(t, src, frontend.NeedCalls)
	lines := map[string]int{}
	for _, c := range f.Functions[0].Calls {
		lines[c.Name] = c.Span.StartLine
	}
	if lines["iter"] != 2 || lines["filter"] != 3 || lines["count"] != 4 {
		t.Errorf("call lines = %v, want iter 2, filter 3, count 4", lines)
	}
}
