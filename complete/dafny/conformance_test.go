package dafny_test

import (
	"context"
	"errors"
	"testing"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/completetest"
	_ "github.com/suretydev/surety/complete/dafny"
)

// TestConformance runs the verifiers' conformance kit on the Dafny that
// the registered "dafny" finds, as complete.Check does.
func TestConformance(t *testing.T) {
	f, err := complete.Lookup("dafny")
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Find(context.Background(), nil)
	if errors.Is(err, complete.ErrNotFound) {
		t.Skip("needs dafny")
	}
	if err != nil {
		t.Fatal(err)
	}
	completetest.TestVerifier(t, v, nil)
}
