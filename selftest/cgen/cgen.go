// Package cgen writes small C programs for the differential self-test
// (package selftest): deterministic programs, without input and without
// undefined behaviour by construction, in the C that the native engine
// reads, with probe points where a run records a value.
//
// A program has globals (int, unsigned, arrays whose length is a power of
// two), a few functions that loop and call the functions before them (no
// recursion), and a main with loops longer than the usual bound k=5 (6 to
// 40 iterations), nested loops, calls, array updates, and calls of abs,
// strlen on literals, memset and memcpy. Every value stays defined:
// signed values are kept within ±2^20 by masks before any product, so no
// signed operation overflows; divisors are made odd (never zero); array
// indices are masked to the array's length.
//
// The same seed gives the same program, on every machine.
package cgen

import (
	"fmt"
	"math/rand"
	"strings"
)

// A Probe is a point of a program where a run records the value of an
// expression.
type Probe struct {
	// ID numbers the probe from 0, in source order.
	ID int
	// Expr is the C expression probed ("g1", "a[3]").
	Expr string
	// Unsigned is set when Expr has type unsigned int; otherwise it is int.
	Unsigned bool
	// InLoop is set when the probe sits in a loop or in a function other
	// than main: it may be reached several times.
	InLoop bool
}

// A Program is a generated program: its lines, some of which are probes.
type Program struct {
	// Seed is the seed it was generated from.
	Seed int64
	// Input is set when the program reads an input (Options.Input).
	Input bool
	// Lines are the program's lines; a line that is a probe holds only
	// the probe's placeholder (see Probe and Render).
	Lines []Line
	// Probes are the probe points, by ID.
	Probes []Probe
}

// A Line is one line of a Program.
type Line struct {
	// Text is the line, indentation included; for a probe, the
	// indentation alone.
	Text string
	// Probe is the ID of the probe on this line, or -1.
	Probe int
}

// Options control Generate. The zero value is valid.
type Options struct {
	// Funcs is the most functions besides main; 0 means 3.
	Funcs int
	// Statements is the most statements of main's body; 0 means 8.
	Statements int
	// Input makes main read one input, n = __VERIFIER_nondet_int(),
	// and return at once unless 0 <= n < Inputs: so the program has
	// Inputs executions that reach past its first lines, each of which a
	// run can take.
	Input bool
}

// Inputs is the number of inputs of a program generated with
// Options.Input: n is 0..Inputs-1 on every execution past main's start.
const Inputs = 8

