package completetest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/completetest"
)

// recorder is a completetest.Testing that keeps the errors.
type recorder struct{ errs []string }

func (r *recorder) Helper()                   {}
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }
func (r *recorder) has(prefix string) bool {
	for _, e := range r.errs {
		if strings.HasPrefix(e, prefix) {
			return true
		}
	}
	return false
}

// fake answers the kit's programs as Dafny 2.3 does, by file name. lie
// makes every lemma Verified; deaf makes the hard lemma ignore
// cancellation.
type fake struct{ lie, deaf bool }

func (f *fake) Version() string           { return "fake 1" }
func (f *fake) Dialect() complete.Dialect { return complete.Legacy }

func (f *fake) Verify(ctx context.Context, files ...complete.File) (*complete.Verification, error) {
	return f.verify(ctx, false, files)
}

func (f *fake) VerifyAll(ctx context.Context, files ...complete.File) (*complete.Verification, error) {
	return f.verify(ctx, true, files)
}

func (f *fake) verify(ctx context.Context, all bool, files []complete.File) (*complete.Verification, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("fake: %w", err)
	}
	v := &complete.Verification{Finished: true}
	switch files[0].Name {
	case "verifies.dfy":
		v.Lemmas = []complete.LemmaResult{{Name: "Add", Line: 3, Status: complete.Verified}, {Name: "Index", Line: 8, Status: complete.Verified}}
		if all {
			v.ExitCode = 4
			v.Diagnostics = []complete.Diagnostic{{File: "wrong.dfy", Line: 1, Col: 40, Msg: "Error: A postcondition might not hold"}}
		}
	case "fails.dfy":
		v.Lemmas = []complete.LemmaResult{{Name: "Good", Line: 1, Status: complete.Verified}, {Name: "Bad", Line: 2, Status: complete.Failed}}
		v.ExitCode = 4
		v.Diagnostics = []complete.Diagnostic{{File: "fails.dfy", Line: 2, Col: 39, Msg: "Error: A postcondition might not hold"}}
	case "unresolved.dfy":
		v.ExitCode = 2
		v.Diagnostics = []complete.Diagnostic{{File: "unresolved.dfy", Line: 1, Col: 28, Msg: "Error: unresolved identifier: Nope"}}
		return v, fmt.Errorf("fake: %w", complete.ErrUnresolved)
	case "hard.dfy":
		if f.deaf {
			time.Sleep(1500 * time.Millisecond)
			return v, nil
		}
		<-ctx.Done()
		return nil, fmt.Errorf("fake: %w", ctx.Err())
	}
	if f.lie {
		for i := range v.Lemmas {
			v.Lemmas[i].Status = complete.Verified
		}
		v.ExitCode, v.Diagnostics = 0, nil
	}
	return v, nil
}

func (f *fake) Run(ctx context.Context, files ...complete.File) (*complete.Execution, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("fake: %w", err)
	}
	switch files[0].Name {
	case "run.dfy":
		return &complete.Execution{Stdout: []byte("out 49 [1, 2]\n")}, nil
	case "crash.dfy":
		return &complete.Execution{Stdout: []byte("first 1\n"), ExitCode: 1}, nil
	}
	return nil, fmt.Errorf("fake: %w", complete.ErrUnresolved)
}

// A verifier that keeps the contract passes.
func TestFakePasses(t *testing.T) {
	completetest.TestVerifier(t, &fake{}, nil)
}

// A verifier that calls a failed lemma verified fails "fail" and
// "verify-all", naming the lemmas.
func TestLiarFails(t *testing.T) {
	r := &recorder{}
	completetest.TestVerifier(r, &fake{lie: true}, &completetest.Options{Skip: map[string]string{"cancel": "tested apart"}})
	if !r.has("fail: lemmas Good@1:verified Bad@2:verified, want Good@1:verified Bad@2:failed") || !r.has("verify-all: the run is Clean") {
		t.Errorf("errors:\n%s", strings.Join(r.errs, "\n"))
	}
}

// A verifier that does not stop when cancelled fails "cancel"; a Skip
// naming no case is an error.
func TestDeafFails(t *testing.T) {
	r := &recorder{}
	skip := map[string]string{"nosuch": "x"}
	for _, c := range completetest.Cases() {
		if c != "cancel" {
			skip[c] = "tested apart"
		}
	}
	completetest.TestVerifier(r, &fake{deaf: true}, &completetest.Options{Skip: skip, Grace: 100 * time.Millisecond})
	if len(r.errs) != 2 || !r.has(`Options.Skip names "nosuch"`) || !r.has("cancel: Verify cancelled after 1s: err = <nil>") {
		t.Errorf("errors:\n%s", strings.Join(r.errs, "\n"))
	}
}
