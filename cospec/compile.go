package cospec

import (
	"context"
	"errors"
	"fmt"

	"github.com/suretydev/surety/bmc/gcc"
)

// A Compiler is the compile check of synthesis, annotation and bound
// reduction: a program it rejects is sent back to the model with its
// diagnostics. *GCC implements it. A Compiler
// that also implements fmt.Stringer is named by it to the model ("gcc
// -std=c11 ..."); otherwise as "the C compiler".
type Compiler interface {
	// Compile compiles and links src; it returns the diagnostics when src
	// does not compile ("" when it does) and an error only when the
	// compiler could not be run.
	Compile(ctx context.Context, src string) (diagnostics string, err error)
}

var _ Compiler = (*GCC)(nil)

// ErrNoCompiler reports that the C compiler could not be found.
var ErrNoCompiler = errors.New("cospec: C compiler not found")

// compile runs the compile check.
func (s *synth) compile(ctx context.Context, src string) (string, error) {
	diag, err := s.cc.Compile(ctx, src)
	switch {
	case errors.Is(err, gcc.ErrNotFound):
		return "", fmt.Errorf("%w: %w", ErrNoCompiler, err)
	case err != nil:
		return "", fmt.Errorf("cospec: compile check: %w", err)
	}
	return diag, nil
}

// compilerName names the compiler to the model.
func compilerName(c Compiler) string {
	if s, ok := c.(fmt.Stringer); ok {
		return s.String()
	}
	return "the C compiler"
}
