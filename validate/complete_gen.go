package validate

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/validate/dafny"
)

// genFile is a generated Dafny file that remembers which lines belong to
// which target, so errors can be pinned on one target's generated check.
type genFile struct {
	b      strings.Builder
	line   int // lines written so far
	blocks []genBlock
	empty  bool
}

type genBlock struct{ k, from, to int }

func newGenFile() *genFile {
	g := &genFile{empty: true}
	g.write("include \"input.dfy\"\n\n")
	return g
}

func (g *genFile) write(s string) {
	g.b.WriteString(s)
	g.line += strings.Count(s, "\n")
}

// add writes s (whole lines) on behalf of target k.
func (g *genFile) add(k int, s string) {
	from := g.line + 1
	g.write(s)
	g.blocks = append(g.blocks, genBlock{k, from, g.line})
	g.empty = false
}

// guarded writes one lemma whose clauses are each guarded by a case number,
// "ensures suretyCase == j ==> C_j", one clause per line, so that no clause
// can help prove another (a proved postcondition is assumed by the ones
// after it) and a failure is pinned on its clause by its line. It returns
// the line of each clause.
func (g *genFile) guarded(k int, name string, clauses []string) []int {
	var b strings.Builder
	from := g.line + 1
	fmt.Fprintf(&b, "lemma %s(suretyCase: int)\n", name)
	lines := make([]int, len(clauses))
	for j, c := range clauses {
		lines[j] = from + 1 + j
		fmt.Fprintf(&b, "  ensures suretyCase == %d ==> %s\n", j, strings.ReplaceAll(c, "\n", " "))
	}
	b.WriteString("{\n}\n\n")
	g.add(k, b.String())
	return lines
}

func (g *genFile) owner(line int) int {
	for _, b := range g.blocks {
		if line >= b.from && line <= b.to {
			return b.k
		}
	}
	return -1
}

func paramList(ps []dfyParam, names []string) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		n := p.Name
		if names != nil {
			n = names[i]
		}
		parts[i] = n + ": " + p.Type
	}
	return strings.Join(parts, ", ")
}

func names(ps []dfyParam) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func conj(clauses []string) string {
	if len(clauses) == 0 {
		return "  true\n"
	}
	var b strings.Builder
	for i, c := range clauses {
		if i > 0 {
			b.WriteString("  &&\n")
		}
		b.WriteString("  (" + c + "\n  )\n")
	}
	return b.String()
}

// predicates writes the target's Pre, Post and Loose predicates.
func (c *checker) predicates(g *genFile, t *target) {
	pred := c.dialect.GhostPredicate()
	d := t.d
	var b strings.Builder
	fmt.Fprintf(&b, "%s SuretyPre%d(%s)\n{\n%s}\n\n", pred, t.k, paramList(d.Params, nil), conj(d.Requires))
	all := append(append([]dfyParam(nil), d.Params...), resultParams(t)...)
	fmt.Fprintf(&b, "%s SuretyPost%d(%s)\n  requires SuretyPre%d(%s)\n{\n%s}\n\n", pred, t.k, paramList(all, nil),
		t.k, strings.Join(names(d.Params), ", "), conj(t.ensures))
	if d.Loose != "" {
		fmt.Fprintf(&b, "%s SuretyLoose%d(r1: %s, r2: %s)\n{\n  (%s\n  )\n}\n\n", pred, t.k, t.rtype.src, t.rtype.src, d.Loose)
	}
	g.add(t.k, b.String())
}

func resultParams(t *target) []dfyParam {
	ps := make([]dfyParam, len(t.results))
	for i, r := range t.results {
		ps[i] = dfyParam{Name: t.resName[i], Type: r.src}
	}
	return ps
}

func together(vs []string) string {
	if len(vs) == 1 {
		return vs[0]
	}
	return "(" + strings.Join(vs, ", ") + ")"
}

func literals(vs []value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.literal()
	}
	return out
}

