package smt

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

// chainScript defines n constants, each from the two before it, as the
// native engine's translations share subterms; the last is asserted to
// be a value it cannot take when x and y are small (unsat).
func chainScript(n int) string {
	var b strings.Builder
	b.WriteString("(declare-const x (_ BitVec 32))\n(declare-const y (_ BitVec 32))\n")
	b.WriteString("(define-fun t0 () (_ BitVec 32) x)\n(define-fun t1 () (_ BitVec 32) y)\n")
	for i := 2; i < n; i++ {
		fmt.Fprintf(&b, "(define-fun t%d () (_ BitVec 32) (ite (bvult t%d t%d) (bvadd t%d #x00000001) (bvsub t%d t%d)))\n", i, i-1, i-2, i-1, i-2, i-1)
	}
	fmt.Fprintf(&b, "(assert (bvult x #x00000100))\n(assert (bvult y #x00000100))\n(assert (= t%d #xffffff2a))\n", n-1)
	return b.String()
}

func TestZ3Script(t *testing.T) {
	text := "(declare-const x (_ BitVec 8))\n(define-fun inc ((a (_ BitVec 8))) (_ BitVec 8) (bvadd a #x01))\n" +
		"(define-fun t\n  ()\n  (_ BitVec 8)\n  (inc x))\n(assert (= t #x00))"
	sc, err := parseScript(text)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(z3Script(sc, text), "\n")
	want := []string{
		"(declare-const x (_ BitVec 8)) ",
		"(define-fun inc ((a (_ BitVec 8))) (_ BitVec 8) (bvadd a #x01)) ",
		"(declare-fun t () (_ BitVec 8)) (assert (= t (inc x))) ",
		"", "", "",
		"(assert (= t #x00)) ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("z3Script:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	plain := "(declare-const x Bool)\n(assert x)"
	if sc, _ := parseScript(plain); z3Script(sc, plain) != plain {
		t.Errorf("a script without defined constants was rewritten")
	}
}

func TestZ3DefinedConstants(t *testing.T) {
	need(t, "z3")
	ctx := context.Background()
	s := Z3(nil)
	// A defined constant keeps its value in the model, and n-ary
	// definitions are left as they are.
	res, err := s.Check(ctx, &Query{
		Script: "(declare-const x (_ BitVec 8))\n(define-fun inc ((a (_ BitVec 8))) (_ BitVec 8) (bvadd a #x01))\n" +
			"(define-fun t\n  ()\n  (_ BitVec 8)\n  (inc x))\n(assert (= t #x00))",
		Values: []string{"x", "t"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Sat || res.Model["x"].Int.Int64() != 255 || res.Model["t"].Int.Int64() != 0 {
		t.Fatalf("got %v %v, want sat with x = #xff, t = #x00", res.Status, res.Model)
	}
	// An error after a definition that spans lines names the script's
	// own line.
	_, err = s.Check(ctx, &Query{Script: "(declare-const x (_ BitVec 8))\n(define-fun t\n  ()\n  (_ BitVec 8)\n  x)\n(assert (= t (undefined_fn x)))"})
	if err == nil || !strings.Contains(err.Error(), "line 6") {
		t.Fatalf("err = %v, want the undefined symbol's line 6", err)
	}
	res, err = s.Check(ctx, &Query{Script: chainScript(20)})
	if err != nil || res.Status != Unsat {
		t.Fatalf("chain: %+v, %v; want unsat", res, err)
	}
}

// BenchmarkZ3DefinedConstants runs z3 on a chain of defined constants as
// written and as z3Script rewrites it.
func BenchmarkZ3DefinedConstants(b *testing.B) {
	need(b, "z3")
	text := chainScript(20)
	sc, err := parseScript(text)
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct{ name, script string }{{"as-written", text}, {"declared", z3Script(sc, text)}} {
		b.Run(v.name, func(b *testing.B) {
			for b.Loop() {
				out, err := proc.Run(context.Background(), &proc.Cmd{Path: "z3", Args: []string{"-in", "-smt2"}, Stdin: []byte(v.script + "\n(check-sat)\n")})
				if err != nil || strings.TrimSpace(string(out.Stdout)) != "unsat" {
					b.Fatalf("%s, %v", out.Stdout, err)
				}
			}
		})
	}
}
