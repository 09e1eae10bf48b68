package complete

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// This file is the screen: before witness lemmas go to the verifier, the
// candidate results are tried by a compiled copy of the postcondition, in
// one compile-and-run for every target, so that hundreds are tried and
// only the ones the contract accepts are given to Dafny to prove. The
// screen only removes candidates: a candidate it keeps is still proved by
// a lemma, and verified again alone, before it is reported. A compiled
// copy needs the contract's functions and predicates compiled: the ghost
// ones of the user's file are made compiled in the copy the program
// includes (promotable), and any that Dafny refuses to compile is left
// ghost on the next attempt. A target whose contract does not compile
// (an unbounded quantifier, a ghost construct) is not screened, and its
// witness search tries its first candidates unscreened, as before. The
// screen is trusted for a target only when it accepts every result the
// method actually returned (the verified body meets the contract, so a
// compiled copy that rejects one is not the contract).

// screenLimit is the number of candidates screened per input.
const screenLimit = 160

// maxScreenedConfirm is the number of screened candidates per target that
// are verified again alone, maxConfirm at a time, before the search gives
// up.
const maxScreenedConfirm = 3 * maxConfirm

var keywordRE = regexp.MustCompile(`\b(function|predicate)\b`)

// promotable returns the offset in src of the keyword of d, a ghost
// function or predicate with a body that a compiled copy of a contract
// may call, and the keyword; -1 when d is not one (a method, a lemma, a
// compiled function, a least or greatest predicate, a twostate one).
func promotable(src []byte, d *decl, dialect Dialect) (int, string) {
	if !d.HasBody || (d.Kind != "function" && d.Kind != "predicate") || d.NameStart <= d.Start {
		return -1, ""
	}
	h := string(src[d.Start:d.NameStart])
	ghost := dialect == Legacy // there, a plain function is ghost
	for _, w := range strings.Fields(h) {
		switch w {
		case "least", "greatest", "inductive", "twostate", "copredicate", "method":
			return -1, ""
		case "ghost":
			ghost = true
		}
	}
	if !ghost {
		return -1, ""
	}
	m := keywordRE.FindAllStringIndex(h, -1)
	if m == nil {
		return -1, ""
	}
	last := m[len(m)-1]
	return d.Start + last[0], h[last[0]:last[1]]
}

// screenPass screens the candidates of every target still searching for a
// witness; t.screen is set for the targets whose screen is trusted.
func (c *checker) screenPass(ctx context.Context) error {
	var todo []*target
	for _, t := range c.live() {
		if !t.exec || t.uniq == Verified || t.actual == nil || t.d.Loose != "" {
			continue
		}
		t.cands = make([][]value, len(t.actual))
		n := 0
		for j := range t.actual {
			if t.actual[j] == nil {
				continue
			}
			t.cands[j] = c.candidatesFor(t, j, screenLimit)
			n += len(t.cands[j])
		}
		if n > 0 {
			todo = append(todo, t)
		}
	}
	promote := map[int]bool{}
	for i, d := range c.file.Decls {
		if at, _ := promotable(c.src, d, c.dialect); at >= 0 {
			promote[i] = true
		}
	}
	for attempt := 0; len(todo) > 0 && attempt < 4; attempt++ {
		g := newGenFile()
		var main strings.Builder
		var blocks []genBlock
		line := 0
		fn := c.dialect.CompiledFunction()
		for _, t := range todo {
			all := append(append([]param(nil), t.d.Params...), resultParams(t)...)
			g.add(t.k, fmt.Sprintf("%s SuretyPostC%d(%s): bool\n{\n%s}\n\n", fn, t.k, paramList(all, nil), conj(t.ensures)))
			from := line
			for j, act := range t.actual {
				if act == nil {
					continue
				}
				in := t.valid[j]
				fmt.Fprintf(&main, "  print \"SURETYS %d %d -1 \", SuretyPostC%d(%s), \"\\n\";\n", t.k, j, t.k, args(in, act))
				line++
				for i, cd := range t.cands[j] {
					fmt.Fprintf(&main, "  print \"SURETYS %d %d %d \", SuretyPostC%d(%s), \"\\n\";\n", t.k, j, i, t.k, args(in, t.split(cd)))
					line++
				}
			}
			blocks = append(blocks, genBlock{t.k, from, line - 1})
		}
		ex, err := c.runMain(ctx, g, main.String(), blocks, false, promote, "screen")
		if ctx.Err() != nil {
			return fmt.Errorf("complete: %w", ctx.Err())
		}
		if errors.Is(err, ErrUnresolved) && ex != nil {
			// Leave ghost what the copy could not compile, and stop
			// screening the targets whose compiled contract failed.
			generated, changed := c.compileErrors(ex, promote)
			for _, d := range generated {
				if k := g.owner(d.Line); k >= 0 {
					var keep []*target
					for _, t := range todo {
						if t.k != k {
							keep = append(keep, t)
						}
					}
					changed = changed || len(keep) < len(todo)
					todo = keep
				}
			}
			if !changed {
				return nil // not screened: the search goes on unscreened
			}
			continue
		}
		if ex == nil {
			return nil
		}
		c.readScreen(todo, string(ex.Stdout))
		return nil
	}
	return nil
}

