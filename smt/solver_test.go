package smt

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// solvers returns each real solver, skipping the subtest when its program
// is missing.
func forEachSolver(t *testing.T, f func(t *testing.T, s Solver)) {
	for _, s := range []Solver{Z3(nil), CVC5(nil), Boolector(nil), Bitwuzla(nil)} {
		t.Run(s.Name(), func(t *testing.T) {
			need(t, s.Name())
			f(t, s)
		})
	}
}

func need(t testing.TB, name string) {
	t.Helper()
	if name == "bitwuzla" {
		if !bitwuzlaPresent("python3") {
			t.Skip("needs bitwuzla (pip install bitwuzla)")
		}
		return
	}
	if _, err := proc.LookPath(name); err != nil {
		t.Skip("needs " + name)
	}
}

const bvScript = `
(declare-const x (_ BitVec 8))
(declare-const |weird name| (_ BitVec 32))
(declare-const b Bool)
(assert (= (bvmul x #x03) #x09))
(assert (bvult |weird name| #x00000010))
(assert (bvugt |weird name| #x0000000e))
(assert (not b))
`

func TestCheckSatBitVector(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		res, err := s.Check(context.Background(), &Query{Script: bvScript, Values: []string{"x", "|weird name|", "b", "(bvadd x #x01)", "(bvult x #x05)", "((_ extract 3 0) |weird name|)"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Sat {
			t.Fatalf("status %v (%s), want sat", res.Status, res.Reason)
		}
		// 3x = 9 mod 256 has the single solution x = 3 (3 is invertible).
		x := res.Model["x"]
		if x.Int == nil || x.Int.Int64() != 3 || x.Width != 8 || x.Sort != "(_ BitVec 8)" {
			t.Errorf("x = %+v, want 3 of width 8", x)
		}
		w := res.Model["|weird name|"]
		if w.Int == nil || w.Int.Int64() != 15 || w.Width != 32 {
			t.Errorf("weird name = %+v, want 15", w)
		}
		if b := res.Model["b"]; b.Bool == nil || *b.Bool || b.Sort != "Bool" {
			t.Errorf("b = %+v, want false", b)
		}
		if y := res.Model["(bvadd x #x01)"]; y.Int == nil || y.Int.Int64() != 4 {
			t.Errorf("x+1 = %+v, want 4", y)
		}
		if v := res.Model["(bvult x #x05)"]; v.Bool == nil || !*v.Bool || v.Sort != "Bool" {
			t.Errorf("x < 5 = %+v, want true", v)
		}
		if v := res.Model["((_ extract 3 0) |weird name|)"]; v.Int == nil || v.Int.Int64() != 15 || v.Width != 4 {
			t.Errorf("low bits = %+v, want 15 of width 4", v)
		}
		if res.Solver != s.Name() {
			t.Errorf("Solver = %q", res.Solver)
		}
	})
}

func TestCheckUnsat(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		res, err := s.Check(context.Background(), &Query{
			Script: "(declare-const x (_ BitVec 8))\n(assert (bvult x #x05))\n(assert (bvugt x #x07))",
			Values: []string{"x"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Unsat || res.Model != nil {
			t.Fatalf("got %v model %v, want unsat and no model", res.Status, res.Model)
		}
	})
}

func TestSyntaxError(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		_, err := s.Check(context.Background(), &Query{
			Script: "(declare-const x (_ BitVec 8))\n(assert (= x (undefined_fn x)))",
		})
		var se *SolverError
		if !errors.As(err, &se) {
			t.Fatalf("err = %v, want a *SolverError", err)
		}
		if se.Solver != s.Name() || !strings.Contains(err.Error(), "undefined_fn") || !strings.HasPrefix(err.Error(), "smt: "+s.Name()+": ") {
			t.Fatalf("err = %q, want the solver and the undefined symbol named", err)
		}
		// z3 and boolector name the script's line; cvc5 quotes it (its
		// line numbers count its own input chunks).
		where := "line 2"
		if s.Name() == "cvc5" {
			where = "(assert (= x (undefined_fn x)))"
		}
		if !strings.Contains(err.Error(), where) {
			t.Fatalf("err = %q, want it to say where: %s", err, where)
		}
	})
}

// hardScript asks to factor a 64-bit number into two 32-bit factors.
const hardScript = `
(declare-const x (_ BitVec 128))
(declare-const y (_ BitVec 128))
(assert (bvult x #x00000000000000010000000000000000))
(assert (bvult y #x00000000000000010000000000000000))
(assert (bvugt x #x00000000000000000000000000000001))
(assert (bvugt y #x00000000000000000000000000000001))
(assert (= (bvmul x y) #x0000000000000000c5c4bd3f3f1cc6b7))
`