// split turns a value of the results taken together into one per result.
func (t *target) split(v value) []value {
	if len(t.results) == 1 {
		return []value{v}
	}
	return v.elems
}

// uniquenessPass is pass 1: one lemma per target, R, E(a), E(b) ⊢ a == b.
func (c *checker) uniquenessPass(ctx context.Context) error {
	v, g, err := c.verifyPass(ctx, func(g *genFile, t *target) {
		c.predicates(g, t)
		d := t.d
		var as, bs []string
		var ps []dfyParam
		ps = append(ps, d.Params...)
		for i, r := range t.results {
			a, b := fmt.Sprintf("suretyA%d", i), fmt.Sprintf("suretyB%d", i)
			as, bs = append(as, a), append(bs, b)
			ps = append(ps, dfyParam{Name: a, Type: r.src})
		}
		for i, r := range t.results {
			ps = append(ps, dfyParam{Name: bs[i], Type: r.src})
		}
		in := strings.Join(names(d.Params), ", ")
		withIn := func(rs []string) string {
			if in == "" {
				return strings.Join(rs, ", ")
			}
			return in + ", " + strings.Join(rs, ", ")
		}
		goal := together(as) + " == " + together(bs)
		if d.Loose != "" {
			goal = fmt.Sprintf("SuretyLoose%d(%s, %s)", t.k, together(as), together(bs))
		}
		g.add(t.k, fmt.Sprintf("lemma SuretyUniq%d(%s)\n  requires SuretyPre%d(%s) && SuretyPost%d(%s) && SuretyPost%d(%s)\n  ensures %s\n{\n}\n\n",
			t.k, paramList(ps, nil), t.k, in, t.k, withIn(as), t.k, withIn(bs), goal))
	})
	if err != nil || v == nil {
		return err
	}
	_ = g
	for _, t := range c.live() {
		t.wellFormed = wellFormed(v, t)
		t.uniq = v.Status(fmt.Sprintf("SuretyUniq%d", t.k))
		if !t.wellFormed {
			t.res.Verdict = CompleteInconclusive
			t.res.Reason = "the contract is not well-formed on its own (a generated predicate failed its well-formedness check)"
			t.live = false
			continue
		}
		if t.uniq == dafny.Verified {
			t.res.Verdict = CompleteOK
			t.res.Reason = "the contract determines a unique result"
			if t.d.Loose != "" {
				t.res.Reason = "results are unique up to the stated loose relation"
			}
			t.live = false
		}
	}
	return nil
}

func wellFormed(v *dafny.Verification, t *target) bool {
	for _, n := range []string{"SuretyPre", "SuretyPost", "SuretyLoose"} {
		st := v.Status(fmt.Sprintf("%s%d", n, t.k))
		if st == dafny.Failed || st == dafny.TimedOut {
			return false
		}
	}
	return true
}

// inputPass is pass 2: small inputs, kept when Dafny proves the
// precondition on them.
func (c *checker) inputPass(ctx context.Context) error {
	for _, t := range c.live() {
		lists := make([][]value, len(t.params))
		for i, p := range t.params {
			lists[i] = candidates(p, 12, 0)
		}
		t.inputs = product(lists, c.opts.maxInputs())
		if len(t.d.Requires) == 0 {
			t.valid = t.inputs[:min(len(t.inputs), c.opts.maxRuns())]
		}
	}
	lines := map[int][]int{}
	v, _, err := c.verifyPass(ctx, func(g *genFile, t *target) {
		if len(t.d.Requires) == 0 {
			return
		}
		c.predicates(g, t)
		var clauses []string
		for _, in := range t.inputs {
			clauses = append(clauses, fmt.Sprintf("SuretyPre%d(%s)", t.k, strings.Join(literals(in), ", ")))
		}
		lines[t.k] = g.guarded(t.k, fmt.Sprintf("SuretyIn%d", t.k), clauses)
	})
	if err != nil {
		return err
	}
	for _, t := range c.live() {
		if v != nil && len(t.d.Requires) > 0 {
			proved := c.provedClauses(v, fmt.Sprintf("SuretyIn%d", t.k), lines[t.k])
			for j, in := range t.inputs {
				if len(t.valid) < c.opts.maxRuns() && proved[j] {
					t.valid = append(t.valid, in)
				}
			}
		}
		t.res.Inputs = len(t.valid)
	}
	return nil
}

