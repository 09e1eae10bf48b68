package hoare

import (
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

// implies decides whether premise implies goal: by the solver when the
// model's translation is closed (technique 5), otherwise by the model in
// natural language. The judgement reply is returned too when the model
// decided, for its counterexample and trigger.
func (p *pass) implies(what, premise, goal string) (Check, judgeReply, error) {
	c := Check{What: what, Premise: premise, Goal: goal}
	if p.opts.Solver == nil {
		c.WhySentences = "no solver configured"
	} else {
		var tr translateReply
		if err := p.ask("translate", promptData{What: what, Premise: premise, Goal: goal}, translateSchema, &tr); err != nil {
			return c, judgeReply{}, err
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
			res, err := p.opts.Solver.Check(p.ctx, &smt.Query{Script: formula, Values: constants(tr.Declarations)})
			switch {
			case err != nil:
				if p.ctx.Err() != nil {
					return c, judgeReply{}, p.ctx.Err()
				}
				c.WhySentences = "the solver rejected the translation: " + firstLine(err.Error())
			case res.Status == smt.Unsat:
				c.Holds, c.DecidedBy, c.Formula = true, BySolver, formula
				c.Explanation = res.Solver + ": no state satisfies the premise and violates the goal"
				return c, judgeReply{}, nil
			case res.Status == smt.Sat:
				c.Holds, c.DecidedBy, c.Formula = false, BySolver, formula
				c.Explanation = res.Solver + " counterexample: " + formatModel(res.Model)
				return c, judgeReply{Counterexample: formatModel(res.Model),
					Trigger: "inputs for which " + tr.Premise + " holds and " + tr.Goal + " does not"}, nil
			default:
				c.WhySentences = "the solver answered unknown: " + res.Reason
			}
		}
	}
	var j judgeReply
	if err := p.ask("implies", promptData{What: what, Premise: premise, Goal: goal}, judgeSchema, &j); err != nil {
		return c, j, err
	}
	c.Holds, c.DecidedBy, c.Explanation = j.Holds, ByModel, j.Explanation
	return c, j, nil
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