func TestTimeoutIsUnknown(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		start := time.Now()
		// With values asked: bitwuzla's driver answers none after
		// unknown, and its reason once went for the values' reply.
		res, err := s.Check(context.Background(), &Query{Script: hardScript, Values: []string{"x"}, Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Unknown || res.Reason != "timeout" {
			t.Fatalf("got %v %q, want unknown because of a timeout", res.Status, res.Reason)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("took %v with a 200ms timeout", d)
		}
		if n := proc.Running(); n != 0 {
			t.Fatalf("%d processes left running", n)
		}
	})
}

func TestCancelLeavesNoProcess(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := s.Check(ctx, &Query{Script: hardScript})
			done <- err
		}()
		deadline := time.Now().Add(5 * time.Second)
		for proc.Running() == 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if proc.Running() == 0 {
			t.Fatal("the solver never started")
		}
		start := time.Now()
		cancel()
		err := <-done
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("cancellation took %v", d)
		}
		if n := proc.Running(); n != 0 {
			t.Fatalf("%d processes left running", n)
		}
	})
}

func TestNotFound(t *testing.T) {
	_, err := Z3(&Options{Path: "surety-no-such-solver"}).Check(context.Background(), &Query{Script: "(declare-const b Bool)"})
	if !errors.Is(err, ErrNotFound) || !errors.Is(err, proc.ErrNotFound) || !strings.Contains(err.Error(), "z3") {
		t.Fatalf("err = %v, want ErrNotFound naming z3", err)
	}
}

func TestScriptWithCheckSatRejected(t *testing.T) {
	_, err := Z3(nil).Check(context.Background(), &Query{Script: "(declare-const b Bool)\n(check-sat)"})
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("err = %v, want an error naming line 2", err)
	}
}

func TestAvailable(t *testing.T) {
	var want []string
	for _, name := range []string{"z3", "cvc5", "boolector"} {
		if _, err := proc.LookPath(name); err == nil {
			want = append(want, name)
		}
	}
	if bitwuzlaPresent("python3") {
		want = append(want, "bitwuzla")
	}
	var got []string
	for _, s := range Available() {
		got = append(got, s.Name())
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Available() = %v, want %v", got, want)
	}
}

func TestStatusText(t *testing.T) {
	for _, s := range []Status{Sat, Unsat, Unknown} {
		b, _ := s.MarshalText()
		var back Status
		if err := back.UnmarshalText(b); err != nil || back != s || string(b) != s.String() {
			t.Errorf("%v -> %s -> %v, %v", s, b, back, err)
		}
	}
	if Status(0) != Unknown || Sat.String() != "sat" || Unsat.String() != "unsat" {
		t.Fatal("status names")
	}
}

func TestNotFoundMessage(t *testing.T) {
	_, err := CVC5(&Options{Path: "surety-no-cvc5"}).Check(context.Background(), &Query{})
	if err == nil || err.Error() != "smt: solver not found: cvc5 (surety-no-cvc5)" {
		t.Fatalf("err = %v", err)
	}
}

func TestInstalledInOrderGiven(t *testing.T) {
	need(t, "z3")
	need(t, "cvc5")
	var got []string
	for _, s := range Installed("cvc5", "no-such-solver", "z3") {
		got = append(got, s.Name())
	}
	if strings.Join(got, ",") != "cvc5,z3" {
		t.Fatalf("Installed(cvc5, no-such-solver, z3) = %v, want [cvc5 z3]", got)
	}
}

// TestBitwuzlaSkipsShim checks that queries run the interpreter a shim
// starts, not the shim: a shim such as pyenv's costs more CPU per start
// than most queries take.
func TestBitwuzlaSkipsShim(t *testing.T) {
	need(t, "bitwuzla")
	python, err := proc.LookPath("python3")
	if err != nil {
		t.Skip("needs python3")
	}
	shim := filepath.Join(t.TempDir(), "python-shim")
	if err := os.WriteFile(shim, []byte("#!/bin/sh\nexec "+python+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	exe := bitwuzlaPython(shim)
	if exe == "" || exe == shim || !filepath.IsAbs(exe) {
		t.Fatalf("bitwuzlaPython(shim) = %q, want the absolute path of the interpreter it starts", exe)
	}
	res, err := Bitwuzla(&Options{Path: shim}).Check(context.Background(), &Query{Script: bvScript, Values: []string{"x"}})
	if err != nil || res.Status != Sat {
		t.Fatalf("Check through the shim = %v, %v; want sat", res, err)
	}
}
