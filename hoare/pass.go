package hoare

import (
	"context"
	"fmt"
	"strings"

	"github.com/suretydev/surety/frontend"
)

type pass struct {
	ctx  context.Context
	in   *Input
	opts *Options
	r    *Report
	base promptData
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
	p.base = promptData{Name: fn.QualifiedName(), Requires: conds(p.in.Contract.Requires), Ensures: conds(p.in.Contract.Ensures)}
	for _, e := range p.in.Callees {
		name := e.Callee
		if n, ok := p.in.CalleeNames[e.Callee]; ok {
			name = n
		}
		p.base.Callees = append(p.base.Callees, fmt.Sprintf("%s (call at line %d): requires %s; ensures %s", name, e.Line, conds(e.Pre), conds(e.Post)))
	}
	pre := "the function has just been called and its contract's requires holds: " + p.base.Requires
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
func (p *pass) code(ss []*frontend.Stmt) string {
	if len(ss) == 0 {
		return ""
	}
	first, last := ss[0].Span, ss[len(ss)-1].Span
	span := frontend.Span{StartByte: lineStart(p.in.Source, first.StartByte), EndByte: last.EndByte}
	lines := strings.Split(span.Text(p.in.Source), "\n")
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

// block asks for the post-condition of a group of statements.
func (p *pass) block(ss []*frontend.Stmt, pre, exit string) (string, error) {
	var out struct {
		Post string `json:"post"`
	}
	if err := p.ask("block", promptData{Pre: pre, Code: p.code(ss), Exit: exit}, postSchema, &out); err != nil {
		return "", err
	}
	span := ss[0].Span
	span.EndLine, span.EndByte = ss[len(ss)-1].Span.EndLine, ss[len(ss)-1].Span.EndByte
	p.step(span, "block", pre, out.Post)
	return out.Post, nil
}

// exit checks that the condition at an exit implies the post-condition, and
// records a potential bug when it does not.
func (p *pass) exit(at frontend.Span, what string, f flow) error {
	c, j, err := p.implies(fmt.Sprintf("exit at line %d: %s", at.StartLine, what), f.cond, p.base.Ensures)
	if err != nil {
		return err
	}
	p.r.Checks = append(p.r.Checks, c)
	if c.Holds {
		return nil
	}
	bug := PotentialBug{
		Function: p.r.Function, Exit: at, ExitText: what, Chain: f.chain,
		Condition: f.cond, Post: p.base.Ensures, DecidedBy: c.DecidedBy,
		Counterexample: j.Counterexample, Trigger: j.Trigger,
	}
	if bug.Counterexample == "" {
		bug.Counterexample = c.Explanation
	}
	p.r.Bugs = append(p.r.Bugs, bug)
	return nil
}
