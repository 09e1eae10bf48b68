package hoare

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/suretydev/surety/smt"
)

// declaredFun matches a declare-fun with its argument sorts.
var declaredFun = regexp.MustCompile(`\(\s*declare-fun\s+(\|[^|]*\||[^\s()]+)\s*\(([^)]*)\)`)

// uninterpreted returns the functions of arity one or more that decls
// declares without defining: the notions the sentence left undefined.
func uninterpreted(decls string) []string {
	var out []string
	for _, m := range declaredFun.FindAllStringSubmatch(decls, -1) {
		if strings.TrimSpace(m[2]) != "" {
			out = append(out, m[1])
		}
	}
	return out
}

// Implies decides whether the premise implies the goal: by the solver when
// the model's translation into SMT-LIB is closed (technique 5), otherwise
// by the model in natural language, and the check says why.
func (m *ModelStepper) Implies(ctx context.Context, s *Implication) (*Judgement, error) {
	j := &Judgement{Check: Check{What: s.What, Premise: s.Premise, Goal: s.Goal}}
	c := &j.Check
	d := promptData{What: s.What, Premise: s.Premise, Goal: s.Goal}
	if m.Solver == nil {
		c.WhySentences = "no solver configured"
	} else {
		var tr translateReply
		cost, err := m.ask(ctx, s.In, "translate", d, translateSchema, &tr)
		j.add(cost)
		if err != nil {
			return j, err
		}
		ufs := uninterpreted(tr.Declarations)
		for _, u := range tr.Uninterpreted {
			if !slices.Contains(ufs, u) {
				ufs = append(ufs, u)
			}
		}
		if len(ufs) > 0 {
			sort.Strings(ufs)
			c.WhySentences = "the formula uses uninterpreted functions: " + strings.Join(ufs, ", ")
		} else {
			formula := tr.Declarations + "\n(assert " + tr.Premise + ")\n(assert (not " + tr.Goal + "))"
			res, err := m.Solver.Check(ctx, &smt.Query{Script: formula, Values: constants(tr.Declarations)})
			switch {
			case err != nil:
				if ctx.Err() != nil {
					return j, ctx.Err()
				}
				c.WhySentences = "the solver rejected the translation: " + firstLine(err.Error())
			case res.Status == smt.Unsat:
				c.Holds, c.DecidedBy, c.Formula = true, BySolver, formula
				c.Explanation = res.Solver + ": no state satisfies the premise and violates the goal"
				return j, nil
			case res.Status == smt.Sat:
				c.Holds, c.DecidedBy, c.Formula = false, BySolver, formula
				c.Explanation = res.Solver + " counterexample: " + formatModel(res.Model)
				j.Counterexample = formatModel(res.Model)
				j.Trigger = "inputs for which " + tr.Premise + " holds and " + tr.Goal + " does not"
				return j, nil
			default:
				c.WhySentences = "the solver answered unknown: " + res.Reason
			}
		}
	}
	var r judgeReply
	cost, err := m.ask(ctx, s.In, "implies", d, judgeSchema, &r)
	j.add(cost)
	if err != nil {
		return j, err
	}
	c.Holds, c.DecidedBy, c.Explanation = r.Holds, ByModel, r.Explanation
	j.Counterexample, j.Trigger = r.Counterexample, r.Trigger
	return j, nil
}

var declaredConst = regexp.MustCompile(`\(\s*declare-(?:const\s+(\|[^|]*\||[^\s()]+)|fun\s+(\|[^|]*\||[^\s()]+)\s*\(\s*\))`)

// constants lists the constants a declaration block declares, for the
// counterexample.
func constants(decls string) []string {
	var out []string
	for _, m := range declaredConst.FindAllStringSubmatch(decls, -1) {
		name := m[1]
		if name == "" {
			name = m[2]
		}
		out = append(out, name)
	}
	return out
}

func formatModel(m map[string]smt.Value) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s = %s", k, m[k].Text)
	}
	return strings.Join(parts, ", ")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
