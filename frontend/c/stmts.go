package c

import (
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// bodies builds the statement tree of every definition.
func (x *extractor) bodies() {
	for _, fn := range x.defs {
		if fn.body.IsNull() {
			continue
		}
		b := &stmtBuilder{x: x, fn: fn}
		if len(fn.Specs) > 0 {
			b.specAt = make(map[int]int, len(fn.Specs))
			for i, s := range fn.Specs {
				b.specAt[s.Span.StartByte] = i
			}
		}
		fn.Body = b.stmt(fn.body, 0)
	}
}

type stmtBuilder struct {
	x      *extractor
	fn     *function
	specAt map[int]int // start byte of a spec call -> index in fn.Specs
}

// maxDepth bounds the nesting followed, so that a pathological input
// cannot exhaust the stack; deeper statements are kept as simple ones.
const maxDepth = 2000

// stmt converts one statement node. It returns nil for nodes that are not
// statements (comments, errors, preprocessor directives).
func (b *stmtBuilder) stmt(n tsutil.Node, depth int) *frontend.Stmt {
	x := b.x
	s := &frontend.Stmt{Span: x.span(n)}
	if depth > maxDepth {
		s.Kind, s.Text = frontend.StmtSimple, x.text(n)
		return s
	}
	switch kindOf(n) {
	case kCompound:
		s.Kind = frontend.StmtBlock
		s.Body = b.list(n, depth)
	case kExprStmt:
		s.Kind, s.Text = frontend.StmtSimple, x.text(n)
		if e := firstNamed(n); kindOf(e) == kCall {
			callee := e.ChildByField(fFunction)
			if kindOf(callee) == kIdentifier && throwNames[x.text(callee)] {
				s.Kind, s.Text = frontend.StmtThrow, x.text(e)
			}
			if i, ok := b.specAt[int(e.StartByte())]; ok {
				sp := b.fn.Specs[i]
				s.Spec = &sp
			}
		}
	case kDeclaration, kAttributedSt:
		s.Kind, s.Text = frontend.StmtSimple, x.text(n)
	case kIf:
		s.Kind, s.Cond = frontend.StmtIf, x.cond(n.ChildByField(fCondition))
		s.Body = b.branch(n.ChildByField(fConsequence), depth)
		if alt := n.ChildByField(fAlternative); !alt.IsNull() {
			if kindOf(alt) == kElse {
				alt = firstNamed(alt)
			}
			s.Else = b.branch(alt, depth)
		}
	case kFor:
		s.Kind, s.LoopKind = frontend.StmtLoop, "for"
		s.Cond = x.text(n.ChildByField(fCondition))
		body := n.ChildByField(fBody)
		if !body.IsNull() {
			s.Text = strings.TrimSpace(string(x.src[n.StartByte():body.StartByte()]))
		}
		s.Body = b.branch(body, depth)
	case kWhile:
		s.Kind, s.LoopKind = frontend.StmtLoop, "while"
		s.Cond = x.cond(n.ChildByField(fCondition))
		s.Body = b.branch(n.ChildByField(fBody), depth)
	case kDo:
		s.Kind, s.LoopKind = frontend.StmtLoop, "do"
		s.Cond = x.cond(n.ChildByField(fCondition))
		s.Body = b.branch(n.ChildByField(fBody), depth)
	case kSwitch:
		s.Kind, s.Cond = frontend.StmtSwitch, x.cond(n.ChildByField(fCondition))
		s.Body = b.branch(n.ChildByField(fBody), depth)
	case kCase:
		s.Kind = frontend.StmtCase
		value := n.ChildByField(fValue)
		s.Cond = x.text(value)
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if !value.IsNull() && c.StartByte() == value.StartByte() && c.EndByte() == value.EndByte() {
				continue
			}
			b.add(&s.Body, c, depth)
		}
	case kReturn:
		s.Kind, s.Text = frontend.StmtReturn, x.text(firstNamed(n))
	case kBreak:
		s.Kind = frontend.StmtBreak
	case kContinue:
		s.Kind = frontend.StmtContinue
	case kGoto:
		s.Kind, s.Label = frontend.StmtGoto, x.text(n.ChildByField(fLabel))
	case kLabeled:
		s.Kind, s.Label = frontend.StmtLabel, x.text(n.ChildByField(fLabel))
		for i := 0; i < int(n.ChildCount()); i++ {
			if c := n.Child(i); c.IsNamed() && n.FieldForChild(i) != fLabel {
				b.add(&s.Body, c, depth)
			}
		}
	default:
		if n.IsError() || n.IsMissing() || !n.IsNamed() {
			return nil
		}
		switch kindOf(n) {
		case kComment, kPreprocOther, kPreprocCond, kIdentifier:
			return nil
		}
		// Any other statement (asm, __try, a lone expression in a broken
		// file) is simple.
		s.Kind, s.Text = frontend.StmtSimple, x.text(n)
	}
	return s
}

