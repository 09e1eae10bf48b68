package hoare

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/suretydev/surety/frontend"
)

type pass struct {
	ctx     context.Context
	in      *Input
	opts    *Options
	stepper Stepper
	r       *Report
	ensures string
}

// flow is the state of one path through the body: the condition that
// holds, and the chain of conditions that led to it. A dead flow is one
// that left the function (or the loop body) before this point.
type flow struct {
	cond  string
	chain []string
	live  bool
}

func (f flow) then(cond string) flow {
	return flow{cond: cond, chain: append(append([]string(nil), f.chain...), cond), live: true}
}

func (p *pass) run() error {
	fn := p.in.Func
	p.ensures = conds(p.in.Contract.Ensures)
	pre := "the function has just been called and its contract's requires holds: " + conds(p.in.Contract.Requires)
	out, err := p.stmts(fn.Body.Body, flow{cond: pre, chain: []string{pre}, live: true})
	if err != nil {
		return err
	}
	if out.live {
		end := fn.Body.Span
		end.StartLine, end.StartByte = end.EndLine, end.EndByte
		return p.exit(end, "the end of the function body", out)
	}
	return nil
}

// stmts reasons through a statement list, grouping simple statements into
// blocks of at most BlockLines lines.
func (p *pass) stmts(list []*frontend.Stmt, in flow) (flow, error) {
	var block []*frontend.Stmt
	cur := in
	flush := func(exit string) error {
		if len(block) == 0 || !cur.live {
			block = nil
			return nil
		}
		post, err := p.block(block, cur.cond, exit)
		if err != nil {
			return err
		}
		cur = cur.then(post)
		block = nil
		return nil
	}
	lines := func(ss []*frontend.Stmt) int {
		if len(ss) == 0 {
			return 0
		}
		return ss[len(ss)-1].Span.EndLine - ss[0].Span.StartLine + 1
	}
	for _, s := range list {
		if !cur.live {
			break
		}
		switch s.Kind {
		case frontend.StmtSimple, frontend.StmtGoto:
			if len(block) > 0 && lines(append(block, s)) > p.opts.blockLines() {
				if err := flush(""); err != nil {
					return cur, err
				}
			}
			block = append(block, s)
		case frontend.StmtReturn, frontend.StmtThrow:
			// The exit statement ends the block before it: the block's
			// post-condition is the exit's condition.
			if len(block) > 0 && lines(append(block, s)) > p.opts.blockLines() {
				if err := flush(""); err != nil {
					return cur, err
				}
			}
			block = append(block, s)
			what := "return"
			if s.Kind == frontend.StmtThrow {
				what = "abnormal exit (panic, abort or exit)"
			}
			if err := flush(what); err != nil {
				return cur, err
			}
			if err := p.exit(s.Span, strings.TrimSpace(p.text(s)), cur); err != nil {
				return cur, err
			}
			cur.live = false
		default:
			if err := flush(""); err != nil {
				return cur, err
			}
			next, err := p.compound(s, cur)
			if err != nil {
				return cur, err
			}
			cur = next
		}
	}
	if err := flush(""); err != nil {
		return cur, err
	}
	return cur, nil
}

// compound reasons about a statement with structure: blocks, branches,
// switches and loops.
func (p *pass) compound(s *frontend.Stmt, in flow) (flow, error) {
	switch s.Kind {
	case frontend.StmtBlock, frontend.StmtLabel:
		return p.stmts(s.Body, in)
	case frontend.StmtIf:
		thenIn := in.then(in.cond + "\nand the condition (" + s.Cond + ") is true")
		elseIn := in.then(in.cond + "\nand the condition (" + s.Cond + ") is false")
		p.step(s.Span, "then", in.cond, thenIn.cond)
		t, err := p.stmts(s.Body, thenIn)
		if err != nil {
			return in, err
		}
		e, err := p.stmts(s.Else, elseIn)
		if err != nil {
			return in, err
		}
		return p.join(s.Span, []flow{t, e}), nil
	case frontend.StmtSwitch:
		var outs []flow
		hasDefault := false
		var labels []string
		for _, c := range s.Body {
			if c.Cond == "" {
				hasDefault = true
				continue
			}
			labels = append(labels, c.Cond)
		}
		for _, c := range s.Body {
			guard := "(" + s.Cond + ") matches (" + c.Cond + ")"
			if c.Cond == "" {
				guard = "(" + s.Cond + ") matches none of: " + strings.Join(labels, ", ")
			}
			out, err := p.stmts(c.Body, in.then(in.cond+"\nand "+guard))
			if err != nil {
				return in, err
			}
			outs = append(outs, out)
		}
		if !hasDefault {
			outs = append(outs, in.then(in.cond+"\nand ("+s.Cond+") matches none of: "+strings.Join(labels, ", ")))
		}
		return p.join(s.Span, outs), nil
	case frontend.StmtLoop:
		return p.loop(s, in)
	case frontend.StmtBreak, frontend.StmtContinue:
		// The path leaves the body here; what holds after the loop comes
		// from the loop's post-condition and invariant.
		out := in
		out.live = false
		return out, nil
	case frontend.StmtCase:
		return p.stmts(s.Body, in)
	}
	return in, nil
}

