package complete

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// This file finds valid inputs when none of the small ones meets the
// precondition ("requires p == 2 * x + y && q == x + 7", or an existential
// over a sequence that small elements never satisfy). Two sources, in one
// compile-and-run for every target that needs them:
//
//   - the file's own tests: the calls of the method, with literal
//     arguments, in a top-level Main, a method marked {:test}, or one whose
//     name starts with Test; the program evaluates the arguments and
//     prints them in the typed form parseValue reads;
//   - a wider grid of inputs (gridLimit of them, the declaration's
//     constants among the values), screened by a compiled copy of the
//     precondition (ghost functions and predicates made compiled in the
//     copy, as the postcondition's screen does).
//
// Neither is trusted: an input is kept only when Dafny proves the
// precondition on it, in a lemma of its own, as for the small inputs.

// gridLimit is the number of inputs per target screened by the compiled
// precondition.
const gridLimit = 1000

// callBlock offsets the owner of the line that evaluates one test call's
// arguments, so an error there leaves out that call only.
const callBlock = 1 << 20

var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_'?]*`)

// literalArg reports whether a call argument is a closed expression of
// literals: numbers, booleans, characters, strings, sequence and tuple
// displays, and the file's datatype constructors.
func (c *checker) literalArg(a string) bool {
	var b strings.Builder
	for i := 0; i < len(a); i++ {
		ch := a[i]
		if ch != '"' && ch != '\'' {
			b.WriteByte(ch)
			continue
		}
		j := i + 1
		for ; j < len(a) && a[j] != ch; j++ {
			if a[j] == '\\' {
				j++
			}
		}
		if j >= len(a) {
			return false
		}
		b.WriteByte('0')
		i = j
	}
	for _, id := range identRE.FindAllString(b.String(), -1) {
		if id == "true" || id == "false" {
			continue
		}
		if _, ok := c.file.Datatypes[id]; ok {
			continue
		}
		ctor := false
		for _, dt := range c.file.Datatypes {
			for _, ct := range dt.Ctors {
				ctor = ctor || ct.Name == id
			}
		}
		if !ctor {
			return false
		}
	}
	return true
}

// testCalls returns, per target of todo, the argument lists of its calls
// with literal arguments in the file's tests, each once, in source order.
func (c *checker) testCalls(todo []*target) map[int][][]string {
	out := map[int][][]string{}
	seen := map[string]bool{}
	for _, d := range c.file.Decls {
		if !d.Test {
			continue
		}
		for _, cl := range d.Calls {
			for _, t := range todo {
				if cl.Name != t.d.Name || len(cl.Args) != len(t.params) || len(out[t.k]) >= c.opts.maxInputs() {
					continue
				}
				ok := true
				for _, a := range cl.Args {
					ok = ok && c.literalArg(a)
				}
				key := fmt.Sprint(t.k, cl.Args)
				if ok && !seen[key] {
					seen[key] = true
					out[t.k] = append(out[t.k], cl.Args)
				}
			}
		}
	}
	return out
}

// grid returns the wider set of inputs of t screened by the compiled
// precondition, leaving out those already tried.
func (c *checker) grid(t *target) [][]value {
	// The constants of the declaration and of the functions and
	// predicates its precondition calls ("requires InBand(n)").
	text := c.declText(t)
	pre := strings.Join(t.d.Requires, "\n")
	for _, d := range c.file.Decls {
		if d != t.d && d.Kind != "method" && d.Kind != "lemma" && d.End <= len(c.src) && d.Start < d.End &&
			regexp.MustCompile(`\b`+regexp.QuoteMeta(d.Name)+`\s*\(`).MatchString(pre) {
			text += "\n" + string(c.src[d.Start:d.End])
		}
	}
	consts := constants(text)
	lists := make([][]value, len(t.params))
	for i, p := range t.params {
		vs := candidates(p, 40, 0)
		if isInt(p) {
			for _, k := range consts {
				vs = append(vs, value{t: p, i: k})
			}
			for k := int64(4); k <= 10; k++ {
				vs = append(vs, value{t: p, i: k}, value{t: p, i: -k})
			}
			// Runs above each constant: "requires 1000 <= n && n % 37
			// == 5" is met a few steps above 1000.
			for _, k := range consts {
				for d := int64(2); d <= 48 && k > 3; d++ {
					vs = append(vs, value{t: p, i: k + d})
				}
			}
		}
		lists[i] = uniqueOther(value{t: p, i: 1 << 62}, vs)
	}
	tried := map[string]bool{}
	for _, x := range t.inputs {
		tried[strings.Join(literals(x), ", ")] = true
	}
	var out [][]value
	for _, x := range product(lists, gridLimit+len(t.inputs)) {
		if !tried[strings.Join(literals(x), ", ")] {
			out = append(out, x)
		}
	}
	return out
}