// runPass is pass 3: one program that runs every target on its valid
// inputs and prints the results in a typed form.
func (c *checker) runPass(ctx context.Context) error {
	var todo []*target
	for _, t := range c.live() {
		if t.exec && len(t.valid) > 0 {
			todo = append(todo, t)
		}
	}
	for attempt := 0; len(todo) > 0 && attempt < 4; attempt++ {
		pr := newPrinters()
		g := newGenFile()
		var mainBody strings.Builder
		type call struct{ from, to, k int }
		var calls []call
		line := 0
		for _, t := range todo {
			from := line
			for j, in := range t.valid {
				outs := make([]string, len(t.results))
				for i := range t.results {
					outs[i] = fmt.Sprintf("suretyO%dx%dx%d", t.k, j, i)
				}
				fmt.Fprintf(&mainBody, "  var %s := %s(%s);\n", strings.Join(outs, ", "), t.d.Name, strings.Join(literals(in), ", "))
				fmt.Fprintf(&mainBody, "  print \"SURETY %d %d \";", t.k, j)
				for i, r := range t.results {
					fmt.Fprintf(&mainBody, " %s(%s);", pr.name(r), outs[i])
				}
				mainBody.WriteString(" print \"\\n\";\n")
				line += 2
			}
			calls = append(calls, call{from, line, t.k})
		}
		g.write(pr.text(c.dialect))
		g.write("method Main()\n  decreases *\n{\n")
		mainStart := g.line + 1
		for _, cl := range calls {
			g.blocks = append(g.blocks, genBlock{cl.k, mainStart + cl.from, mainStart + cl.to - 1})
		}
		g.write(mainBody.String())
		g.write("}\n")
		c.runs++
		ex, err := c.tool.Run(ctx, dafny.File{Name: "check.dfy", Content: []byte(g.b.String())}, c.runInput)
		if ctx.Err() != nil {
			return fmt.Errorf("validate: %w", ctx.Err())
		}
		if errors.Is(err, dafny.ErrResolution) {
			dropped, derr := c.drop(g, parseDiagOutput(ex.Output), err)
			if derr != nil {
				// The file itself does not compile: no witness can be
				// searched, but the verdicts so far stand.
				for _, t := range todo {
					t.res.Reason = "could not compile and run: " + firstLineOf(derr.Error())
				}
				return nil
			}
			var keep []*target
			for _, t := range todo {
				if !dropped[t.k] {
					keep = append(keep, t)
				}
			}
			todo = keep
			continue
		}
		var out []byte
		if ex != nil {
			out = ex.Stdout
		}
		c.readResults(todo, out)
		for _, t := range todo {
			if err != nil && !errors.Is(err, proc.ErrTimeout) {
				t.res.Reason = "running it failed: " + err.Error()
			}
		}
		return nil
	}
	return nil
}

func (c *checker) readResults(todo []*target, out []byte) {
	byK := map[int]*target{}
	for _, t := range todo {
		byK[t.k] = t
		t.actual = make([][]value, len(t.valid))
	}
	for line := range strings.SplitSeq(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "SURETY" {
			continue
		}
		k, err1 := strconv.Atoi(f[1])
		j, err2 := strconv.Atoi(f[2])
		t := byK[k]
		if err1 != nil || err2 != nil || t == nil || j < 0 || j >= len(t.valid) {
			continue
		}
		toks := f[3:]
		var vals []value
		ok := true
		for _, r := range t.results {
			v, rest, err := parseValue(r, toks)
			if err != nil {
				ok = false
				break
			}
			vals = append(vals, v)
			toks = rest
		}
		if ok && len(toks) == 0 {
			t.actual[j] = vals
		}
	}
}

