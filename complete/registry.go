package complete

import (
	"context"
	"errors"
	"fmt"

	"github.com/suretydev/surety/registry"
)

// A Finder finds a Verifier on this machine (its program, its version),
// configured by opts (the program's path, time limits); nil opts means
// the defaults. Verifiers register a Finder by name (Register), since
// which Dafny runs, and how, is known only at run time. Its error matches
// ErrNotFound when the verifier's program is not installed.
type Finder interface {
	Find(ctx context.Context, opts *VerifierOptions) (Verifier, error)
}

// A FinderFunc is a function that is a Finder.
type FinderFunc func(ctx context.Context, opts *VerifierOptions) (Verifier, error)

// Find calls f(ctx, opts).
func (f FinderFunc) Find(ctx context.Context, opts *VerifierOptions) (Verifier, error) {
	return f(ctx, opts)
}

var verifiers = registry.Set[Finder]{Kind: "complete: verifier"}

// Register makes a verifier available by name, as database/sql drivers
// are (see package registry); call it from the init function of the
// verifier's package, as complete/dafny registers "dafny". It panics if f
// is nil or name is empty or taken. This package registers none.
func Register(name string, f Finder) { verifiers.Register(name, f) }

// Lookup returns the Finder registered under name. Its error wraps
// registry.ErrUnknown and lists the verifiers registered.
func Lookup(name string) (Finder, error) { return verifiers.Lookup(name) }

// Names returns the names of the registered verifiers, sorted.
func Names() []string { return verifiers.Names() }

// dafnyImport is the package that registers "dafny", the default verifier.
const dafnyImport = "github.com/suretydev/surety/complete/dafny"

// find returns the Verifier that the Finder registered in set as name (""
// is "dafny") finds with opts; the Finder's error is returned as it is.
// When "dafny" is not registered, the error says which import registers
// it.
func find(ctx context.Context, set *registry.Set[Finder], name string, opts *VerifierOptions) (Verifier, error) {
	if name == "" {
		name = "dafny"
	}
	f, err := set.Lookup(name)
	if err != nil {
		if name == "dafny" && errors.Is(err, registry.ErrUnknown) {
			return nil, fmt.Errorf("%w: import _ %q registers it", err, dafnyImport)
		}
		return nil, err
	}
	return f.Find(ctx, opts)
}