// Render writes the program, each probe line replaced by what probe
// returns for it (one line, without its newline; "" leaves the line
// empty). So every rendering of a program has the same line numbers.
func (p *Program) Render(probe func(pr Probe) string) []byte {
	var b strings.Builder
	for _, l := range p.Lines {
		b.WriteString(l.Text)
		if l.Probe >= 0 {
			b.WriteString(probe(p.Probes[l.Probe]))
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// Header is the first two lines of every generated program; the trace
// build of selftest replaces the second.
const Header = "#include <stdio.h>\n#include <assert.h>\n"

type gen struct {
	r      *rand.Rand
	p      *Program
	ints   []string // int variables in scope (values within ±2^20)
	ro     []string // loop counters in scope: read, never written
	uns    []string // unsigned variables in scope
	arrays []array  // arrays in scope
	funcs  []string // functions defined so far: int f(int, unsigned)
	depth  int      // loop nesting
	inMain bool
	tmp    int
	indent string
	lines  []Line
}

type array struct {
	name     string
	n        int // a power of two
	unsigned bool
}

// Generate returns the program of seed.
func Generate(seed int64, opts *Options) *Program {
	if opts == nil {
		opts = &Options{}
	}
	nf, ns := opts.Funcs, opts.Statements
	if nf <= 0 {
		nf = 3
	}
	if ns <= 0 {
		ns = 8
	}
	g := &gen{r: rand.New(rand.NewSource(seed)), p: &Program{Seed: seed, Input: opts.Input}}
	for _, l := range strings.Split(strings.TrimSuffix(Header, "\n"), "\n") {
		g.emit(l)
	}
	g.emit("#include <stdlib.h>")
	g.emit("#include <string.h>")
	// Globals.
	for i := 0; i < 1+g.r.Intn(3); i++ {
		name := fmt.Sprintf("g%d", i)
		g.emit(fmt.Sprintf("int %s = %d;", name, g.r.Intn(200)-100))
		g.ints = append(g.ints, name)
	}
	for i := 0; i < 1+g.r.Intn(2); i++ {
		name := fmt.Sprintf("u%d", i)
		g.emit(fmt.Sprintf("unsigned %s = %du;", name, g.r.Intn(1000)))
		g.uns = append(g.uns, name)
	}
	for i := 0; i < 1+g.r.Intn(2); i++ {
		a := array{name: fmt.Sprintf("ga%d", i), n: 4 << g.r.Intn(2), unsigned: g.r.Intn(3) == 0}
		typ := "int"
		if a.unsigned {
			typ = "unsigned"
		}
		g.emit(fmt.Sprintf("%s %s[%d];", typ, a.name, a.n))
		g.arrays = append(g.arrays, a)
	}
	if opts.Input {
		g.emit("extern int __VERIFIER_nondet_int(void);")
	}
	globals := len(g.ints)
	globalsU := len(g.uns)
	globalsA := len(g.arrays)
	// Functions.
	for i := 0; i < 1+g.r.Intn(nf); i++ {
		name := fmt.Sprintf("f%d", i)
		g.emit(fmt.Sprintf("int %s(int p, unsigned q) {", name))
		g.indent = "    "
		g.ints = append(g.ints[:globals], "p")
		g.uns = append(g.uns[:globalsU], "q")
		g.arrays = g.arrays[:globalsA]
		g.local("r", false)
		for j := 0; j < 1+g.r.Intn(3); j++ {
			g.stmt(1)
		}
		g.loop(1)
		if g.r.Intn(2) == 0 {
			g.probe("r", false)
		}
		g.emit("    return r;")
		g.emit("}")
		g.funcs = append(g.funcs, name)
	}
	// main.
	g.ints, g.uns, g.arrays = g.ints[:globals], g.uns[:globalsU], g.arrays[:globalsA]
	g.inMain = true
	g.emit("int main(void) {")
	g.indent = "    "
	if opts.Input {
		g.line("int n = __VERIFIER_nondet_int();")
		g.line(fmt.Sprintf("if (n < 0 || n >= %d) return 0;", Inputs))
		g.ro = append(g.ro, "n")
	}
	g.local("x", false)
	g.local("y", true)
	for j := 0; j < ns; j++ {
		switch g.r.Intn(4) {
		case 0, 1:
			g.loop(2)
		default:
			g.stmt(2)
		}
		if g.r.Intn(2) == 0 {
			g.probeSome()
		}
	}
	// The globals' and main's final values.
	for _, v := range g.ints {
		g.probe(v, false)
	}
	for _, v := range g.uns {
		g.probe(v, true)
	}
	for _, a := range g.arrays {
		g.probe(fmt.Sprintf("%s[%d]", a.name, g.r.Intn(a.n)), a.unsigned)
	}
	g.emit("    return 0;")
	g.emit("}")
	g.p.Lines = g.lines
	return g.p
}

func (g *gen) emit(s string) { g.lines = append(g.lines, Line{Text: s, Probe: -1}) }

func (g *gen) line(s string) { g.emit(g.indent + s) }

func (g *gen) probe(expr string, unsigned bool) {
	id := len(g.p.Probes)
	g.p.Probes = append(g.p.Probes, Probe{ID: id, Expr: expr, Unsigned: unsigned, InLoop: g.depth > 0 || !g.inMain})
	g.lines = append(g.lines, Line{Text: g.indent, Probe: id})
}

// probeSome probes one variable in scope.
func (g *gen) probeSome() {
	switch n := len(g.ints) + len(g.uns); {
	case len(g.arrays) > 0 && g.r.Intn(4) == 0:
		a := g.arrays[g.r.Intn(len(g.arrays))]
		g.probe(fmt.Sprintf("%s[%d]", a.name, g.r.Intn(a.n)), a.unsigned)
	case g.r.Intn(n) < len(g.ints):
		g.probe(g.ints[g.r.Intn(len(g.ints))], false)
	default:
		g.probe(g.uns[g.r.Intn(len(g.uns))], true)
	}
}

func (g *gen) local(name string, unsigned bool) {
	if unsigned {
		g.line(fmt.Sprintf("unsigned %s = %du;", name, g.r.Intn(100)))
		g.uns = append(g.uns, name)
		return
	}
	g.line(fmt.Sprintf("int %s = %d;", name, g.r.Intn(100)))
	g.ints = append(g.ints, name)
}

func (g *gen) pick(vs []string) string { return vs[g.r.Intn(len(vs))] }

// small is a signed operand within ±2^10.
func (g *gen) small() string {
	switch g.r.Intn(4) {
	case 0:
		return fmt.Sprint(g.r.Intn(50) - 10)
	case 1:
		return fmt.Sprintf("(int)(%s & 1023u)", g.pick(g.uns))
	default:
		return fmt.Sprintf("(%s %% 1024)", g.pick(append(g.ints[:len(g.ints):len(g.ints)], g.ro...)))
	}
}

// intExpr is a signed expression whose value and every intermediate stay
// within ±2^21 (a product of two values of ±2^10 plus a term).
func (g *gen) intExpr() string {
	a, b := g.small(), g.small()
	switch g.r.Intn(7) {
	case 0:
		return fmt.Sprintf("%s * %s + %s", a, b, g.small())
	case 1:
		return fmt.Sprintf("%s - %s", a, b)
	case 2:
		return fmt.Sprintf("%s / (%s | 1)", a, b)
	case 3:
		return fmt.Sprintf("%s %% ((%s & 15) + 1)", a, b)
	case 4:
		return fmt.Sprintf("abs(%s) + %s", a, b)
	case 5:
		return fmt.Sprintf("(%s > %s ? %s : %s)", a, b, a, g.small())
	default:
		if len(g.arrays) > 0 {
			arr := g.arrays[g.r.Intn(len(g.arrays))]
			elem := fmt.Sprintf("%s[%s & %d]", arr.name, g.pick(g.ints), arr.n-1)
			if arr.unsigned {
				elem = fmt.Sprintf("(int)(%s & 1023u)", elem)
			} else {
				elem = fmt.Sprintf("(%s %% 1024)", elem)
			}
			return fmt.Sprintf("%s + %s", elem, a)
		}
		return fmt.Sprintf("%s + (int)strlen(\"%s\")", a, strings.Repeat("ab", 1+g.r.Intn(3)))
	}
}

func (g *gen) unsExpr() string {
	u, v := g.pick(g.uns), g.pick(g.uns)
	switch g.r.Intn(6) {
	case 0:
		return fmt.Sprintf("%s * %du + %s", u, 2*g.r.Intn(1<<16)+1, v)
	case 1:
		return fmt.Sprintf("%s ^ (%s >> %d)", u, v, 1+g.r.Intn(30))
	case 2:
		return fmt.Sprintf("%s / (%s | 1u)", u, v)
	case 3:
		return fmt.Sprintf("%s + (unsigned)%s", u, g.small())
	case 4:
		return fmt.Sprintf("(%s << (%s & 15u)) - %s", u, v, u)
	default:
		return fmt.Sprintf("%s %% (%s | 1u) + %du", u, v, g.r.Intn(100))
	}
}

// assignInt stores a masked signed value: the result stays within ±2^20.
func (g *gen) assignInt(lhs string) {
	g.line(fmt.Sprintf("%s = (%s) %% %d;", lhs, g.intExpr(), 1<<(10+g.r.Intn(10))))
}

// stmt writes one statement; budget limits nested loops.
func (g *gen) stmt(budget int) {
	switch g.r.Intn(9) {
	case 0, 1:
		g.assignInt(g.pick(g.ints))
	case 2, 3:
		g.line(fmt.Sprintf("%s = %s;", g.pick(g.uns), g.unsExpr()))
	case 4:
		if len(g.arrays) == 0 {
			g.assignInt(g.pick(g.ints))
			return
		}
		a := g.arrays[g.r.Intn(len(g.arrays))]
		lhs := fmt.Sprintf("%s[%s & %d]", a.name, g.pick(g.ints), a.n-1)
		if a.unsigned {
			g.line(fmt.Sprintf("%s = %s;", lhs, g.unsExpr()))
		} else {
			g.assignInt(lhs)
		}
	case 5:
		if len(g.funcs) == 0 {
			g.assignInt(g.pick(g.ints))
			return
		}
		g.line(fmt.Sprintf("%s = %s(%s, %s) %% 4096;", g.pick(g.ints), g.pick(g.funcs), g.small(), g.pick(g.uns)))
	case 6:
		g.line(fmt.Sprintf("if (%s %s %s) {", g.small(), []string{"<", ">", "==", "!="}[g.r.Intn(4)], g.small()))
		g.nest(func() { g.stmt(budget) })
		if g.r.Intn(2) == 0 {
			g.line("} else {")
			g.nest(func() { g.stmt(budget) })
		}
		g.line("}")
	case 7:
		if len(g.arrays) == 0 {
			g.assignInt(g.pick(g.ints))
			return
		}
		a := g.arrays[g.r.Intn(len(g.arrays))]
		if b := g.arrays[g.r.Intn(len(g.arrays))]; b.name != a.name && b.n == a.n && b.unsigned == a.unsigned && g.r.Intn(2) == 0 {
			g.line(fmt.Sprintf("memcpy(%s, %s, sizeof %s);", a.name, b.name, a.name))
			return
		}
		g.line(fmt.Sprintf("memset(%s, 0, sizeof %s);", a.name, a.name))
	default:
		if budget > 0 && g.depth < 2 {
			g.loop(budget - 1)
			return
		}
		g.assignInt(g.pick(g.ints))
	}
}

func (g *gen) nest(f func()) {
	old := g.indent
	g.indent += "    "
	f()
	g.indent = old
}

// loop writes a loop of 6 to 40 iterations (an inner loop: 2 to 8), with
// a body of a few statements; budget limits the loops inside it.
func (g *gen) loop(budget int) {
	g.tmp++
	i := fmt.Sprintf("i%d", g.tmp)
	n := 6 + g.r.Intn(35)
	if g.depth > 0 {
		n = 2 + g.r.Intn(7)
	}
	counted := g.r.Intn(3) != 0
	if counted {
		g.line(fmt.Sprintf("for (int %s = 0; %s < %d; %s++) {", i, i, n, i))
	} else {
		g.line(fmt.Sprintf("int %s = 0;", i))
		g.line(fmt.Sprintf("while (%s < %d) {", i, n))
	}
	g.depth++
	saved := len(g.ro)
	g.nest(func() {
		// The counter is read, never written, by the body.
		g.ro = append(g.ro, i)
		for j := 0; j < 1+g.r.Intn(3); j++ {
			g.stmt(budget)
		}
		if g.r.Intn(4) == 0 {
			g.probeSome()
		}
		if !counted {
			g.line(fmt.Sprintf("%s++;", i))
		}
	})
	g.ro = g.ro[:saved]
	g.depth--
	g.line("}")
}
