package c_test

import (
	"context"
	"os"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

func TestModeBuildsOnlyWhatIsAsked(t *testing.T) {
	src, err := os.ReadFile("testdata/src/specs/specs.c")
	if err != nil {
		t.Fatal(err)
	}
	parse := func(m frontend.Mode) *frontend.Function {
		t.Helper()
		f, err := c.Parse(context.Background(), &frontend.Source{Path: "specs.c", Content: src}, m)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Source != nil; got != m.Has(frontend.NeedSource) {
			t.Errorf("mode %b: Source kept = %v", m, got)
		}
		for _, fn := range f.Functions {
			if fn.Name == "main" {
				return fn
			}
		}
		t.Fatalf("mode %b: no main", m)
		return nil
	}
	cases := []struct {
		mode                    frontend.Mode
		calls, body, specs, tie bool // tie: a statement carries its Spec
	}{
		{0, true, true, true, true},
		{frontend.NeedCalls, true, false, false, false},
		{frontend.NeedBodies, false, true, false, false},
		{frontend.NeedSpecs, false, false, true, false},
		{frontend.NeedBodies | frontend.NeedSpecs, false, true, true, true},
		{frontend.NeedSource, false, false, false, false},
	}
	for _, tc := range cases {
		fn := parse(tc.mode)
		tied := false
		fn.Body.Walk(func(s *frontend.Stmt) bool {
			tied = tied || s.Spec != nil
			return true
		})
		if (len(fn.Calls) > 0) != tc.calls || (fn.Body != nil) != tc.body || (len(fn.Specs) > 0) != tc.specs || tied != tc.tie {
			t.Errorf("mode %b: calls %d, body %v, specs %d, spec on stmt %v; want calls %v, body %v, specs %v, tied %v",
				tc.mode, len(fn.Calls), fn.Body != nil, len(fn.Specs), tied, tc.calls, tc.body, tc.specs, tc.tie)
		}
		if fn.Signature != "int main(void)" {
			t.Errorf("mode %b: signature %q", tc.mode, fn.Signature)
		}
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.Parse(ctx, &frontend.Source{Path: "x.c", Content: []byte("int f(void) { return 0; }\n")}, 0)
	if err == nil {
		t.Fatal("Parse with a cancelled context succeeded")
	}
	// The pooled parsers still work afterwards.
	f, err := c.Parse(context.Background(), &frontend.Source{Path: "x.c", Content: []byte("int f(void) { return 0; }\n")}, 0)
	if err != nil || len(f.Functions) != 1 {
		t.Fatalf("after a cancelled parse: %v, %v", f, err)
	}
}

func TestRegistered(t *testing.T) {
	for _, p := range []string{"a.c", "dir/b.h"} {
		if l := frontend.ForPath(p); l != c.C {
			t.Errorf("ForPath(%q) = %v, want c.C", p, l)
		}
	}
}
