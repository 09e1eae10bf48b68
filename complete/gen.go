package complete

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
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

func (g *genFile) owner(line int) int {
	for _, b := range g.blocks {
		if line >= b.from && line <= b.to {
			return b.k
		}
	}
	return -1
}

func paramList(ps []param, names []string) string {
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

func names(ps []param) []string {
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

func joinLines(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// body is the body of every generated lemma: empty (no proof hints) but for
// revealing the file's opaque functions, which adds definitions, not
// assumptions.
func (c *checker) body(hints ...string) string {
	var b strings.Builder
	b.WriteString("{\n")
	for _, n := range c.reveal {
		fmt.Fprintf(&b, "  reveal %s();\n", n)
	}
	for _, h := range hints {
		b.WriteString(h)
	}
	b.WriteString("}\n\n")
	return b.String()
}

// maxHints bounds the element assertions of one lemma.
const maxHints = 48

// elementHints writes, for each concrete sequence or string among vals
// (written as exprs in the lemma: a literal or a parameter bound to one),
// an assertion of each element's value: "assert [0, 1][1] == 1;". They
// are proof steps Dafny checks, not assumptions; they put the elements'
// terms before the solver, which then instantiates a quantifier over the
// indices: without them Dafny 2.3 proves neither "exists i :: s[i] == m"
// nor "exists i, j :: nums[i] + nums[j] == t" on a concrete sequence.
func elementHints(exprs []string, vals []value) string {
	var b strings.Builder
	n := 0
	var walk func(e string, v value, depth int)
	walk = func(e string, v value, depth int) {
		if depth > 2 || v.t == nil {
			return
		}
		switch v.t.kind {
		case tString, tSeq:
			for k, el := range v.elems {
				if n >= maxHints {
					return
				}
				x := fmt.Sprintf("(%s)[%d]", e, k)
				fmt.Fprintf(&b, "  assert %s == %s;\n", x, el.literal())
				n++
				walk(x, el, depth+1)
			}
		case tTuple:
			for k, el := range v.elems {
				walk(fmt.Sprintf("(%s).%d", e, k), el, depth+1)
			}
		}
	}
	for i, v := range vals {
		walk(exprs[i], v, 0)
	}
	return b.String()
}

// lemma writes a lemma with no parameters and one postcondition; vals are
// the concrete values in it, for elementHints.
func (c *checker) lemma(g *genFile, k int, name, goal string, vals ...value) {
	// A literal holding an empty sequence has no type of its own outside
	// the call that gives it one ("[[]][0] == []" does not resolve): no
	// hints about it.
	var typed []value
	for _, v := range vals {
		if !strings.Contains(v.literal(), "[]") {
			typed = append(typed, v)
		}
	}
	g.add(k, fmt.Sprintf("lemma %s()\n  ensures %s\n%s", name, joinLines(goal), c.body(elementHints(literals(typed), typed))))
}

// predicates writes the target's Pre, Post and Loose predicates.
func (c *checker) predicates(g *genFile, t *target) {
	pred := c.dialect.GhostPredicate()
	d := t.d
	var b strings.Builder
	fmt.Fprintf(&b, "%s SuretyPre%d(%s)\n{\n%s}\n\n", pred, t.k, paramList(d.Params, nil), conj(d.Requires))
	all := append(append([]param(nil), d.Params...), resultParams(t)...)
	fmt.Fprintf(&b, "%s SuretyPost%d(%s)\n  requires SuretyPre%d(%s)\n{\n%s}\n\n", pred, t.k, paramList(all, nil),
		t.k, strings.Join(names(d.Params), ", "), conj(t.ensures))
	if d.Loose != "" {
		fmt.Fprintf(&b, "%s SuretyLoose%d(r1: %s, r2: %s)\n{\n  (%s\n  )\n}\n\n", pred, t.k, t.rtype.src, t.rtype.src, d.Loose)
	}
	g.add(t.k, b.String())
}

func resultParams(t *target) []param {
	ps := make([]param, len(t.results))
	for i, r := range t.results {
		ps[i] = param{Name: t.resName[i], Type: r.src}
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

// args writes the arguments of SuretyPost: the input, then the results.
func args(in []value, rs []value) string {
	return strings.Join(append(literals(in), literals(rs)...), ", ")
}

// verifyFile is pass 0's Dafny run: the user's file, as given, must
// verify, included files too; a contract proved over a file that does not
// verify proves nothing.
func (c *checker) verifyFile(ctx context.Context) (*Verification, error) {
	start := time.Now()
	v, err := c.tool.VerifyAll(ctx, c.asGiven)
	c.ran("file", start)
	return v, err
}

// fileVerdict reads pass 0's run: it reports whether the checks go on,
// and when the file does not verify makes every target Inconclusive.
func (c *checker) fileVerdict(ctx context.Context, v *Verification, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, fmt.Errorf("complete: %w", ctx.Err())
	}
	if errors.Is(err, ErrUnresolved) {
		for _, d := range v.Diagnostics {
			if strings.Contains(d.Msg, "rror") {
				return false, fmt.Errorf("%w: %s", ErrResolution, where(d))
			}
		}
		return false, fmt.Errorf("complete: %w", err)
	}
	if err != nil && !errors.Is(err, proc.ErrTimeout) {
		return false, fmt.Errorf("complete: verifying the file: %w", err)
	}
	if err == nil && v.Clean() {
		return true, nil
	}
	why := "the file does not verify: "
	if err != nil {
		why += "Dafny did not finish: " + err.Error()
	} else {
		d, _ := v.FirstError()
		why += where(d)
	}
	c.fileFails(why)
	return false, nil
}

// fileFails makes every target Inconclusive because the file does not
// verify.
func (c *checker) fileFails(why string) {
	for _, t := range c.all {
		t.live = false
		t.res.Verdict, t.res.Reason, t.res.Inputs = Inconclusive, why, 0
	}
}

// fileAndProof runs pass 0 and pass 1 at once, as two Dafny runs: the
// proof pass does not depend on the file's verification, only its results
// do, and they are dropped when the file does not verify (the proof
// pass's run is then stopped). The proof pass is not folded into the
// file's run: verifying the file in the same run changes what Dafny 2.3
// proves of the generated lemmas (a division contract's uniqueness timed
// out that way). It reports whether the checks go on.
func (c *checker) fileAndProof(ctx context.Context) (bool, error) {
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	type fileResult struct {
		v   *Verification
		err error
	}
	done := make(chan fileResult, 1)
	go func() {
		v, err := c.verifyFile(ctx)
		if err != nil || v == nil || !v.Clean() {
			stop() // the proofs will not count
		}
		done <- fileResult{v, err}
	}()
	errProof := c.proofPass(pctx)
	f := <-done
	if goOn, err := c.fileVerdict(ctx, f.v, f.err); err != nil || !goOn {
		return false, err
	}
	return true, errProof
}

// where writes a diagnostic as "line N: message", naming the file when it
// is not the user's (an included one).
func where(d Diagnostic) string {
	if d.Line == 0 {
		return d.Msg
	}
	s := fmt.Sprintf("line %d: %s", d.Line, d.Msg)
	if base := filepath.Base(d.File); base != "input.dfy" && base != "check.dfy" {
		s = d.File + " " + s
	}
	return s
}

// proofPass is pass 1: per target, the uniqueness lemma R, E(a), E(b) ⊢
// a == b, and one lemma per small input proving R on it.
func (c *checker) proofPass(ctx context.Context) error {
	c.smallInputs()
	v, err := c.verifyPass(ctx, "proof", func(g *genFile, t *target) {
		c.predicates(g, t)
		c.uniqLemma(g, t)
		d := t.d
		if len(d.Requires) == 0 {
			return
		}
		for i, x := range t.inputs {
			c.lemma(g, t.k, fmt.Sprintf("SuretyIn%dx%d", t.k, i), fmt.Sprintf("SuretyPre%d(%s)", t.k, strings.Join(literals(x), ", ")), x...)
		}
	})
	if err != nil {
		return err
	}
	for _, t := range c.live() {
		if v == nil {
			continue
		}
		t.wellFormed = wellFormed(v, t)
		t.uniq = v.Status(fmt.Sprintf("SuretyUniq%d", t.k))
		for i, x := range t.inputs {
			if len(t.valid) >= c.opts.maxRuns() {
				break
			}
			if len(t.d.Requires) == 0 || v.Status(fmt.Sprintf("SuretyIn%dx%d", t.k, i)) == Verified {
				t.valid = append(t.valid, x)
			}
		}
		t.res.Inputs = len(t.valid)
		if !t.wellFormed {
			t.live = false
		}
	}
	return nil
}

// uniqLemma writes target t's uniqueness lemma, SuretyUniq<k>: R(x),
// E(x, a), E(x, b) ⊢ a == b (or the loose relation), with no proof hints.
func (c *checker) uniqLemma(g *genFile, t *target) {
	d := t.d
	// The lemma's parameters are named for the target, so that the
	// model of its failure can be read (see cex.go).
	xs, as, bs := uniqNames(t.k, len(d.Params), len(t.results))
	var ps []param
	for i, p := range d.Params {
		ps = append(ps, param{Name: xs[i], Type: p.Type})
	}
	for i, r := range t.results {
		ps = append(ps, param{Name: as[i], Type: r.src})
	}
	for i, r := range t.results {
		ps = append(ps, param{Name: bs[i], Type: r.src})
	}
	in := strings.Join(xs, ", ")
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
	g.add(t.k, fmt.Sprintf("lemma SuretyUniq%d(%s)\n  requires SuretyPre%d(%s) && SuretyPost%d(%s) && SuretyPost%d(%s)\n  ensures %s\n%s",
		t.k, paramList(ps, nil), t.k, in, t.k, withIn(as), t.k, withIn(bs), goal, c.body()))
}

func wellFormed(v *Verification, t *target) bool {
	for _, n := range []string{"SuretyPre", "SuretyPost", "SuretyLoose"} {
		st := v.Status(fmt.Sprintf("%s%d", n, t.k))
		if st == Failed || st == TimedOut {
			return false
		}
	}
	return true
}

// runPass is pass 2: one program that runs every executable target on its
// valid inputs and prints the results in a typed form. A run that hangs
// or fails is pinned on the first call that printed nothing; that target
// is not run again, the others are.
func (c *checker) runPass(ctx context.Context) error {
	var todo []*target
	for _, t := range c.live() {
		if t.exec && len(t.valid) > 0 && t.actual == nil {
			t.actual = make([][]value, len(t.valid))
			todo = append(todo, t)
		}
	}
	for attempt := 0; len(todo) > 0 && attempt < 4; attempt++ {
		pr := newPrinters()
		g := newGenFile()
		var mainBody strings.Builder
		type call struct {
			t *target
			j int
		}
		var calls []call
		line := 0
		var blocks []genBlock
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
				calls = append(calls, call{t, j})
			}
			blocks = append(blocks, genBlock{t.k, from, line - 1})
		}
		g.write(pr.text(c.dialect))
		g.write("method Main()\n  decreases *\n{\n  print \"" + startMark + "\\n\";\n")
		mainStart := g.line + 1
		for _, b := range blocks {
			g.blocks = append(g.blocks, genBlock{b.k, mainStart + b.from, mainStart + b.to})
		}
		g.write(mainBody.String())
		g.write("}\n")
		start := time.Now()
		runCtx, cancel := context.WithTimeout(ctx, c.opts.runTimeout())
		ex, err := c.tool.Run(runCtx, File{Name: "check.dfy", Content: []byte(g.b.String())}, c.runInput)
		cancel()
		c.ran("run", start)
		if ctx.Err() != nil {
			return fmt.Errorf("complete: %w", ctx.Err())
		}
		if errors.Is(err, ErrUnresolved) {
			dropped, derr := c.drop(g, parseDiagOutput(ex.Output), err)
			if derr != nil {
				// The file itself does not compile: nothing can be run.
				for _, t := range todo {
					t.runNote = "could not compile and run: " + firstLineOf(derr.Error())
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
		if ex == nil {
			for _, t := range todo {
				t.runNote = "could not run: " + err.Error()
			}
			return nil
		}
		c.readResults(todo, ex.Stdout)
		if !bytes.Contains(ex.Stdout, []byte(startMark)) {
			// Compiling took the time, or failed: no method ran.
			why := "the generated program did not start: " + ex.Failure()
			if errors.Is(runCtx.Err(), context.DeadlineExceeded) || errors.Is(err, proc.ErrTimeout) {
				why = fmt.Sprintf("the generated program did not start within %v (compiling it took too long)", c.opts.runTimeout())
			}
			for _, t := range todo {
				t.runNote = why
			}
			return nil
		}
		if err == nil && ex.ExitCode == 0 {
			for _, t := range todo {
				for j, a := range t.actual {
					if a == nil && t.runNote == "" && j != t.modelJ {
						t.runNote = fmt.Sprintf("printed no readable result on input %s", bindings(inputBindings(t, j), "="))
					}
				}
			}
			return nil
		}
		// Pin the failure on the first call that printed nothing.
		var culprit *call
		for i := range calls {
			if calls[i].t.actual[calls[i].j] == nil {
				culprit = &calls[i]
				break
			}
		}
		if culprit == nil {
			return nil // every result is in; the failure came after them
		}
		in := bindings(inputBindings(culprit.t, culprit.j), "=")
		switch {
		case culprit.j == culprit.t.modelJ:
			// The model's input, not proved valid: a run that fails or
			// hangs there says nothing of the method. Its other inputs
			// ran before it.
		case errors.Is(runCtx.Err(), context.DeadlineExceeded) || errors.Is(err, proc.ErrTimeout):
			culprit.t.runNote = fmt.Sprintf("did not return within %v on input %s", c.opts.runTimeout(), in)
		case err != nil:
			culprit.t.runNote = fmt.Sprintf("running it on input %s failed: %v", in, err)
		default:
			culprit.t.runNote = fmt.Sprintf("running it on input %s failed: %s", in, ex.Failure())
			culprit.t.runFailed = true
		}
		var keep []*target
		for _, t := range todo {
			if t == culprit.t {
				continue
			}
			for _, a := range t.actual {
				if a == nil {
					keep = append(keep, t)
					break
				}
			}
		}
		todo = keep
	}
	for _, t := range todo {
		if t.runNote == "" {
			t.runNote = "could not be run after several attempts"
		}
	}
	return nil
}

// startMark is the first thing the generated program prints: a run cut
// short before it printed it never reached the methods.
const startMark = "SURETY-START"

func inputBindings(t *target, j int) []Binding {
	var bs []Binding
	for i, p := range t.d.Params {
		bs = append(bs, Binding{p.Name, t.valid[j][i].literal()})
	}
	return bs
}

func (c *checker) readResults(todo []*target, out []byte) {
	byK := map[int]*target{}
	for _, t := range todo {
		byK[t.k] = t
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

// inputGroups are the rounds of the witness search, as ranges of valid
// inputs: most witnesses show on the first input, so a contract that is
// weak there costs a dozen lemmas rather than a hundred.
var inputGroups = [][2]int{{0, 1}, {1, 3}, {3, 1 << 30}}

// maxScreened is the number of screened candidates per target given to
// Dafny in one round.
const maxScreened = 24

// maxConfirm is the number of candidate witnesses per target verified
// again alone at a time.
const maxConfirm = 3

// witnessPass is pass 3, in rounds, each one Dafny run over every target
// still searching. Every check is a lemma of its own: that the contract
// accepts what the method returned on each input (SuretyAct, first round),
// and, for the targets whose uniqueness was not proved, that it also
// accepts a neighbour of it (SuretyW, the inputs of one group per round).
// A lemma of its own matters: Dafny assumes a proved postcondition when it
// checks the next one, and it may stop reporting the failures of a long
// lemma once it runs out of time, so the clauses of one lemma cannot be
// read one by one.
//
// A candidate found in one round is verified again alone in the next
// (confirmLemma) before it can be reported; the first that verifies is the
// witness, and if none does they are dropped and the search goes on.
func (c *checker) witnessPass(ctx context.Context) error {
	for round := 0; round < 2*len(inputGroups)+1; round++ {
		tried := map[int][]cand{}
		confirming := map[int][]cand{}
		acting := map[int]bool{}
		actJ := map[int]map[int]bool{} // the inputs given a SuretyAct lemma
		v, err := c.verifyPass(ctx, "witness", func(g *genFile, t *target) {
			if t.actual == nil {
				return
			}
			if t.accepted == nil {
				acting[t.k] = true
			}
			search := t.uniq != Verified && t.confirmed == nil
			if search && len(t.pending) > 0 {
				cs := t.pending[:min(len(t.pending), maxConfirm)]
				confirming[t.k] = cs
				for i, cd := range cs {
					c.confirm(g, t, i, cd)
				}
			}
			var ws []cand
			if search && len(t.pending) == 0 && t.round < len(inputGroups) {
				grp := inputGroups[t.round]
				if t.screen != nil {
					// Screened: the survivors of every input at once; a
					// round with none ends the search.
					grp = [2]int{0, len(t.actual)}
					t.round = len(inputGroups) - 1
				}
				for j := grp[0]; j < min(grp[1], len(t.actual)); j++ {
					if t.actual[j] == nil || t.accepted != nil && !t.accepted[j] {
						continue
					}
					var ns []value
					if t.screen != nil {
						ns = t.screen[j]
					} else {
						ns = c.candidatesFor(t, j, c.opts.maxNeighbours())
					}
					for _, n := range ns[:min(len(ns), c.opts.maxNeighbours())] {
						if len(ws) < maxScreened || t.screen == nil {
							ws = append(ws, cand{j, t.split(n)})
						}
					}
				}
				tried[t.k] = ws
			}
			if !acting[t.k] && len(ws) == 0 {
				return
			}
			c.predicates(g, t)
			first := true
			for j, act := range t.actual {
				if acting[t.k] && act != nil && (first || t.uniq != Verified || t.d.DecreasesStar) {
					// With uniqueness proved and a terminating body, the
					// samples are a cross-check: the first is enough.
					first = false
					if actJ[t.k] == nil {
						actJ[t.k] = map[int]bool{}
					}
					actJ[t.k][j] = true
					in := t.valid[j]
					c.lemma(g, t.k, fmt.Sprintf("SuretyAct%dx%d", t.k, j),
						fmt.Sprintf("SuretyPre%d(%s) && SuretyPost%d(%s)", t.k, strings.Join(literals(in), ", "), t.k, args(in, act)),
						append(append([]value(nil), in...), act...)...)
				}
			}
			for i, cd := range ws {
				in := t.valid[cd.j]
				goal := fmt.Sprintf("SuretyPre%d(%s) && SuretyPost%d(%s)", t.k, strings.Join(literals(in), ", "), t.k, args(in, cd.other))
				if t.d.Loose != "" {
					goal += fmt.Sprintf(" && !SuretyLoose%d(%s, %s)", t.k, together(literals(t.actual[cd.j])), together(literals(cd.other)))
				}
				c.lemma(g, t.k, fmt.Sprintf("SuretyW%dx%d", t.k, i), goal, append(append([]value(nil), in...), cd.other...)...)
			}
		})
		if err != nil {
			return err
		}
		if v == nil {
			return nil // nothing left to check
		}
		for _, t := range c.live() {
			if acting[t.k] {
				t.accepted = make([]bool, len(t.actual))
				t.acted = make([]bool, len(t.actual))
				for j, act := range t.actual {
					st := v.Status(fmt.Sprintf("SuretyAct%dx%d", t.k, j))
					t.accepted[j] = act != nil && st == Verified
					t.acted[j] = actJ[t.k][j]
				}
			}
			if cs, ok := confirming[t.k]; ok {
				for i, cd := range cs {
					if v.Status(fmt.Sprintf("SuretyC%dx%da", t.k, i)) == Verified && v.Status(fmt.Sprintf("SuretyC%dx%db", t.k, i)) == Verified {
						t.confirmed = &cd
						break
					}
					t.dropped++
				}
				t.pending = t.pending[len(cs):]
				if t.confirmed != nil {
					t.pending = nil
				}
			}
			if ws, ok := tried[t.k]; ok {
				t.round++
				t.tried += len(ws)
				t.res.Neighbours = t.tried
				for i, cd := range ws {
					if t.accepted[cd.j] && v.Status(fmt.Sprintf("SuretyW%dx%d", t.k, i)) == Verified {
						t.pending = append(t.pending, cd)
					}
				}
			}
		}
	}
	return nil
}

// whole is the value of a target's results taken together.
func (t *target) whole(rs []value) value {
	if len(rs) == 1 {
		return rs[0]
	}
	return value{t: t.rtype, elems: rs}
}

// confirm writes the two lemmas that verify candidate i of t again alone:
// the input with the actual result, and the input with the other result
// (outside the loose relation, if there is one).
func (c *checker) confirm(g *genFile, t *target, i int, cd cand) {
	in, act := t.valid[cd.j], t.actual[cd.j]
	loose := ""
	if t.d.Loose != "" {
		loose = fmt.Sprintf("!(var r1, r2 := %s, %s; %s)", together(literals(act)), together(literals(cd.other)), joinLines(t.d.Loose))
	}
	c.confirmLemma(g, t, fmt.Sprintf("SuretyC%dx%da", t.k, i), in, act, "")
	c.confirmLemma(g, t, fmt.Sprintf("SuretyC%dx%db", t.k, i), in, cd.other, loose)
}

// confirmLemma writes one lemma whose parameters are the target's inputs
// and results, bound to in and rs by its preconditions, and whose
// postconditions are the target's requires and ensures clauses, then
// extra if not empty.
func (c *checker) confirmLemma(g *genFile, t *target, name string, in, rs []value, extra string) {
	var b strings.Builder
	ps := append(append([]param(nil), t.d.Params...), resultParams(t)...)
	fmt.Fprintf(&b, "lemma %s(%s)\n", name, paramList(ps, nil))
	vals := append(append([]value(nil), in...), rs...)
	for i, p := range ps {
		fmt.Fprintf(&b, "  requires %s == %s\n", p.Name, vals[i].literal())
	}
	// Each clause keeps its lines (a // comment in it must not swallow
	// what follows).
	for _, r := range t.d.Requires {
		fmt.Fprintf(&b, "  ensures (%s\n  )\n", r)
	}
	for _, e := range t.ensures {
		fmt.Fprintf(&b, "  ensures (%s\n  )\n", e)
	}
	if extra != "" {
		fmt.Fprintf(&b, "  ensures %s\n", extra)
	}
	if len(t.d.Requires)+len(t.ensures) == 0 && extra == "" {
		// A lemma with no proof obligation gets no outcome from Dafny
		// (its trace does not name it), which would read as Unknown: give
		// it one, so a method with no contract at all has its witness.
		b.WriteString("  ensures true\n")
	}
	var exprs []string
	for _, p := range ps {
		exprs = append(exprs, p.Name)
	}
	b.WriteString(c.body(elementHints(exprs, vals)))
	g.add(t.k, b.String())
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
func (c *checker) verifyPass(ctx context.Context, pass string, build func(*genFile, *target)) (*Verification, error) {
	for attempt := 0; attempt < 4; attempt++ {
		g := newGenFile()
		for _, t := range c.live() {
			build(g, t)
		}
		if g.empty {
			return nil, nil
		}
		start := time.Now()
		v, err := c.tool.Verify(ctx, File{Name: "check.dfy", Content: []byte(g.b.String())}, c.input)
		c.ran(pass, start)
		if ctx.Err() != nil {
			return nil, fmt.Errorf("complete: %w", ctx.Err())
		}
		if errors.Is(err, ErrUnresolved) {
			if _, derr := c.drop(g, v.Diagnostics, err); derr != nil {
				return nil, derr
			}
			continue
		}
		if err != nil && !errors.Is(err, proc.ErrTimeout) {
			return nil, fmt.Errorf("complete: %w", err)
		}
		return v, nil
	}
	return nil, errors.New("complete: generated checks keep failing to resolve")
}

// drop marks SKIP the targets whose generated lines carry errors. An error
// in the user's file, or one no target owns, is returned.
func (c *checker) drop(g *genFile, ds []Diagnostic, err error) (map[int]bool, error) {
	dropped := map[int]bool{}
	for _, d := range ds {
		if strings.Contains(d.Msg, "rror") && strings.HasSuffix(d.File, "input.dfy") {
			return nil, fmt.Errorf("%w: line %d: %s", ErrResolution, d.Line, d.Msg)
		}
	}
	for _, d := range ds {
		if !strings.Contains(d.Msg, "rror") || strings.Contains(d.Msg, "included file") {
			continue
		}
		k := g.owner(d.Line)
		if k < 0 {
			return nil, fmt.Errorf("complete: generated check does not resolve: %w", err)
		}
		if !dropped[k] {
			dropped[k] = true
			t := c.all[k]
			t.live = false
			t.res.Verdict = Skip
			t.res.Reason = "the generated check does not resolve: " + d.Msg
		}
	}
	if len(dropped) == 0 {
		return nil, fmt.Errorf("complete: %w", err)
	}
	return dropped, nil
}

func parseDiagOutput(out string) []Diagnostic {
	var ds []Diagnostic
	for line := range strings.SplitSeq(out, "\n") {
		m := diagLineRE.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, Diagnostic{File: m[1], Line: l, Col: col, Msg: m[4]})
	}
	return ds
}

// run runs the passes and settles every verdict.
func (c *checker) run(ctx context.Context) error {
	// The methods are run on their small inputs beside the proof pass (see
	// earlyRun); a method that may not terminate waits for the run pass.
	c.smallInputs()
	var ts []*target
	for _, t := range c.live() {
		if t.exec && !t.d.DecreasesStar {
			ts = append(ts, t)
		}
	}
	ectx, stopEarly := context.WithCancel(ctx)
	defer stopEarly()
	earlyDone := make(chan map[int]*early, 1)
	go func() {
		var res map[int]*early
		if len(ts) > 0 {
			res = c.earlyRun(ectx, ts)
		}
		earlyDone <- res
	}()
	goOn, err := c.fileAndProof(ctx)
	if err != nil || !goOn {
		stopEarly()
		<-earlyDone
		return err
	}
	// The uniqueness lemmas that failed are tried by induction, in a Dafny
	// run of their own beside the passes that follow (it changes no
	// target); its proofs are taken in before the witness search, which
	// they make needless.
	var ind []*target
	for _, t := range c.live() {
		if t.wellFormed && t.uniq == Failed && len(inductionVars(t)) > 0 {
			ind = append(ind, t)
		}
	}
	type indResult struct {
		proved map[int]string
		err    error
	}
	done := make(chan indResult, 1)
	go func() {
		var r indResult
		if len(ind) > 0 {
			r.proved, r.err = c.inductionPass(ctx, ind)
		}
		done <- r
	}()
	// The failed uniqueness lemmas' models are asked for beside the
	// input pass; each gives an input and a candidate (see cex.go).
	models := make(chan map[int]*modelCex, 1)
	live := c.live()
	go func() { models <- c.modelPass(ctx, live) }()
	err = c.inputPass(ctx)
	er := <-earlyDone
	ms := <-models
	if err != nil {
		<-done
		return err
	}
	for _, t := range c.live() {
		if m := ms[t.k]; m != nil {
			t.model = m
			c.takeModel(t)
		}
	}
	c.takeEarly(er)
	errRun := c.runPass(ctx)
	if errRun == nil {
		errRun = c.screenPass(ctx)
	}
	r := <-done
	if errRun != nil {
		return errRun
	}
	if r.err != nil {
		return r.err
	}
	for _, t := range ind {
		if by, ok := r.proved[t.k]; ok && t.live {
			t.uniq, t.induction = Verified, by
			c.dropModel(t)
		}
	}
	if err := c.witnessPass(ctx); err != nil {
		return err
	}
	for _, t := range c.all {
		if t.res.Verdict == "" {
			c.settle(t)
		}
	}
	return nil
}

// settle turns what the passes found about t into its verdict. The rules,
// each a way a verdict could otherwise be wrong:
//
//   - OK needs the uniqueness proof, and that nothing in scope is assumed
//     without proof (an axiom can make the proof vacuous), and that the
//     contract can be met (an unsatisfiable contract, such as ensures
//     r > r, makes uniqueness vacuous too). A terminating body, verified,
//     with one input shown to meet the precondition, shows that; the
//     results it returned on the samples are a cross-check, reported when
//     Dafny does not prove them. With decreases * the samples are the
//     evidence. A target that cannot be run (ghost) stands on its verified
//     body; it has no decreases *.
//   - UNDER needs a witness verified again alone, and no function axiom in
//     scope (which every proof assumes, the witness's included).
func (c *checker) settle(t *target) {
	r := t.res
	r.Verdict = Inconclusive
	if !t.wellFormed {
		r.Reason = "the contract is not well-formed on its own (a generated predicate failed its well-formedness check)"
		return
	}
	if t.uniq == Verified {
		c.settleUnique(t)
		return
	}
	if w := t.confirmed; w != nil {
		for _, u := range c.unproved {
			if u.Global {
				r.Reason = "a witness was proved, but not trusted: assumed without proof in every proof: " + u.String()
				return
			}
		}
		r.Verdict = Under
		r.Witness = &Witness{Input: inputBindings(t, w.j)}
		for i := range t.results {
			r.Witness.Actual = append(r.Witness.Actual, Binding{t.show[i], t.actual[w.j][i].literal()})
			r.Witness.Other = append(r.Witness.Other, Binding{t.show[i], w.other[i].literal()})
		}
		r.Reason = "the contract accepts two different results"
		if t.d.Loose != "" {
			r.Reason = "the contract accepts two results that the loose relation does not allow"
		}
		return
	}
	why := "uniqueness not proved"
	if t.uniq == TimedOut {
		why = "uniqueness proof timed out"
	}
	switch {
	case !t.exec:
		why += "; not executable, so no witness was searched"
	case len(t.valid) == 0:
		why += "; no small input was proved to meet the precondition"
	case t.runNote != "":
		why += "; " + t.runNote
	case t.dropped > 0:
		why += fmt.Sprintf("; %d candidate witness(es) did not verify again alone and were dropped", t.dropped)
	case t.screen != nil:
		why += fmt.Sprintf("; no witness among %d other results of %d inputs (%d rejected by a compiled copy of the contract, %d tried by Dafny)",
			t.tried+t.screenedOut, len(t.valid), t.screenedOut, t.tried)
	default:
		why += fmt.Sprintf("; no witness among %d neighbours of %d inputs", t.tried, len(t.valid))
	}
	r.Reason = why
}

func (c *checker) settleUnique(t *target) {
	r := t.res
	const proved = "uniqueness proved, but "
	if len(c.unproved) > 0 {
		var us []string
		for _, u := range c.unproved {
			us = append(us, u.String())
		}
		r.Reason = proved + "not trusted: assumed without proof: " + strings.Join(us, "; ")
		return
	}
	if !t.d.HasBody {
		r.Reason = proved + "the declaration has no body, so nothing shows the contract can be met"
		return
	}
	if !t.exec {
		if t.d.DecreasesStar {
			r.Reason = proved + "it may not terminate (decreases *) and cannot be run"
			return
		}
		r.Verdict = OK
		r.Reason = "the contract determines a unique result (not run: its verified body meets the contract)"
		if t.induction != "" {
			r.Reason += " (uniqueness proved by induction on " + t.induction + ")"
		}
		return
	}
	if len(t.valid) == 0 {
		r.Reason = proved + "no small input was proved to meet the precondition, so the body was not run against the contract"
		return
	}
	// What the samples say: a result Dafny did not prove the contract
	// accepts, or a run that fell short.
	note := ""
	if t.runNote != "" {
		note = "the body was not seen to meet the contract: " + t.runNote
	} else {
		for j, ok := range t.accepted {
			if !ok && t.acted[j] {
				note = fmt.Sprintf("Dafny did not prove that the contract accepts what the method returned on input %s (%s)",
					bindings(inputBindings(t, j), "="), bindings(resultBindings(t, t.actual[j]), " = "))
				break
			}
		}
		if note == "" && len(t.accepted) == 0 {
			note = "what the method returned was not checked against the contract"
		}
	}
	if note != "" && (t.d.DecreasesStar || t.runFailed) {
		// The proof is partial (decreases *: a method that never returns
		// meets any contract), or a run contradicts it: the samples are
		// the evidence, and they fall short.
		r.Reason = proved + note
		return
	}
	r.Verdict = OK
	r.Reason = "the contract determines a unique result"
	if t.d.Loose != "" {
		r.Reason = "results are unique up to the stated loose relation"
	}
	if t.induction != "" {
		r.Reason += " (uniqueness proved by induction on " + t.induction + ")"
	}
	if note != "" && !t.d.DecreasesStar {
		// The file verifies with nothing assumed and the method terminates,
		// so on every input that meets the precondition (one was shown to)
		// the contract accepts what it returns: the samples are a
		// cross-check, and the one that was not proved is reported.
		r.Reason += " (proved by the verified, terminating body; cross-check: " + note + ")"
	}
}

func resultBindings(t *target, vs []value) []Binding {
	var bs []Binding
	for i, v := range vs {
		bs = append(bs, Binding{t.show[i], v.literal()})
	}
	return bs
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// smallInputs fills in the small inputs of every live target that has
// none yet: per parameter, small values of its type (for an integer of a
// method with a precondition, the declaration's constants among them),
// combined smallest first, at most MaxInputs.
func (c *checker) smallInputs() {
	for _, t := range c.live() {
		if t.inputs != nil {
			continue
		}
		lists := make([][]value, len(t.params))
		consts := constants(c.declText(t))
		for i, p := range t.params {
			lists[i] = candidates(p, 12, 0)
			if isInt(p) && len(t.d.Requires) > 0 {
				// The contract's and the body's constants, after the
				// smallest values: "requires 100 <= n < 1000" is met by
				// none of those.
				var ks []value
				for _, k := range consts[:min(len(consts), 10)] {
					ks = append(ks, value{t: p, i: k})
				}
				n := min(len(lists[i]), 5)
				mixed := append(append(append([]value(nil), lists[i][:n]...), ks...), lists[i][n:]...)
				lists[i] = uniqueOther(value{t: p, i: 1 << 62}, mixed)
			}
		}
		t.inputs = product(lists, c.opts.maxInputs())
	}
}

// runMain ends g with a Main method whose body is main, its blocks (lines
// counted from the body's first) owned by their targets, and runs it with
// the input file, promote's declarations compiled; decreases lets Main
// call methods that may not terminate. pass names the run in the report's
// timings.
func (c *checker) runMain(ctx context.Context, g *genFile, main string, blocks []genBlock, decreases bool, promote map[int]bool, pass string) (*Execution, error) {
	head := "method Main()\n{\n"
	if decreases {
		head = "method Main()\n  decreases *\n{\n"
	}
	g.write(head + "  print \"" + startMark + "\\n\";\n")
	mainStart := g.line + 1
	for _, b := range blocks {
		g.blocks = append(g.blocks, genBlock{b.k, mainStart + b.from, mainStart + b.to})
	}
	g.write(main)
	g.write("}\n")
	input := File{Name: "input.dfy", Content: prepareInputWith(c.path, c.src, c.file, true, promote, c.dialect)}
	start := time.Now()
	runCtx, cancel := context.WithTimeout(ctx, c.opts.runTimeout())
	defer cancel()
	ex, err := c.tool.Run(runCtx, File{Name: "check.dfy", Content: []byte(g.b.String())}, input)
	c.ran(pass, start)
	return ex, err
}

// compileErrors reads the errors of a run that did not resolve: an error
// in the input file leaves ghost the declaration it falls in (taken out of
// promote; changed says so), and the errors in the generated file are
// returned for the caller to pin on their targets (genFile.owner).
func (c *checker) compileErrors(ex *Execution, promote map[int]bool) (generated []Diagnostic, changed bool) {
	for _, d := range parseDiagOutput(ex.Output) {
		if !strings.Contains(d.Msg, "rror") {
			continue
		}
		if !strings.HasSuffix(d.File, "input.dfy") {
			generated = append(generated, d)
			continue
		}
		for i, dc := range c.file.Decls {
			if promote[i] && d.Line >= dc.Line && d.Line <= lineOf(c.src, dc.End) {
				delete(promote, i)
				changed = true
			}
		}
	}
	return generated, changed
}