// lineOf is the line of byte offset off in src.
func lineOf(src []byte, off int) int {
	return 1 + strings.Count(string(src[:min(off, len(src))]), "\n")
}

// readScreen reads the screen's answers: a target is screened when every
// answer came back and the compiled contract accepts every actual result.
func (c *checker) readScreen(todo []*target, out string) {
	type key struct{ k, j, i int }
	got := map[key]bool{}
	for line := range strings.SplitSeq(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] != "SURETYS" {
			continue
		}
		k, e1 := strconv.Atoi(f[1])
		j, e2 := strconv.Atoi(f[2])
		i, e3 := strconv.Atoi(f[3])
		if e1 != nil || e2 != nil || e3 != nil || (f[4] != "true" && f[4] != "false") {
			continue
		}
		got[key{k, j, i}] = f[4] == "true"
	}
	for _, t := range todo {
		screen := make([][]value, len(t.actual))
		ok := true
		for j, act := range t.actual {
			if act == nil {
				continue
			}
			if acc, seen := got[key{t.k, j, -1}]; !seen || !acc {
				ok = false
				break
			}
			screen[j] = []value{}
			for i, cd := range t.cands[j] {
				acc, seen := got[key{t.k, j, i}]
				if !seen {
					ok = false
					break
				}
				if acc {
					screen[j] = append(screen[j], cd)
				}
			}
		}
		if !ok {
			continue
		}
		t.screen = screen
		t.screenedOut = 0
		for j := range t.cands {
			t.screenedOut += len(t.cands[j]) - len(screen[j])
		}
		// The compiled contract accepts every actual result, and the
		// survivors go straight to the lemmas that verify a witness again
		// alone (each proves the actual result and the other one), taken
		// in turn from each input: no round of lemmas per candidate.
		t.accepted = make([]bool, len(t.actual))
		t.acted = make([]bool, len(t.actual))
		for j, act := range t.actual {
			t.accepted[j] = act != nil
		}
		t.pending = nil
		for i := 0; len(t.pending) < maxScreenedConfirm; i++ {
			more := false
			for j := range screen {
				if i < len(screen[j]) && len(t.pending) < maxScreenedConfirm {
					t.pending = append(t.pending, cand{j, t.split(screen[j][i])})
					more = true
				}
			}
			if !more {
				break
			}
		}
		t.round = len(inputGroups)
		t.tried = len(t.pending)
		t.res.Neighbours = t.tried + t.screenedOut
	}
}

// candidatesFor returns the other results tried on valid input j of t, at
// most limit (see witnessCandidates).
func (c *checker) candidatesFor(t *target, j, limit int) []value {
	var others []value
	for k, a := range t.actual {
		if k != j && a != nil {
			others = append(others, t.whole(a))
		}
	}
	if t.consts == nil {
		t.consts = constants(c.declText(t))
	}
	// The failed uniqueness lemma's model results come first on its input
	// (see cex.go).
	cs := uniqueOther(t.whole(t.actual[j]), append(t.modelCands(j),
		witnessCandidates(t.rtype, t.whole(t.actual[j]), t.valid[j], others, t.consts, limit)...))
	return cs[:min(len(cs), limit)]
}

// declText is the source of t's declaration: header, contract and body.
func (c *checker) declText(t *target) string {
	if t.d.End <= len(c.src) && t.d.Start < t.d.End {
		return string(c.src[t.d.Start:t.d.End])
	}
	return ""
}
