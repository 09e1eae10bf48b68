package complete_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/registry"
)

// testVerifier is the recorded Dafny the registered "test-recorded"
// verifier finds; testOpts is the options it was given.
var (
	testVerifier = &recorded{code: 4, out: "input.dfy(3,0): Error BP5003: A postcondition might not hold on this return path.\n\nDafny program verifier finished with 0 verified, 1 error\n"}
	testOpts     *complete.VerifierOptions
)

func init() {
	complete.Register("test-recorded", complete.FinderFunc(func(_ context.Context, opts *complete.VerifierOptions) (complete.Verifier, error) {
		testOpts = opts
		return testVerifier, nil
	}))
}

// TestRegisterVerifier checks a verifier registered under a test name is
// found by Lookup and chosen by Options.VerifierName, with the options
// given; that "dafny" is registered; the duplicate panic and the error for
// a name nobody registered.
func TestRegisterVerifier(t *testing.T) {
	if f, err := complete.Lookup("test-recorded"); err != nil || f == nil {
		t.Fatalf("Lookup(test-recorded) = %v, %v", f, err)
	}
	if names := strings.Join(complete.Names(), ","); names != "dafny,test-recorded" {
		t.Errorf("Names() = %s", names)
	}
	dopts := &complete.VerifierOptions{TimeLimit: 7}
	rep, err := complete.CheckSource(context.Background(), "two.dfy", []byte(twoMethods),
		&complete.Options{VerifierName: "test-recorded", VerifierOptions: dopts})
	if err != nil || testOpts != dopts || testVerifier.runs == 0 || rep.DafnyVersion != testVerifier.Version() {
		t.Errorf("CheckSource through test-recorded: %v, options %p (want %p), %d runs", err, testOpts, dopts, testVerifier.runs)
	}
	_, err = complete.CheckSource(context.Background(), "two.dfy", []byte(twoMethods), &complete.Options{VerifierName: "nosuch"})
	if !errors.Is(err, registry.ErrUnknown) ||
		err.Error() != `complete: unknown verifier "nosuch" (forgotten import?); registered: dafny, test-recorded` {
		t.Errorf("VerifierName nosuch: %v", err)
	}
	v := func() (v any) {
		defer func() { v = recover() }()
		complete.Register("dafny", complete.FinderFunc(func(context.Context, *complete.VerifierOptions) (complete.Verifier, error) { return nil, nil }))
		return nil
	}()
	if fmt.Sprint(v) != `complete: Register called twice for verifier "dafny"` {
		t.Errorf("duplicate Register: panic %v", v)
	}
}