// witnessPass is pass 4: neighbours of each actual result, one lemma each,
// proving that the contract accepts both the actual result and the
// neighbour.
func (c *checker) witnessPass(ctx context.Context) error {
	type cand struct {
		j     int
		other []value
	}
	cands := map[int][]cand{}
	lines := map[int][]int{}
	v, _, err := c.verifyPass(ctx, func(g *genFile, t *target) {
		var clauses []string
		for j, act := range t.actual {
			if act == nil {
				continue
			}
			whole := act[0]
			if len(act) > 1 {
				whole = value{t: t.rtype, elems: act}
			}
			ns := neighbours(whole)
			if len(ns) > c.opts.maxNeighbours() {
				ns = ns[:c.opts.maxNeighbours()]
			}
			in := literals(t.valid[j])
			for _, n := range ns {
				other := t.split(n)
				idx := len(cands[t.k])
				cands[t.k] = append(cands[t.k], cand{j, other})
				args := func(rs []value) string {
					return strings.Join(append(append([]string(nil), in...), literals(rs)...), ", ")
				}
				goal := fmt.Sprintf("SuretyPre%d(%s) && SuretyPost%d(%s) && SuretyPost%d(%s)", t.k, strings.Join(in, ", "), t.k, args(act), t.k, args(other))
				if t.d.Loose != "" {
					goal += fmt.Sprintf(" && !SuretyLoose%d(%s, %s)", t.k, together(literals(act)), together(literals(other)))
				}
				_ = idx
				clauses = append(clauses, goal)
			}
		}
		if len(clauses) == 0 {
			return
		}
		c.predicates(g, t)
		lines[t.k] = g.guarded(t.k, fmt.Sprintf("SuretyW%d", t.k), clauses)
	})
	if err != nil {
		return err
	}
	for _, t := range c.live() {
		t.res.Neighbours = len(cands[t.k])
		if v == nil {
			continue
		}
		proved := c.provedClauses(v, fmt.Sprintf("SuretyW%d", t.k), lines[t.k])
		for idx, cd := range cands[t.k] {
			if !proved[idx] {
				continue
			}
			w := &CompleteWitness{}
			for i, p := range t.d.Params {
				w.Input = append(w.Input, CompleteBinding{p.Name, t.valid[cd.j][i].literal()})
			}
			for i := range t.results {
				w.Actual = append(w.Actual, CompleteBinding{t.show[i], t.actual[cd.j][i].literal()})
				w.Other = append(w.Other, CompleteBinding{t.show[i], cd.other[i].literal()})
			}
			t.res.Verdict, t.res.Witness = CompleteUnder, w
			t.res.Reason = "the contract accepts two different results"
			if t.d.Loose != "" {
				t.res.Reason = "the contract accepts two results that the loose relation does not allow"
			}
			t.live = false
			break
		}
	}
	return nil
}

// provedClauses says which clauses of a guarded lemma were proved: all
// those with no error on their line, provided the lemma was verified or
// failed (not timed out, not cut short) and Dafny reported fewer errors than
// its limit, so that none went unreported.
func (c *checker) provedClauses(v *dafny.Verification, lemma string, lines []int) []bool {
	proved := make([]bool, len(lines))
	st := v.Status(lemma)
	if st != dafny.Verified && st != dafny.Failed {
		return proved
	}
	if v.Errors() >= dafny.ErrorLimit {
		return proved
	}
	bad := map[int]bool{}
	for _, d := range v.Diagnostics {
		if d.File == "check.dfy" || strings.HasSuffix(d.File, "/check.dfy") {
			bad[d.Line] = true
		}
	}
	for j, l := range lines {
		proved[j] = !bad[l]
	}
	return proved
}

func (c *checker) live() []*target {
	var ts []*target
	for _, t := range c.all {
		if t.live {
			ts = append(ts, t)
		}
	}
	return ts
}

