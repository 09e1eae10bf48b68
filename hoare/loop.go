package hoare

import (
	"github.com/suretydev/surety/frontend"
)

// loop is technique 4: the model states the loop's post-condition first,
// then looks for an invariant that justifies it with the three checks; a
// post-condition no invariant justifies is replaced by another.
func (p *pass) loop(s *frontend.Stmt, in flow) (flow, error) {
	outcome := LoopOutcome{Span: s.Span}
	cond := s.Cond
	if cond == "" {
		cond = "true (the loop ends only by break, return or exit)"
	}
	base := promptData{Pre: in.cond, Code: p.code([]*frontend.Stmt{s}), Cond: cond, LoopKind: s.LoopKind}
	var rejectedPosts []string
	var found string // the invariant that passed
	for range p.opts.postTries() {
		var post struct {
			Post string `json:"post"`
		}
		d := base
		d.Rejected = rejectedPosts
		if err := p.ask("loop-post", d, postSchema, &post); err != nil {
			return in, err
		}
		attempt := LoopAttempt{Post: post.Post}
		var rejectedInvs []string
		for range p.opts.invariantTries() {
			var inv struct {
				Invariant string `json:"invariant"`
			}
			d := base
			d.Post, d.Rejected = post.Post, rejectedInvs
			if err := p.ask("invariant", d, invariantSchema, &inv); err != nil {
				return in, err
			}
			trial, err := p.tryInvariant(base, inv.Invariant, post.Post, cond)
			if err != nil {
				return in, err
			}
			attempt.Invariants = append(attempt.Invariants, trial)
			if trial.Valid {
				found = inv.Invariant
				break
			}
			rejectedInvs = append(rejectedInvs, inv.Invariant+" (failed: "+failed(trial)+")")
		}
		outcome.Attempts = append(outcome.Attempts, attempt)
		if found != "" {
			outcome.Post, outcome.Found = post.Post, true
			break
		}
		rejectedPosts = append(rejectedPosts, post.Post)
	}

	// Exits inside the body are checked once, from the invariant and the
	// loop condition (or, with no invariant, from what held before the
	// loop together with the condition: an under-approximation of the
	// states of later iterations, said so in the step).
	bodyPre := in.cond + "\nand the loop condition (" + cond + ") is true (first iteration; no invariant was found for later ones)"
	if found != "" {
		bodyPre = found + "\nand the loop condition (" + cond + ") is true"
	}
	if _, err := p.stmts(s.Body, in.then(bodyPre)); err != nil {
		return in, err
	}

	after := outcome.Post
	if !outcome.Found {
		// No post-condition was justified: go on with what is certainly
		// true, the loop condition's negation where the loop has one.
		after = in.cond + "\nexcept that anything the loop assigns may have changed; the loop has finished"
		if s.Cond != "" {
			after += " and (" + s.Cond + ") is false, unless it was left by break"
		}
		outcome.Post = after
	}
	p.r.Loops = append(p.r.Loops, outcome)
	p.step(s.Span, "loop", in.cond, after)
	return in.then(after), nil
}

// tryInvariant runs the three checks of an invariant, in order, and stops
// at the first that fails: the later ones are recorded as not run.
func (p *pass) tryInvariant(base promptData, inv, post, cond string) (InvariantTrial, error) {
	t := InvariantTrial{Invariant: inv}
	t.Maintained = Check{What: "invariant: maintained by one iteration", Premise: inv + " and " + cond, Goal: inv}
	t.Sufficient = Check{What: "invariant: with the negated loop condition implies the post-condition",
		Premise: inv + "\nand the loop condition (" + cond + ") is false", Goal: post}
	var err error
	if t.Initiation, _, err = p.implies("invariant: implied by the loop's pre-condition", base.Pre, inv); err != nil {
		return t, err
	}
	if !t.Initiation.Holds {
		t.Maintained.Explanation, t.Sufficient.Explanation = notRun, notRun
		return t, nil
	}
	d := base
	d.Invariant = inv
	var j judgeReply
	if err := p.ask("maintain", d, judgeSchema, &j); err != nil {
		return t, err
	}
	t.Maintained.Holds, t.Maintained.DecidedBy, t.Maintained.Explanation = j.Holds, ByModel, j.Explanation
	t.Maintained.WhySentences = "an iteration is reasoned about over the body's code, not as a formula"
	if !t.Maintained.Holds {
		t.Sufficient.Explanation = notRun
		return t, nil
	}
	if t.Sufficient, _, err = p.implies(t.Sufficient.What, t.Sufficient.Premise, post); err != nil {
		return t, err
	}
	t.Valid = t.Sufficient.Holds
	return t, nil
}

const notRun = "not run: an earlier check failed"

func failed(t InvariantTrial) string {
	var out []string
	for _, c := range []Check{t.Initiation, t.Maintained, t.Sufficient} {
		if !c.Holds && c.Explanation != notRun {
			out = append(out, c.What)
		}
	}
	s := ""
	for i, o := range out {
		if i > 0 {
			s += "; "
		}
		s += o
	}
	return s
}
