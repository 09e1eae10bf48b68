package complete

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// This file reads a witness candidate from the failed uniqueness lemma's
// counterexample: when Dafny cannot prove R(x) ∧ E(x, a) ∧ E(x, b) ⇒
// a == b, the solver's model names an input x and two results a, b it
// could not rule out. The input may lie far from every enumerated one
// (requires x > 1000000). The model is a hint, never evidence: a solver
// that gives up on a quantifier returns a model that need not satisfy the
// contract at all. So the model's input is taken as one more input, run
// like the others, and whichever of the model's results differs from what
// the method returned goes through the screen and the witness rounds as a
// candidate like any other: Dafny must prove, in lemmas of their own, that
// the input meets the precondition and that the contract accepts both
// results, and verify the pair again alone, before it is printed. The
// input is never counted as a valid input of its own, and it is dropped
// when uniqueness is proved after all (by induction), so it can give no
// OK.

// uniqNames are the names of the uniqueness lemma's parameters for target
// k: the inputs, then the results a, then the results b. They are unique
// to the target, so its values can be told apart in a model of a file
// that holds every target's lemma.
func uniqNames(k, params, results int) (xs, as, bs []string) {
	for i := range params {
		xs = append(xs, fmt.Sprintf("suretyU%dX%d", k, i))
	}
	for i := range results {
		as = append(as, fmt.Sprintf("suretyU%dA%d", k, i))
		bs = append(bs, fmt.Sprintf("suretyU%dB%d", k, i))
	}
	return xs, as, bs
}

// A modelEntry is one "name -> value" line of a model, with the table
// that follows it when the value is "{" (lines "arg -> value", "else ->
// value").
type modelEntry struct {
	val   string
	table [][2]string
}

// parseModels splits Dafny's /mv model text into its models, each a map
// from name to entry. A Dafny variable's name is kept without Boogie's
// "#0" and "@@N" suffixes ("x#0@@1" is x); a name met twice in one model
// with different values is left out, as ambiguous.
func parseModels(text string) []map[string]modelEntry {
	var out []map[string]modelEntry
	var cur map[string]modelEntry
	bad := map[string]bool{}
	var table *modelEntry
	var tableName string
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "*** MODEL":
			cur, bad, table = map[string]modelEntry{}, map[string]bool{}, nil
			continue
		case line == "*** END_MODEL":
			if cur != nil {
				out = append(out, cur)
			}
			cur, table = nil, nil
			continue
		case cur == nil:
			continue
		}
		if table != nil {
			if line == "}" {
				cur[tableName] = *table
				table = nil
				continue
			}
			if l, r, ok := strings.Cut(line, " -> "); ok {
				table.table = append(table.table, [2]string{strings.TrimSpace(l), strings.TrimSpace(r)})
			}
			continue
		}
		name, val, ok := strings.Cut(line, " -> ")
		if !ok {
			continue
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if val == "{" {
			table, tableName = &modelEntry{}, name
			continue
		}
		if base, _, ok := strings.Cut(name, "#"); ok && base != "" && !strings.HasPrefix(name, "#") {
			name = base
		}
		if bad[name] {
			continue
		}
		if e, seen := cur[name]; seen && e.val != val {
			delete(cur, name)
			bad[name] = true
			continue
		}
		cur[name] = modelEntry{val: val}
	}
	return out
}

var modelIntRE = regexp.MustCompile(`^(?:(-?\d+)|\(- (\d+)\))$`)

