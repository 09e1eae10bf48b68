package complete

import (
	"context"
	"errors"
	"testing"

	"github.com/suretydev/surety/registry"
)

// TestRegisterNoneDafny: with no verifier registered (the library
// registers none), the default "dafny" is an error naming the import that
// registers it.
func TestRegisterNoneDafny(t *testing.T) {
	var none registry.Set[Finder]
	none.Kind = verifiers.Kind
	_, err := find(context.Background(), &none, "", nil)
	want := `complete: unknown verifier "dafny" (forgotten import?); none registered: import _ "github.com/suretydev/surety/complete/dafny" registers it`
	if !errors.Is(err, registry.ErrUnknown) || err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}
