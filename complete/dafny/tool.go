package dafny

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// ErrNotFound reports that Dafny (or, for Dafny 2 and 3, z3) is not
// installed. It wraps proc.ErrNotFound.
var ErrNotFound = fmt.Errorf("dafny: not found: %w", proc.ErrNotFound)

// ErrResolution reports that the program did not parse or type-check, so
// nothing was verified or run. The Diagnostics of the result say where.
var ErrResolution = errors.New("dafny: program does not resolve")

// Options configure a Tool. The zero value is valid; a nil *Options means
// the zero value. Find does not modify it.
type Options struct {
	// Dafny is the program to run, a name on PATH or a path; "" means "dafny".
	Dafny string
	// Z3 is the z3 that Dafny 2 and 3 should use; "" means "z3" on PATH.
	// Dafny 4 uses its own.
	Z3 string
	// TimeLimit bounds the verification of each lemma; 0 means 20s.
	TimeLimit time.Duration
	// Timeout bounds a whole Dafny run (verification or compile-and-run);
	// 0 means 10 minutes.
	Timeout time.Duration
	// Cores is the number of lemmas verified at once; 0 means 2.
	Cores int
}

// A Dialect says how generated Dafny must be spelled.
type Dialect int

const (
	// Legacy is Dafny 2 and 3: compiled functions are "function method",
	// predicates are ghost by default.
	Legacy Dialect = iota
	// Modern is Dafny 4: functions are compiled by default, ghost ones say so.
	Modern
)

func (d Dialect) String() string {
	if d == Modern {
		return "dafny4"
	}
	return "dafny3"
}

// CompiledFunction is the keyword for a function that can be executed.
func (d Dialect) CompiledFunction() string {
	if d == Modern {
		return "function"
	}
	return "function method"
}

// GhostPredicate is the keyword for a specification-only predicate.
func (d Dialect) GhostPredicate() string {
	if d == Modern {
		return "ghost predicate"
	}
	return "predicate"
}

// A Tool is a Dafny installation found by Find. It is safe for concurrent
// use: each call runs in its own temporary directory.
type Tool struct {
	path    string
	z3      string
	version string
	major   int
	opts    Options
}

var versionRE = regexp.MustCompile(`(?m)^(?:Dafny\s+)?(\d+)\.(\d+)\.(\d+)(?:[.\d+\w-]*)`)

// Find locates Dafny, asks it for its version and, for Dafny 2 and 3,
// locates z3. The error matches ErrNotFound when a program is missing.
func Find(ctx context.Context, opts *Options) (*Tool, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Dafny == "" {
		o.Dafny = "dafny"
	}
	path, err := proc.LookPath(o.Dafny)
	if err != nil {
		return nil, fmt.Errorf("dafny: %s: %w", o.Dafny, ErrNotFound)
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
		z := o.Z3
		if z == "" {
			z = "z3"
		}
		if t.z3, err = proc.LookPath(z); err != nil {
			return nil, fmt.Errorf("dafny: z3 for Dafny %s: %w", t.version, ErrNotFound)
		}
	}
	return t, nil
}

// Version is the version Dafny reported, such as "2.3.0.10506".
func (t *Tool) Version() string { return t.version }

// Dialect is the spelling generated code must use for this Dafny.
func (t *Tool) Dialect() Dialect {
	if t.major >= 4 {
		return Modern
	}
	return Legacy
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
