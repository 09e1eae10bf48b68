package bmc

import (
	"bytes"
	"fmt"
	"regexp"
)

// A Switch makes a program a variant schema: many variants of one program
// (mutants, say) written as a single program in which each change is
// guarded by a test of one global int variable, the switch, declared
// `int NAME = 0;`. Value 0 is the program as written; value j > 0 is
// variant j. Mutation analysis calls this a mutant schema (Untch, Offutt
// and Harrold, 1993). Query.Variant chooses the value. Engines that work
// on text see each variant as its own program through Query.Render, which
// writes the value into the declaration; an engine with a front end of its
// own (the native one) parses and type-checks the schema once and
// translates each variant from that.
type Switch struct {
	Name string `json:"name"`
	// At is the byte offset in Program.Source of the declaration's
	// initial value, the single character '0'.
	At int `json:"at"`
}

// WithSwitch returns a copy of p that is a variant schema selected by the
// global variable name, which must be declared at the top level exactly
// as `int NAME = 0;`.
func (p *Program) WithSwitch(name string) (*Program, error) {
	re, err := regexp.Compile(`(?m)(?:^|[;{}])\s*int\s+` + regexp.QuoteMeta(name) + `\s*=\s*(0)\s*;`)
	if err != nil {
		return nil, fmt.Errorf("bmc: switch name %q: %w", name, err)
	}
	m := re.FindSubmatchIndex(p.Source)
	if m == nil {
		return nil, &ParseError{p.File, 1, fmt.Sprintf("no top-level declaration `int %s = 0;` for the variant switch", name)}
	}
	at := m[2]
	for _, f := range p.Funcs {
		if f.Start <= at && at < f.End {
			return nil, &ParseError{p.File, lineOf(p.Source, at), fmt.Sprintf("the variant switch %s must be declared outside every function", name)}
		}
	}
	q := *p
	q.Switch = &Switch{Name: name, At: at}
	return &q, nil
}

// writeSwitch writes src[from:to] into b with the switch's value replaced
// by variant when the switch lies in that range.
func writeSwitch(b *bytes.Buffer, src []byte, from, to int, sw *Switch, variant int) {
	if sw == nil || sw.At < from || sw.At >= to {
		b.Write(src[from:to])
		return
	}
	b.Write(src[from:sw.At])
	fmt.Fprintf(b, "%d", variant)
	b.Write(src[sw.At+1 : to])
}