// join is the condition after a branch: the disjunction of the conditions
// of the paths still live.
func (p *pass) join(span frontend.Span, outs []flow) flow {
	var live []flow
	for _, o := range outs {
		if o.live {
			live = append(live, o)
		}
	}
	switch len(live) {
	case 0:
		return flow{live: false}
	case 1:
		return live[0]
	}
	parts := make([]string, len(live))
	for i, o := range live {
		parts[i] = fmt.Sprintf("(%s)", o.cond)
	}
	cond := "one of these holds:\n" + strings.Join(parts, "\nor\n")
	out := live[0].then(cond)
	p.step(span, "join", "", cond)
	return out
}

func (p *pass) step(span frontend.Span, kind, pre, post string) {
	p.r.Steps = append(p.r.Steps, Step{Span: span, Kind: kind, Pre: pre, Post: post})
}

func (p *pass) text(s *frontend.Stmt) string { return s.Span.Text(p.in.Source) }

// code shows statements as numbered source lines.
func code(src []byte, ss []*frontend.Stmt) string {
	if len(ss) == 0 {
		return ""
	}
	first, last := ss[0].Span, ss[len(ss)-1].Span
	span := frontend.Span{StartByte: lineStart(src, first.StartByte), EndByte: last.EndByte}
	lines := strings.Split(span.Text(src), "\n")
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "%5d  %s\n", first.StartLine+i, l)
	}
	return b.String()
}

func lineStart(src []byte, i int) int {
	for i > 0 && i <= len(src) && src[i-1] != '\n' {
		i--
	}
	return i
}

// spend counts what a step cost in the report.
func (p *pass) spend(c Cost) {
	p.r.Requests += c.Requests
	p.r.Usage.PromptTokens += c.Usage.PromptTokens
	p.r.Usage.CompletionTokens += c.Usage.CompletionTokens
}

// propose takes a step that writes a condition, counting its cost.
func (p *pass) propose(step func(context.Context) (*Proposal, error)) (string, error) {
	prop, err := step(p.ctx)
	if prop != nil {
		p.spend(prop.Cost)
	}
	if err != nil {
		return "", err
	}
	if prop == nil {
		return "", errors.New("hoare: the stepper proposed nothing")
	}
	return prop.Text, nil
}

// judge takes a step that decides a check, counting its cost; the check
// says what was asked, whatever the stepper put there.
func (p *pass) judge(what, premise, goal string, step func(context.Context) (*Judgement, error)) (*Judgement, error) {
	j, err := step(p.ctx)
	if j != nil {
		p.spend(j.Cost)
	}
	if err != nil {
		return nil, err
	}
	if j == nil {
		return nil, errors.New("hoare: the stepper judged nothing")
	}
	j.Check.What, j.Check.Premise, j.Check.Goal = what, premise, goal
	return j, nil
}

// implies asks the stepper whether premise implies goal.
func (p *pass) implies(what, premise, goal string) (*Judgement, error) {
	return p.judge(what, premise, goal, func(ctx context.Context) (*Judgement, error) {
		return p.stepper.Implies(ctx, &Implication{In: p.in, What: what, Premise: premise, Goal: goal})
	})
}

// block asks for the post-condition of a group of statements.
func (p *pass) block(ss []*frontend.Stmt, pre, exit string) (string, error) {
	b := &BlockStep{In: p.in, Stmts: ss, Pre: pre, Exit: exit}
	post, err := p.propose(func(ctx context.Context) (*Proposal, error) { return p.stepper.Block(ctx, b) })
	if err != nil {
		return "", err
	}
	p.step(b.Span(), "block", pre, post)
	return post, nil
}

// exit checks that the condition at an exit implies the post-condition, and
// records a potential bug when it does not.
func (p *pass) exit(at frontend.Span, what string, f flow) error {
	j, err := p.implies(fmt.Sprintf("exit at line %d: %s", at.StartLine, what), f.cond, p.ensures)
	if err != nil {
		return err
	}
	c := j.Check
	p.r.Checks = append(p.r.Checks, c)
	if c.Holds {
		return nil
	}
	bug := PotentialBug{
		Function: p.r.Function, Exit: at, ExitText: what, Chain: f.chain,
		Condition: f.cond, Post: p.ensures, DecidedBy: c.DecidedBy,
		Counterexample: j.Counterexample, Trigger: j.Trigger,
	}
	if bug.Counterexample == "" {
		bug.Counterexample = c.Explanation
	}
	p.r.Bugs = append(p.r.Bugs, bug)
	return nil
}