// modelValue reads the model's value of a variable of type ty: integers
// ("7", "(- 7)"), booleans, and characters through the model's char#FromInt
// or char#ToInt table. ok is false for any other type or form.
func modelValue(m map[string]modelEntry, val string, ty *dtype) (value, bool) {
	switch ty.kind {
	case tInt, tNat:
		g := modelIntRE.FindStringSubmatch(val)
		if g == nil {
			return value{}, false
		}
		s := g[1]
		if s == "" {
			s = "-" + g[2]
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || ty.kind == tNat && n < 0 {
			return value{}, false
		}
		return value{t: ty, i: n}, true
	case tBool:
		if val != "true" && val != "false" {
			return value{}, false
		}
		return value{t: ty, b: val == "true"}, true
	case tChar:
		code := ""
		for _, row := range m["char#FromInt"].table {
			if row[1] == val && row[0] != "else" {
				code = row[0]
			}
		}
		for _, row := range m["char#ToInt"].table {
			if code == "" && row[0] == val {
				code = row[1]
			}
		}
		n, err := strconv.ParseInt(code, 10, 32)
		if err != nil || n < 0 || n > 0x10FFFF || n >= 0xD800 && n < 0xE000 {
			return value{}, false
		}
		return value{t: ty, c: rune(n)}, true
	}
	return value{}, false
}

// fromModel reads, from the first model of text that gives them all, the
// values of target t's uniqueness lemma parameters: the input and the two
// results. ok is false when no model does (a type it cannot read among
// them, or no model of this lemma).
func fromModel(text string, t *target) (in, a, b []value, ok bool) {
	xs, as, bs := uniqNames(t.k, len(t.params), len(t.results))
	for _, m := range parseModels(text) {
		read := func(names []string, types []*dtype) ([]value, bool) {
			var vs []value
			for i, n := range names {
				e, seen := m[n]
				if !seen {
					return nil, false
				}
				v, ok := modelValue(m, e.val, types[i])
				if !ok {
					return nil, false
				}
				vs = append(vs, v)
			}
			return vs, true
		}
		in, ok1 := read(xs, t.params)
		a, ok2 := read(as, t.results)
		b, ok3 := read(bs, t.results)
		if ok1 && ok2 && ok3 {
			return in, a, b, true
		}
	}
	return nil, nil, nil, false
}

// modelReadable reports whether a model's value of type ty can be read.
func modelReadable(ty *dtype) bool {
	switch ty.kind {
	case tInt, tNat, tBool, tChar:
		return true
	}
	return false
}

// modelPass asks Dafny again, in one run of their own, for the uniqueness
// lemmas of ts that failed, this time keeping the models of their
// failures, and returns what each model gave, by target. Only targets that
// can be run, whose parameters and results are all of types a model's
// value can be read as, are asked. It changes no target, so it may run
// beside the input pass. The lemmas are not folded into the proof pass:
// Dafny 2.3 writes the model file from every prover thread at once and
// fails with a sharing violation, so a run with models verifies one
// lemma at a time. Any failure of the run gives no models, never an
// error: the models only add candidates.
func (c *checker) modelPass(ctx context.Context, ts []*target) map[int]*modelCex {
	mv, ok := c.tool.(ModelVerifier)
	if !ok {
		return nil
	}
	g := newGenFile()
	var asked []*target
	for _, t := range ts {
		if t.uniq != Failed || !t.exec {
			continue
		}
		readable := true
		for _, ty := range append(append([]*dtype(nil), t.params...), t.results...) {
			readable = readable && modelReadable(ty)
		}
		if !readable {
			continue
		}
		c.predicates(g, t)
		c.uniqLemma(g, t)
		asked = append(asked, t)
	}
	if len(asked) == 0 {
		return nil
	}
	start := time.Now()
	v, err := mv.VerifyModel(ctx, File{Name: "check.dfy", Content: []byte(g.b.String())}, c.input)
	c.ran("model", start)
	if err != nil || v == nil || v.Model == "" {
		return nil
	}
	out := map[int]*modelCex{}
	for _, t := range asked {
		if v.Status(fmt.Sprintf("SuretyUniq%d", t.k)) != Failed {
			continue
		}
		if in, a, b, ok := fromModel(v.Model, t); ok {
			out[t.k] = &modelCex{in: in, a: a, b: b}
		}
	}
	return out
}

// takeModel adds the model's input to the inputs t is run on, unless it is
// one of them already, and keeps the model's two results as candidates
// for it (see modelCands). It is called after the input pass, before the
// run pass; the input stays out of t.res.Inputs.
func (c *checker) takeModel(t *target) {
	if t.model == nil || !t.exec || t.uniq != Failed {
		return
	}
	key := inputKey(t.model.in)
	for j, x := range t.valid {
		if inputKey(x) == key {
			t.modelAt = j // proved valid already: only the candidates
			return
		}
	}
	t.valid = append(t.valid, t.model.in)
	t.modelJ = len(t.valid) - 1
	t.modelAt = t.modelJ
}

// dropModel takes the model's input back out of t's inputs, with what was
// found on it: uniqueness was proved after all, and an input Dafny did
// not prove valid must not stand behind an OK.
func (c *checker) dropModel(t *target) {
	j := t.modelJ
	if j < 0 {
		return
	}
	t.modelJ, t.modelAt = -1, -1
	cut := func(vs [][]value) [][]value {
		if j < len(vs) {
			return append(vs[:j:j], vs[j+1:]...)
		}
		return vs
	}
	t.valid, t.actual, t.cands, t.screen = cut(t.valid), cut(t.actual), cut(t.cands), cut(t.screen)
}

// modelCands are the model's results, as the results taken together, that
// differ from what the method returned on the model's input, when that is
// input j.
func (t *target) modelCands(j int) []value {
	if j != t.modelAt || t.model == nil || j >= len(t.actual) || t.actual[j] == nil {
		return nil
	}
	act := t.whole(t.actual[j])
	return uniqueOther(act, []value{t.whole(t.model.a), t.whole(t.model.b)})
}

// A modelCex is what a failed uniqueness lemma's model gave: an input and
// two results.
type modelCex struct {
	in, a, b []value
}