// inputPass gives the targets with a precondition and no valid small
// input the inputs of the file's tests and of the grid that a compiled
// copy of the precondition accepts (the tests' first), each proved valid
// by Dafny before it is kept.
func (c *checker) inputPass(ctx context.Context) error {
	var todo []*target
	for _, t := range c.live() {
		if t.wellFormed && len(t.d.Requires) > 0 && len(t.valid) == 0 && len(t.params) > 0 {
			todo = append(todo, t)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	calls := c.testCalls(todo)
	grids := map[int][][]value{}
	for _, t := range todo {
		grids[t.k] = c.grid(t)
	}
	promote := map[int]bool{}
	for i, d := range c.file.Decls {
		if at, _ := promotable(c.src, d, c.dialect); at >= 0 {
			promote[i] = true
		}
	}
	noPre, badCall := map[int]bool{}, map[[2]int]bool{}
	found := map[int][][]value{}
	for attempt := 0; attempt < 4; attempt++ {
		g := newGenFile()
		pr := newPrinters()
		var main strings.Builder
		var blocks []genBlock
		var owners [][2]int // target and call of each call line's block
		line := 0
		fn := c.dialect.CompiledFunction()
		for _, t := range todo {
			if !noPre[t.k] {
				g.add(t.k, fmt.Sprintf("%s SuretyPreC%d(%s): bool\n{\n%s}\n\n", fn, t.k, paramList(t.d.Params, nil), conj(t.d.Requires)))
				from := line
				for i, x := range grids[t.k] {
					fmt.Fprintf(&main, "  print \"SURETYP %d %d \", SuretyPreC%d(%s), \"\\n\";\n", t.k, i, t.k, strings.Join(literals(x), ", "))
					line++
				}
				if line > from {
					blocks = append(blocks, genBlock{t.k, from, line - 1})
				}
			}
			for m, args := range calls[t.k] {
				if badCall[[2]int{t.k, m}] {
					continue
				}
				var vars []string
				var typed []string
				for i, p := range t.params {
					vars = append(vars, fmt.Sprintf("suretyV%d", i))
					typed = append(typed, fmt.Sprintf("suretyV%d: %s", i, p.src))
				}
				fmt.Fprintf(&main, "  { var %s := %s; print \"SURETYM %d %d \";", strings.Join(typed, ", "), strings.Join(args, ", "), t.k, m)
				for i, p := range t.params {
					fmt.Fprintf(&main, " %s(%s);", pr.name(p), vars[i])
				}
				if noPre[t.k] {
					main.WriteString(" print \"?\\n\"; }\n")
				} else {
					fmt.Fprintf(&main, " print SuretyPreC%d(%s), \"\\n\"; }\n", t.k, strings.Join(vars, ", "))
				}
				blocks = append(blocks, genBlock{callBlock + len(owners), line, line})
				owners = append(owners, [2]int{t.k, m})
				line++
			}
		}
		g.write(pr.text(c.dialect))
		ex, err := c.runMain(ctx, g, main.String(), blocks, true, promote, "inputs")
		if ctx.Err() != nil {
			return fmt.Errorf("complete: %w", ctx.Err())
		}
		if errors.Is(err, ErrUnresolved) && ex != nil {
			// Leave ghost what the copy could not compile; a compiled
			// precondition that fails is left out (its target's tests are
			// still read), and so is a test call that fails.
			generated, changed := c.compileErrors(ex, promote)
			for _, d := range generated {
				switch k := g.owner(d.Line); {
				case k >= callBlock && k-callBlock < len(owners) && !badCall[owners[k-callBlock]]:
					badCall[owners[k-callBlock]], changed = true, true
				case k >= 0 && k < callBlock && !noPre[k]:
					noPre[k], changed = true, true
				}
			}
			if !changed {
				return nil
			}
			continue
		}
		if ex == nil {
			return nil
		}
		found = c.readInputs(todo, string(ex.Stdout), calls, grids)
		break
	}
	// Dafny proves the precondition on each input found, in a lemma of
	// its own, as for the small inputs.
	v, err := c.verifyPass(ctx, "inputs", func(g *genFile, t *target) {
		xs := found[t.k]
		if len(xs) == 0 {
			return
		}
		c.predicates(g, t)
		for i, x := range xs {
			c.lemma(g, t.k, fmt.Sprintf("SuretyIn%dx%d", t.k, i), fmt.Sprintf("SuretyPre%d(%s)", t.k, strings.Join(literals(x), ", ")), x...)
		}
	})
	if err != nil || v == nil {
		return err
	}
	for _, t := range todo {
		if !t.live {
			continue
		}
		for i, x := range found[t.k] {
			if len(t.valid) >= c.opts.maxRuns() {
				break
			}
			if v.Status(fmt.Sprintf("SuretyIn%dx%d", t.k, i)) == Verified {
				t.valid = append(t.valid, x)
			}
		}
		t.res.Inputs = len(t.valid)
	}
	return nil
}

// readInputs reads the program's answers: per target, the inputs of its
// test calls that the compiled precondition accepts (or all of them when
// it was not compiled), then the grid's that it accepts, at most
// maxInputs.
func (c *checker) readInputs(todo []*target, out string, calls map[int][][]string, grids map[int][][]value) map[int][][]value {
	type key struct{ k, i int }
	gridOK := map[key]bool{}
	fromCalls := map[int][][]value{}
	byK := map[int]*target{}
	for _, t := range todo {
		byK[t.k] = t
	}
	for line := range strings.SplitSeq(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		k, e1 := strconv.Atoi(f[1])
		i, e2 := strconv.Atoi(f[2])
		t := byK[k]
		if e1 != nil || e2 != nil || t == nil {
			continue
		}
		switch f[0] {
		case "SURETYP":
			if len(f) == 4 && f[3] == "true" && i >= 0 && i < len(grids[k]) {
				gridOK[key{k, i}] = true
			}
		case "SURETYM":
			if i < 0 || i >= len(calls[k]) || f[len(f)-1] == "false" {
				continue
			}
			toks := f[3 : len(f)-1]
			var x []value
			for _, p := range t.params {
				v, rest, err := parseValue(p, toks)
				if err != nil || p.kind == tNat && v.i < 0 {
					x = nil
					break
				}
				x, toks = append(x, v), rest
			}
			if x != nil && len(toks) == 0 {
				fromCalls[k] = append(fromCalls[k], x)
			}
		}
	}
	found := map[int][][]value{}
	for _, t := range todo {
		seen := map[string]bool{}
		add := func(x []value) {
			l := strings.Join(literals(x), ", ")
			if !seen[l] && len(found[t.k]) < c.opts.maxInputs() {
				seen[l] = true
				found[t.k] = append(found[t.k], x)
			}
		}
		for _, x := range fromCalls[t.k] {
			add(x)
		}
		for i, x := range grids[t.k] {
			if gridOK[key{t.k, i}] {
				add(x)
			}
		}
	}
	return found
}