// list converts the statements of a block or of a preprocessor
// conditional's branches, in source order.
//
// An iteration macro, list_for_each_entry(pos, head, member) { ... }, reads
// to the parser as a call missing its semicolon followed by a statement;
// the two become one loop with LoopKind "macro" and the invocation as its
// Cond, when the macro's name has "for_each" in it or starts with "for_".
func (b *stmtBuilder) list(n tsutil.Node, depth int) []*frontend.Stmt {
	var out []*frontend.Stmt
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		c := n.NamedChild(i)
		if i+1 < count {
			if call := b.loopMacro(c); !call.IsNull() {
				next := n.NamedChild(i + 1)
				if k := kindOf(next); k != kComment && k != kPreprocCond && k != kPreprocOther && !next.IsError() {
					s := &frontend.Stmt{Kind: frontend.StmtLoop, LoopKind: "macro", Span: b.x.span(c), Cond: b.x.text(call)}
					end := b.x.span(next)
					s.Span.EndByte, s.Span.EndLine, s.Span.EndCol = end.EndByte, end.EndLine, end.EndCol
					s.Body = b.branch(next, depth+1)
					out = append(out, s)
					i++
					continue
				}
			}
		}
		b.add(&out, c, depth)
	}
	return out
}

// loopMacro returns the call of an expression statement that is an
// iteration macro missing its semicolon, or null.
func (b *stmtBuilder) loopMacro(n tsutil.Node) tsutil.Node {
	if kindOf(n) != kExprStmt {
		return tsutil.Node{}
	}
	last := n.Child(int(n.ChildCount()) - 1)
	if last.IsNull() || !last.IsMissing() {
		return tsutil.Node{}
	}
	call := firstNamed(n)
	if kindOf(call) != kCall {
		return tsutil.Node{}
	}
	name := b.x.text(call.ChildByField(fFunction))
	if !strings.Contains(name, "for_each") && !strings.HasPrefix(name, "for_") {
		return tsutil.Node{}
	}
	return call
}

// add appends the statement c to out; the statements of a preprocessor
// conditional are appended in its place, every branch in order.
func (b *stmtBuilder) add(out *[]*frontend.Stmt, c tsutil.Node, depth int) {
	if kindOf(c) == kPreprocCond {
		for i := 0; i < int(c.ChildCount()); i++ {
			switch c.FieldForChild(i) {
			case fCondition, fName:
				continue
			}
			if k := c.Child(i); k.IsNamed() {
				b.add(out, k, depth+1)
			}
		}
		return
	}
	if s := b.stmt(c, depth+1); s != nil {
		*out = append(*out, s)
	}
}

// branch converts the body of an if, loop or switch: the statements of a
// block, or the one statement.
func (b *stmtBuilder) branch(n tsutil.Node, depth int) []*frontend.Stmt {
	if n.IsNull() {
		return nil
	}
	if kindOf(n) == kCompound {
		return b.list(n, depth+1)
	}
	var out []*frontend.Stmt
	b.add(&out, n, depth)
	return out
}

// cond returns the text of a condition without its parentheses.
func (x *extractor) cond(n tsutil.Node) string {
	t := strings.TrimSpace(x.text(n))
	if kindOf(n) == kParen && strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		t = strings.TrimSpace(t[1 : len(t)-1])
	}
	return t
}

// firstNamed returns the first named child of n that is not a comment.
func firstNamed(n tsutil.Node) tsutil.Node {
	for i := 0; i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); kindOf(c) != kComment {
			return c
		}
	}
	return tsutil.Node{}
}
