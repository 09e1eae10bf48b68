package dafny

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/internal/proc"
)

func init() {
	complete.Register("dafny", complete.FinderFunc(func(ctx context.Context, opts *complete.VerifierOptions) (complete.Verifier, error) {
		t, err := Find(ctx, opts)
		if err != nil {
			return nil, err // not a nil *Tool in a non-nil Verifier
		}
		return t, nil
	}))
}

var (
	_ complete.Verifier      = (*Tool)(nil)
	_ complete.ModelVerifier = (*Tool)(nil)
)

// A Tool is a Dafny installation found by Find. It is safe for concurrent
// use: each call runs in its own temporary directory.
type Tool struct {
	path    string
	z3      string
	version string
	major   int
	opts    complete.VerifierOptions
}

var versionRE = regexp.MustCompile(`(?m)^(?:Dafny\s+)?(\d+)\.(\d+)\.(\d+)(?:[.\d+\w-]*)`)

// Find locates Dafny, asks it for its version and, for Dafny 2 and 3,
// locates z3; it is the Finder registered as "dafny". opts.Program is the
// dafny program ("" means "dafny" on PATH) and opts.Solver the z3 Dafny 2
// and 3 should run ("" means "z3" on PATH; Dafny 4 uses its own). The
// error matches complete.ErrNotFound when a program is missing.
func Find(ctx context.Context, opts *complete.VerifierOptions) (*Tool, error) {
	var o complete.VerifierOptions
	if opts != nil {
		o = *opts
	}
	if o.Program == "" {
		o.Program = "dafny"
	}
	path, err := proc.LookPath(o.Program)
	if err != nil {
		return nil, fmt.Errorf("dafny: %w: %s", complete.ErrNotFound, o.Program)
	}
	// Both generations answer /version (Dafny 4 still reads legacy options).
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: []string{"/version"}, Timeout: time.Minute, MaxOutput: 1 << 16})
	if err != nil {
		return nil, fmt.Errorf("dafny: asking %s for its version: %w", path, err)
	}
	m := versionRE.FindSubmatch(append(res.Stdout, res.Stderr...))
	if m == nil {
		return nil, fmt.Errorf("dafny: %s printed no version: %q", path, firstLine(res.Stdout))
	}
	major, _ := strconv.Atoi(string(m[1]))
	t := &Tool{path: path, version: strings.TrimPrefix(string(m[0]), "Dafny "), major: major, opts: o}
	if major < 4 {
		z := o.Solver
		if z == "" {
			z = "z3"
		}
		if t.z3, err = proc.LookPath(z); err != nil {
			return nil, fmt.Errorf("dafny: %w: %s (the z3 Dafny %s runs)", complete.ErrNotFound, z, t.version)
		}
	}
	return t, nil
}

// Version is the version Dafny reported, such as "2.3.0.10506".
func (t *Tool) Version() string { return t.version }

// Dialect is the spelling generated code must use for this Dafny.
func (t *Tool) Dialect() complete.Dialect {
	if t.major >= 4 {
		return complete.Modern
	}
	return complete.Legacy
}

func (t *Tool) timeLimit() time.Duration {
	if t.opts.TimeLimit > 0 {
		return t.opts.TimeLimit
	}
	return 20 * time.Second
}

func (t *Tool) timeout() time.Duration {
	if t.opts.Timeout > 0 {
		return t.opts.Timeout
	}
	return 10 * time.Minute
}

func (t *Tool) cores() int {
	if t.opts.Cores > 0 {
		return t.opts.Cores
	}
	return 2
}

func firstLine(b []byte) string {
	for i, c := range b {
		if c == '\n' {
			return string(b[:i])
		}
	}
	return string(b)
}