// verifyPass generates one file from build over the live targets and
// verifies it. A target whose generated check does not resolve is marked
// SKIP and the pass is retried without it. It returns nil when nothing was
// generated.
func (c *checker) verifyPass(ctx context.Context, build func(*genFile, *target)) (*dafny.Verification, *genFile, error) {
	for attempt := 0; attempt < 4; attempt++ {
		g := newGenFile()
		for _, t := range c.live() {
			build(g, t)
		}
		if g.empty {
			return nil, g, nil
		}
		c.runs++
		v, err := c.tool.Verify(ctx, dafny.File{Name: "check.dfy", Content: []byte(g.b.String())}, c.input)
		if debugPasses != nil {
			debugPasses(g.b.String(), v)
		}
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("validate: %w", ctx.Err())
		}
		if errors.Is(err, dafny.ErrResolution) {
			if _, derr := c.drop(g, v.Diagnostics, err); derr != nil {
				return nil, nil, derr
			}
			continue
		}
		if err != nil && !errors.Is(err, proc.ErrTimeout) {
			return nil, nil, fmt.Errorf("validate: %w", err)
		}
		return v, g, nil
	}
	return nil, nil, errors.New("validate: generated checks keep failing to resolve")
}

// drop marks SKIP the targets whose generated lines carry errors. An error
// in the user's file, or one no target owns, is returned.
func (c *checker) drop(g *genFile, ds []dafny.Diagnostic, err error) (map[int]bool, error) {
	dropped := map[int]bool{}
	for _, d := range ds {
		if strings.Contains(d.Msg, "rror") && strings.HasSuffix(d.File, "input.dfy") {
			return nil, fmt.Errorf("%w: line %d: %s", ErrDafnyResolution, d.Line, d.Msg)
		}
	}
	for _, d := range ds {
		if !strings.Contains(d.Msg, "rror") || strings.Contains(d.Msg, "included file") {
			continue
		}
		k := g.owner(d.Line)
		if k < 0 {
			return nil, fmt.Errorf("validate: generated check does not resolve: %w", err)
		}
		if !dropped[k] {
			dropped[k] = true
			t := c.all[k]
			t.live = false
			t.res.Verdict = CompleteSkip
			t.res.Reason = "the generated check does not resolve: " + d.Msg
		}
	}
	if len(dropped) == 0 {
		return nil, fmt.Errorf("validate: %w", err)
	}
	return dropped, nil
}

func parseDiagOutput(out string) []dafny.Diagnostic {
	var ds []dafny.Diagnostic
	for line := range strings.SplitSeq(out, "\n") {
		m := diagLineRE.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, dafny.Diagnostic{File: m[1], Line: l, Col: col, Msg: m[4]})
	}
	return ds
}

var debugPasses func(string, *dafny.Verification)

// run runs the four passes and settles the verdicts left open.
func (c *checker) run(ctx context.Context) error {
	if err := c.uniquenessPass(ctx); err != nil {
		return err
	}
	if err := c.inputPass(ctx); err != nil {
		return err
	}
	if err := c.runPass(ctx); err != nil {
		return err
	}
	if err := c.witnessPass(ctx); err != nil {
		return err
	}
	for _, t := range c.all {
		if t.res.Verdict != "" {
			continue
		}
		t.res.Verdict = CompleteInconclusive
		why := "uniqueness not proved"
		if t.uniq == dafny.TimedOut {
			why = "uniqueness proof timed out"
		}
		switch {
		case !t.exec:
			why += "; not executable, so no witness was searched"
		case t.res.Inputs == 0:
			why += "; no small input was proved valid"
		case t.res.Reason != "":
			why += "; " + t.res.Reason
		default:
			why += fmt.Sprintf("; no witness among %d neighbours of %d inputs", t.res.Neighbours, t.res.Inputs)
		}
		t.res.Reason = why
	}
	return nil
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
