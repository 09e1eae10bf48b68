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

func forEachSessionSolver(t *testing.T, f func(t *testing.T, s Solver)) {
	for _, s := range []Solver{Z3(nil), CVC5(nil)} {
		t.Run(s.Name(), func(t *testing.T) {
			need(t, s.Name())
			f(t, s)
		})
	}
}

func TestSessionPushPop(t *testing.T) {
	forEachSessionSolver(t, func(t *testing.T, s Solver) {
		ctx := context.Background()
		sess, err := StartSession(ctx, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if err := sess.Assert(ctx, "(declare-const x (_ BitVec 8))\n(assert (bvugt x #x10))"); err != nil {
			t.Fatal(err)
		}
		// Two obligations on one translation, each in its own scope.
		if err := sess.Push(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Assert(ctx, "(assert (bvult x #x05))"); err != nil {
			t.Fatal(err)
		}
		res, err := sess.Check(ctx, "x")
		if err != nil || res.Status != Unsat {
			t.Fatalf("first scope: %+v, %v; want unsat", res, err)
		}
		if err := sess.Pop(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Push(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Assert(ctx, "(declare-const y (_ BitVec 8))\n(assert (= y (bvadd x #x01)))\n(assert (bvult x #x12))"); err != nil {
			t.Fatal(err)
		}
		res, err = sess.Check(ctx, "x", "y")
		if err != nil || res.Status != Sat {
			t.Fatalf("second scope: %+v, %v; want sat", res, err)
		}
		if x, y := res.Model["x"], res.Model["y"]; x.Int.Int64() != 0x11 || y.Int.Int64() != 0x12 || y.Sort != "(_ BitVec 8)" {
			t.Fatalf("model x=%+v y=%+v, want 17 and 18", x, y)
		}
		if err := sess.Pop(ctx); err != nil {
			t.Fatal(err)
		}
		// An error leaves the session usable and Assert is all or nothing:
		// y was popped, so nothing of this text may stay.
		err = sess.Assert(ctx, "(declare-const z (_ BitVec 8))\n(assert (= x #x20))\n(assert (= y #x00))\n(assert (= x #x21))")
		var se *SolverError
		if !errors.As(err, &se) {
			t.Fatalf("asserting a popped name: %v, want a *SolverError", err)
		}
		res, err = sess.Check(ctx, "x")
		if err != nil || res.Status != Sat {
			t.Fatalf("after the error: %+v, %v; want sat", res, err)
		}
		if err := sess.Assert(ctx, "(declare-const z Bool)\n(assert (bvult x #x20))\n(assert z)"); err != nil {
			t.Fatalf("z must not have been declared by the failed Assert: %v", err)
		}
		if res, err := sess.Check(ctx); err != nil || res.Status != Sat {
			t.Fatalf("x = 0x20 or 0x21 stayed asserted: %+v, %v", res, err)
		}
		if err := sess.Pop(ctx); err == nil {
			t.Fatal("Pop without Push succeeded")
		}
		if err := sess.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Check(ctx); !errors.Is(err, ErrSessionClosed) {
			t.Fatalf("Check after Close: %v", err)
		}
		if n := proc.Running(); n != 0 {
			t.Fatalf("%d processes left", n)
		}
	})
}

func TestSessionTimeout(t *testing.T) {
	forEachSessionSolver(t, func(t *testing.T, s Solver) {
		ctx := context.Background()
		sess, err := StartSession(ctx, s, &SessionOptions{Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if err := sess.Assert(ctx, "(declare-const b (_ BitVec 8))\n(assert (= b #x07))"); err != nil {
			t.Fatal(err)
		}
		if err := sess.Push(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Assert(ctx, hardScript); err != nil {
			t.Fatal(err)
		}
		res, err := sess.Check(ctx, "x")
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Unknown || res.Reason != "timeout" {
			t.Fatalf("got %v %q, want unknown: timeout", res.Status, res.Reason)
		}
		// The session goes on after a timeout, with its assertions.
		if err := sess.Pop(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Push(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sess.Assert(ctx, "(declare-const c (_ BitVec 8))\n(assert (= c (bvadd b #x01)))"); err != nil {
			t.Fatal(err)
		}
		res, err = sess.Check(ctx, "c")
		if err != nil || res.Status != Sat || res.Model["c"].Int.Int64() != 8 {
			t.Fatalf("after the timeout: %+v, %v; want sat with c = 8", res, err)
		}
	})
}

func TestSessionCancelKills(t *testing.T) {
	forEachSessionSolver(t, func(t *testing.T, s Solver) {
		sess, err := StartSession(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if err := sess.Assert(context.Background(), hardScript); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err = sess.Check(ctx)
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 3*time.Second {
			t.Fatalf("err = %v after %v, want the deadline promptly", err, time.Since(start))
		}
		if _, err := sess.Check(context.Background()); !errors.Is(err, ErrSessionClosed) {
			t.Fatalf("after a cancelled check: %v, want ErrSessionClosed", err)
		}
		sess.Close()
		if n := proc.Running(); n != 0 {
			t.Fatalf("%d processes left", n)
		}
	})
}

func TestSessionUnsupported(t *testing.T) {
	for _, s := range []Solver{Boolector(nil), Portfolio(Z3(nil))} {
		if _, err := StartSession(context.Background(), s, nil); !errors.Is(err, ErrNoSession) {
			t.Errorf("%s: err = %v, want ErrNoSession", s.Name(), err)
		}
	}
	if _, err := StartSession(context.Background(), Z3(&Options{Path: "surety-no-z3"}), nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("err = %v, want ErrNotFound", err)
	}
}

func TestSessionRejectsScopeCommands(t *testing.T) {
	need(t, "z3")
	sess, err := StartSession(context.Background(), Z3(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.Assert(context.Background(), "(push 1)"); err == nil || !strings.Contains(err.Error(), "Session's methods") {
		t.Fatalf("err = %v", err)
	}
}

// TestSessionWriteCancelled checks that a write to a solver that has
// stopped reading its input gives up when the ctx ends, instead of
// blocking on the full pipe for as long as the solver works. The
// "solver" acknowledges the prelude and then sleeps without reading.
func TestSessionWriteCancelled(t *testing.T) {
	need(t, "sh")
	stuck := filepath.Join(t.TempDir(), "stuck")
	script := "#!/bin/sh\nIFS= read -r a; IFS= read -r b; printf '\"surety:check\"\\n'; exec sleep 60\n"
	if err := os.WriteFile(stuck, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := StartSession(context.Background(), Z3(&Options{Path: stuck}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	big := strings.Repeat("(declare-const x Bool)\n", 1<<16) // 1.5 MB: more than a pipe holds
	start := time.Now()
	err = s.Assert(ctx, big)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the ctx's deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Assert returned after %v", d)
	}
	if _, err := s.Check(context.Background()); !errors.Is(err, ErrSessionClosed) {
		t.Fatalf("after a cancelled write: %v, want ErrSessionClosed", err)
	}
}
