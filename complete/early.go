package complete

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file is the early run: the methods compiled and run on their small
// inputs beside the proof pass, rather than after it. Which inputs are
// valid is not known yet, so a method with a precondition is called only
// on the inputs a compiled copy of its precondition accepts (ghost
// functions and predicates made compiled in the copy, as for the screen),
// all of them; a method without one on the inputs the proof pass will
// keep. After the proof pass, a target takes the results of the inputs
// Dafny proved valid; one that misses any (its precondition did not
// compile, the compiled copy rejected an input Dafny proved valid, the
// program stopped before its calls were done, or its inputs came later)
// is run as before, in the run pass. The early run only saves time: what
// a target takes from it is what the run pass would have printed.

// An early is the early run's answer for one target: the results by input
// (as literals joined), and whether all its calls were made.
type early struct {
	out  map[string][]value
	done bool
}

func inputKey(x []value) string { return strings.Join(literals(x), ", ") }

// earlyRun runs every target of ts on its inputs, in one compile-and-run
// (a few when a target's generated code does not compile and is left
// out). It changes no target, so it may run beside the proof pass.
func (c *checker) earlyRun(ctx context.Context, ts []*target) map[int]*early {
	inputs := map[int][][]value{}
	for _, t := range ts {
		xs := t.inputs
		if len(t.d.Requires) == 0 {
			xs = xs[:min(len(xs), c.opts.maxRuns())]
		}
		inputs[t.k] = xs
	}
	promote := map[int]bool{}
	for i, d := range c.file.Decls {
		if at, _ := promotable(c.src, d, c.dialect); at >= 0 {
			promote[i] = true
		}
	}
	leave := map[int]bool{}
	for attempt := 0; attempt < 4; attempt++ {
		g := newGenFile()
		pr := newPrinters()
		var main strings.Builder
		var blocks []genBlock
		line := 0
		fn := c.dialect.CompiledFunction()
		for _, t := range ts {
			if leave[t.k] {
				continue
			}
			guard := len(t.d.Requires) > 0
			if guard {
				g.add(t.k, fmt.Sprintf("%s SuretyPreC%d(%s): bool\n{\n%s}\n\n", fn, t.k, paramList(t.d.Params, nil), conj(t.d.Requires)))
			}
			from := line
			for j, in := range inputs[t.k] {
				outs := make([]string, len(t.results))
				for i := range t.results {
					outs[i] = fmt.Sprintf("suretyO%dx%dx%d", t.k, j, i)
				}
				args := strings.Join(literals(in), ", ")
				if guard {
					fmt.Fprintf(&main, "  if SuretyPreC%d(%s) {", t.k, args)
				} else {
					main.WriteString("  {")
				}
				fmt.Fprintf(&main, " var %s := %s(%s); print \"SURETY %d %d \";", strings.Join(outs, ", "), t.d.Name, args, t.k, j)
				for i, r := range t.results {
					fmt.Fprintf(&main, " %s(%s);", pr.name(r), outs[i])
				}
				main.WriteString(" print \"\\n\"; }\n")
				line++
			}
			fmt.Fprintf(&main, "  print \"SURETYD %d\\n\";\n", t.k)
			line++
			blocks = append(blocks, genBlock{t.k, from, line - 1})
		}
		if len(blocks) == 0 {
			return nil
		}
		g.write(pr.text(c.dialect))
		ex, err := c.runMain(ctx, g, main.String(), blocks, true, promote, "early")
		if ctx.Err() != nil || ex == nil {
			return nil
		}
		if errors.Is(err, ErrUnresolved) {
			generated, changed := c.compileErrors(ex, promote)
			for _, d := range generated {
				if k := g.owner(d.Line); k >= 0 && !leave[k] {
					leave[k], changed = true, true
				}
			}
			if !changed {
				return nil // the run pass will say why
			}
			continue
		}
		return c.readEarly(ts, inputs, leave, string(ex.Stdout))
	}
	return nil
}

// readEarly reads the early run's output: a target is done when the
// program printed its end mark (all its calls returned).
func (c *checker) readEarly(ts []*target, inputs map[int][][]value, leave map[int]bool, out string) map[int]*early {
	res := map[int]*early{}
	byK := map[int]*target{}
	for _, t := range ts {
		if !leave[t.k] {
			byK[t.k] = t
			res[t.k] = &early{out: map[string][]value{}}
		}
	}
	for line := range strings.SplitSeq(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "SURETYD" {
			if k, err := strconv.Atoi(f[1]); err == nil && res[k] != nil {
				res[k].done = true
			}
			continue
		}
		if len(f) < 3 || f[0] != "SURETY" {
			continue
		}
		k, err1 := strconv.Atoi(f[1])
		j, err2 := strconv.Atoi(f[2])
		t := byK[k]
		if err1 != nil || err2 != nil || t == nil || j < 0 || j >= len(inputs[k]) {
			continue
		}
		toks := f[3:]
		var vals []value
		for _, r := range t.results {
			v, rest, err := parseValue(r, toks)
			if err != nil {
				vals = nil
				break
			}
			vals, toks = append(vals, v), rest
		}
		if vals != nil && len(toks) == 0 {
			res[k].out[inputKey(inputs[k][j])] = vals
		}
	}
	return res
}

// takeEarly gives each live target the early run's results on its valid
// inputs, when the early run has them all; the others are left to the run
// pass.
func (c *checker) takeEarly(res map[int]*early) {
	for _, t := range c.live() {
		e := res[t.k]
		if e == nil || !e.done || !t.exec || len(t.valid) == 0 || t.actual != nil {
			continue
		}
		actual := make([][]value, len(t.valid))
		all := true
		for j, x := range t.valid {
			actual[j] = e.out[inputKey(x)]
			all = all && actual[j] != nil
		}
		if all {
			t.actual = actual
		}
	}
}
