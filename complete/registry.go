package complete

import (
	"context"

	"github.com/suretydev/surety/complete/dafny"
	"github.com/suretydev/surety/registry"
)

// A Finder finds a Verifier on this machine (its program, its version),
// configured by opts (the program's path, time limits); nil opts means
// the defaults. Verifiers register a Finder by name (Register), since
// which Dafny runs, and how, is known only at run time.
type Finder interface {
	Find(ctx context.Context, opts *dafny.Options) (Verifier, error)
}

// A FinderFunc is a function that is a Finder.
type FinderFunc func(ctx context.Context, opts *dafny.Options) (Verifier, error)

// Find calls f(ctx, opts).
func (f FinderFunc) Find(ctx context.Context, opts *dafny.Options) (Verifier, error) {
	return f(ctx, opts)
}

var verifiers = registry.Set[Finder]{Kind: "complete: verifier"}

// "dafny", the adapter of package complete/dafny (Dafny 2.3 to 4), is
// registered here rather than from complete/dafny's init: the Verifier
// interface is spelled in that package's types, so it cannot import this
// one.
func init() {
	Register("dafny", FinderFunc(func(ctx context.Context, opts *dafny.Options) (Verifier, error) {
		t, err := dafny.Find(ctx, opts)
		if err != nil {
			return nil, err
		}
		return t, nil
	}))
}

// Register makes a verifier available by name, as database/sql drivers
// are (see package registry); call it from an init function. It panics if
// f is nil or name is empty or taken. This package registers "dafny", the
// default of Options.VerifierName.
func Register(name string, f Finder) { verifiers.Register(name, f) }

// Lookup returns the Finder registered under name. Its error wraps
// registry.ErrUnknown and lists the verifiers registered.
func Lookup(name string) (Finder, error) { return verifiers.Lookup(name) }

// Names returns the names of the registered verifiers, sorted.
func Names() []string { return verifiers.Names() }
