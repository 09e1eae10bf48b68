package bmc

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// An Assertion is VIVERRA's triple <f, l, phi> (Definition 2) plus where it
// sits in the source.
type Assertion struct {
	// Index is the position in Program.Asserts (0-based, source order).
	Index int `json:"index"`
	// Func is the name of the enclosing function.
	Func string `json:"func"`
	// Line is the logical line: the assertion sits after the Line-th line
	// of the assertion-free skeleton of Func (Definition 2). It does not
	// change when assertions are added or removed.
	Line int `json:"line"`
	// Pred is the predicate on one line, whitespace collapsed and comments
	// dropped ("x > 0").
	Pred string `json:"pred"`
	// Form is the spelling used in the source: "assert", "__VERIFIER_assert".
	Form string `json:"form"`
	// SrcLine is the physical line of the statement's start (1-based).
	SrcLine int `json:"src_line"`
	// Start and End are the byte range of the whole statement, `assert(...);`.
	Start int `json:"start"`
	End   int `json:"end"`
}

// Label is the assertion's name in facts and reports: "a1" for Index 0,
// as VIVERRA numbers them from 1.
func (a *Assertion) Label() string { return fmt.Sprintf("a%d", a.Index+1) }

// Labels names the assertions at the indices idx by their labels, joined
// by commas ("a1,a3"), or says "none" when idx is empty: a fact's Deps as
// the reports print them.
func Labels(idx []int) string {
	if len(idx) == 0 {
		return "none"
	}
	parts := make([]string, len(idx))
	for i, d := range idx {
		parts[i] = fmt.Sprintf("a%d", d+1)
	}
	return strings.Join(parts, ",")
}

// A Func is a function definition of the program.
type Func struct {
	Name       string `json:"name"`
	Start, End int    `json:"-"` // byte range of the whole definition
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	// Calls lists the call sites in the function's skeleton (calls inside
	// assertions are not part of it), in source order.
	Calls []CallSite `json:"calls,omitempty"`

	id string // the frontend's function ID
}

// A CallSite is a call of a named function.
type CallSite struct {
	Callee string `json:"callee"`
	// Line is the logical line: the skeleton line of the caller that holds
	// the call (1-based, the function's first line is 1).
	Line    int `json:"line"`
	SrcLine int `json:"src_line"`
}

// A Program is a C program and its assertions, parsed once. It is not
// modified after ParseProgram and is safe for concurrent use.
type Program struct {
	File    string      // name for messages
	Source  []byte      // as written, with every assertion
	Asserts []Assertion // in source order
	Funcs   []Func      // function definitions in source order
	// Switch, when not nil, makes the program a variant schema; see
	// WithSwitch.
	Switch *Switch
	// Compile is how the program is compiled (-D, -I); see WithCompile.
	Compile Compile

	fe       *frontend.File // the C frontend's model, for the call graph
	bodiless *bodilessMemo  // shared by the program's copies (Bodiless)
	// convention is shared by the program's copies (ConventionDecls).
	convention *conventionMemo
}

// Func returns the definition of the named function, or nil.
func (p *Program) Func(name string) *Func {
	for i := range p.Funcs {
		if p.Funcs[i].Name == name {
			return &p.Funcs[i]
		}
	}
	return nil
}

// ParseError is bad input: a file, a line and what is wrong.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("bmc: %s:%d: %s", e.File, e.Line, e.Msg) }

// ParseProgram finds the functions, call sites and assertions of a C
// program and computes their logical lines. Assertions are the statements
// `assert(p);` and `__VERIFIER_assert(p);`. A syntax error or an assertion
// outside any function is a *ParseError.
func ParseProgram(file string, src []byte) (*Program, error) {
	if i := bytes.IndexByte(src, 0); i >= 0 {
		// C source holds no NUL: this is a binary file, whose syntax
		// errors would only say so less plainly.
		return nil, &ParseError{File: file, Line: bytes.Count(src[:i], []byte("\n")) + 1, Msg: fmt.Sprintf("a NUL byte at offset %d: binary content, not C source", i)}
	}
	raw, err := scan(file, src)
	if err != nil {
		return nil, err
	}
	p := &Program{File: file, Source: src, fe: raw.file, bodiless: &bodilessMemo{}, convention: &conventionMemo{}}
	sort.Slice(raw.asserts, func(i, j int) bool { return raw.asserts[i].start < raw.asserts[j].start })
	sort.Slice(raw.funcs, func(i, j int) bool { return raw.funcs[i].start < raw.funcs[j].start })
	sk := newSkeleton(src, raw.asserts)
	for _, f := range raw.funcs {
		fn := Func{id: f.id, Name: f.name, Start: f.start, End: f.end, StartLine: sk.line(f.start), EndLine: sk.line(f.end)}
		for _, c := range f.calls {
			if sk.inAssertion(c.start) {
				continue
			}
			fn.Calls = append(fn.Calls, CallSite{Callee: c.name, Line: sk.linesBefore(f.start, c.start, true), SrcLine: sk.line(c.start)})
		}
		p.Funcs = append(p.Funcs, fn)
	}
	for i, a := range raw.asserts {
		// Definitions do not nest: the owner is the last one starting at
		// or before the assertion, if it also ends after it.
		var owner *Func
		j := sort.Search(len(p.Funcs), func(j int) bool { return p.Funcs[j].Start > a.start }) - 1
		if j >= 0 && a.end <= p.Funcs[j].End {
			owner = &p.Funcs[j]
		}
		if owner == nil {
			return nil, &ParseError{file, sk.line(a.start), a.form + " outside any function"}
		}
		p.Asserts = append(p.Asserts, Assertion{
			Index:   i,
			Func:    owner.Name,
			Line:    sk.linesBefore(owner.Start, a.start, false),
			Pred:    normalizePred(a.pred),
			Form:    a.form,
			SrcLine: sk.line(a.start),
			Start:   a.start,
			End:     a.end,
		})
	}
	return p, nil
}

// rawAssert, rawFunc and rawCall are what the parser hands over.
type rawAssert struct {
	start, end int // the statement
	form, pred string
}

type rawCall struct {
	name  string
	start int
}

type rawFunc struct {
	name, id   string
	start, end int
	calls      []rawCall
}

type scanned struct {
	file    *frontend.File
	funcs   []rawFunc
	asserts []rawAssert
}

// lineOf returns the 1-based line of byte offset off.
func lineOf(src []byte, off int) int {
	n := 1
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			n++
		}
	}
	return n
}
