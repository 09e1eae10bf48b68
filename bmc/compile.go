package bmc

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
)

// Compile is the compiler's view of a program beyond its text: what `-D`
// and `-I` give gcc. A program is verified as it is compiled, so every
// engine, every build and every replay of it uses the same view; an
// engine that cannot honour it answers UNKNOWN and says so. The zero value
// is the file alone.
type Compile struct {
	// Defines are macros defined before the file, as NAME or NAME=VALUE.
	Defines []string `json:"defines,omitempty"`
	// IncludeDirs are searched for #include files, in order, after the
	// program file's own directory.
	IncludeDirs []string `json:"include_dirs,omitempty"`
}

var macroArgRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(=.*)?$`)

// Validate checks that every define is NAME or NAME=VALUE and every
// include directory is named; an error names the bad one.
func (c Compile) Validate() error {
	for _, d := range c.Defines {
		if !macroArgRE.MatchString(d) {
			return fmt.Errorf("bmc: define %q: want NAME or NAME=VALUE", d)
		}
	}
	for _, d := range c.IncludeDirs {
		if d == "" {
			return fmt.Errorf("bmc: an empty include directory")
		}
	}
	return nil
}

// Empty reports whether c adds nothing to the file.
func (c Compile) Empty() bool { return len(c.Defines) == 0 && len(c.IncludeDirs) == 0 }

// Flags are c as gcc's flags (ESBMC and CBMC take the same): each define
// as -D, each directory as -I, in order.
func (c Compile) Flags() []string {
	var out []string
	for _, d := range c.Defines {
		out = append(out, "-D", d)
	}
	for _, d := range c.IncludeDirs {
		out = append(out, "-I", d)
	}
	return out
}

// WithCompile returns a copy of p compiled with c.
func (p *Program) WithCompile(c Compile) (*Program, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	q := *p
	q.Compile = Compile{Defines: slices.Clone(c.Defines), IncludeDirs: slices.Clone(c.IncludeDirs)}
	return &q, nil
}

// BuildFlags are the flags every gcc build of p outside its own directory
// needs: the file's directory for its #include "..." files, then
// p.Compile's flags, then the header that declares the verifiers'
// functions p calls without a declaration (ConventionDecls). Include
// directories are made absolute, since builds run in temporary
// directories.
func (p *Program) BuildFlags() []string {
	var out []string
	if p.File != "" {
		if abs, err := filepath.Abs(filepath.Dir(p.File)); err == nil {
			out = append(out, "-iquote", abs)
		}
	}
	if plainInline(p.Source) {
		out = append(out, gnuInline)
	}
	for _, d := range p.Compile.Defines {
		out = append(out, "-D", d)
	}
	for _, d := range p.Compile.IncludeDirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		out = append(out, "-I", d)
	}
	if m := p.conventions(); m.path != "" {
		out = append(out, "-include", m.path)
	}
	return out
}

// EngineFlags are p's flags as ESBMC and CBMC take them (-I and -D, no
// -iquote): the file's own directory first, all directories absolute.
// The conventions' header is gcc's alone: the engines read the
// verifiers' functions so themselves (and refuse -include).
func (p *Program) EngineFlags() []string {
	var out []string
	flags := p.BuildFlags()
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		if f == "-include" {
			i++
			continue
		}
		if f == gnuInline {
			continue // gcc's alone
		}
		if f == "-iquote" {
			f = "-I"
		}
		out = append(out, f)
	}
	return out
}

// gnuInline makes gcc emit a function defined `inline` (C99's inline
// definition, which provides no external one) as an external definition,
// as C89's GNU extension did: at -O0 gcc calls rather than inlines, and a
// program whose only definition of a function is an inline one would
// not link.
const gnuInline = "-fgnu89-inline"

var (
	inlineWord   = regexp.MustCompile(`\binline\b`)
	externInline = regexp.MustCompile(`\bextern\s+(__)?inline\b|\binline\s+extern\b`)
)

// plainInline reports whether src defines functions inline without
// extern, where gnuInline is needed and changes nothing else (an extern
// inline definition would lose its external definition under it).
func plainInline(src []byte) bool {
	return inlineWord.Match(src) && !externInline.Match(src)
}
