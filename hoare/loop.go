package hoare

import (
	"context"

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
	base := LoopStep{In: p.in, Loop: s, Pre: in.cond, Cond: cond}
	var rejectedPosts []string
	var found string // the invariant that passed
	for range p.opts.postTries() {
		d := base
		d.Rejected = rejectedPosts
		post, err := p.propose(func(ctx context.Context) (*Proposal, error) { return p.stepper.LoopPost(ctx, &d) })
		if err != nil {
			return in, err
		}
		attempt := LoopAttempt{Post: post}
		var rejectedInvs []string
		for range p.opts.invariantTries() {
			d := base
			d.Post, d.Rejected = post, rejectedInvs
			inv, err := p.propose(func(ctx context.Context) (*Proposal, error) { return p.stepper.Invariant(ctx, &d) })
			if err != nil {
				return in, err
			}
			trial, err := p.tryInvariant(base, inv, post)
			if err != nil {
				return in, err
			}
			attempt.Invariants = append(attempt.Invariants, trial)
			if trial.Valid {
				found = inv
				break
			}
			rejectedInvs = append(rejectedInvs, inv+" (failed: "+failed(trial)+")")
		}
		outcome.Attempts = append(outcome.Attempts, attempt)
		if found != "" {
			outcome.Post, outcome.Found = post, true
			break
		}
		rejectedPosts = append(rejectedPosts, post)
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
func (p *pass) tryInvariant(base LoopStep, inv, post string) (InvariantTrial, error) {
	cond := base.Cond
	t := InvariantTrial{Invariant: inv}
	t.Maintained = Check{What: "invariant: maintained by one iteration", Premise: inv + " and " + cond, Goal: inv}
	t.Sufficient = Check{What: "invariant: with the negated loop condition implies the post-condition",
		Premise: inv + "\nand the loop condition (" + cond + ") is false", Goal: post}
	j, err := p.implies("invariant: implied by the loop's pre-condition", base.Pre, inv)
	if err != nil {
		return t, err
	}
	if t.Initiation = j.Check; !t.Initiation.Holds {
		t.Maintained.Explanation, t.Sufficient.Explanation = notRun, notRun
		return t, nil
	}
	d := base
	d.Post, d.Invariant = post, inv
	j, err = p.judge(t.Maintained.What, t.Maintained.Premise, t.Maintained.Goal,
		func(ctx context.Context) (*Judgement, error) { return p.stepper.Maintained(ctx, &d) })
	if err != nil {
		return t, err
	}
	if t.Maintained = j.Check; !t.Maintained.Holds {
		t.Sufficient.Explanation = notRun
		return t, nil
	}
	if j, err = p.implies(t.Sufficient.What, t.Sufficient.Premise, post); err != nil {
		return t, err
	}
	t.Sufficient = j.Check
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
