package rust

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// fnBody builds the statement tree of a function body; its tail
// expression is the function's return.
func (x *extractor) fnBody(body *sitter.Node) *frontend.Stmt {
	return &frontend.Stmt{Kind: frontend.StmtBlock, Span: x.span(body), Body: x.block(body, true)}
}

// block returns the statements of a block node. When tail is set, the
// block's value is what the function returns.
func (x *extractor) block(b *sitter.Node, tail bool) []*frontend.Stmt {
	ks := x.kidsCopy(b)
	// The tail expression is the last child that is neither a delimiter,
	// a comment nor a statement.
	last := -1
	for i := len(ks) - 1; i >= 0; i-- {
		k := kindOf(ks[i])
		if k == tRBrace || k == kLineComment || k == kBlockComment {
			continue
		}
		if k == kExpressionStatement {
			// An expression ending in a block (if, match) stands as a
			// statement even without a semicolon; then it is the tail.
			if n := ks[i].ChildCount(); n > 0 && kindOf(ks[i].Child(int(n)-1)) != tSemi {
				last = i
			}
		} else if ks[i].IsNamed() && isExpr(ks[i]) {
			last = i
		}
		break
	}
	var out []*frontend.Stmt
	for i, k := range ks {
		switch kindOf(k) {
		case tLBrace, tRBrace, kLineComment, kBlockComment, kAttributeItem, kInnerAttributeItem,
			kEmptyStatement, kFunctionItem, kFunctionSignature, kImplItem, kTraitItem, kModItem:
			continue
		case kLetDeclaration:
			out = append(out, x.letStmt(k))
			continue
		case kExpressionStatement:
			e := k.NamedChild(0)
			if e == nil {
				continue
			}
			if tail && i == last {
				out = append(out, x.exprStmt(e, e, true)...)
				continue
			}
			out = append(out, x.exprStmt(e, k, false)...)
			continue
		}
		if !k.IsNamed() || k.IsError() || k.IsMissing() {
			continue
		}
		if !isExpr(k) {
			// Items: structs, uses, consts, macro definitions.
			continue
		}
		out = append(out, x.exprStmt(k, k, tail && i == last)...)
	}
	return out
}

// isExpr reports whether n is an expression rather than an item, a
// statement, a comment or an error.
func isExpr(n *sitter.Node) bool {
	switch kindOf(n) {
	case kItem, kFunctionItem, kFunctionSignature, kImplItem, kTraitItem, kModItem,
		kLetDeclaration, kExpressionStatement, kEmptyStatement, kAttributeItem,
		kInnerAttributeItem, kLineComment, kBlockComment:
		return false
	}
	return !n.IsError()
}

// letStmt turns a let into a simple statement, and a let-else
// ("let Some(x) = v else { return }") into an if whose condition is the
// pattern match and whose else branch is the diverging block.
func (x *extractor) letStmt(n *sitter.Node) *frontend.Stmt {
	alt := n.ChildByFieldName("alternative")
	if alt == nil {
		return x.simple(n)
	}
	s := &frontend.Stmt{Kind: frontend.StmtIf, Span: x.span(n)}
	if v := n.ChildByFieldName("value"); v != nil {
		s.Cond = x.text[n.StartByte():v.EndByte()]
	}
	s.Else = x.block(alt, false)
	return s
}

func (x *extractor) simple(n *sitter.Node) *frontend.Stmt {
	return &frontend.Stmt{Kind: frontend.StmtSimple, Span: x.span(n), Text: x.str(n)}
}

// exprStmt turns the expression e, which stands as the statement whole (e
// itself, or its expression_statement), into statements. When tail is set
// its value is returned from the function.
func (x *extractor) exprStmt(e, whole *sitter.Node, tail bool) []*frontend.Stmt {
	switch kindOf(e) {
	case kIfExpression:
		return []*frontend.Stmt{x.ifStmt(e, tail)}
	case kMatchExpression:
		return []*frontend.Stmt{x.matchStmt(e, tail)}
	case kWhileExpression, kLoopExpression, kForExpression:
		return []*frontend.Stmt{x.loopStmt(e)}
	case kBlock:
		return []*frontend.Stmt{x.blockStmt(e, e, tail)}
	case kUnsafeBlock, kAsyncBlock, kConstBlock:
		for _, k := range x.kids(e) {
			if kindOf(k) == kBlock {
				return []*frontend.Stmt{x.blockStmt(e, k, tail && kindOf(e) == kUnsafeBlock)}
			}
		}
	case kReturnExpression:
		s := &frontend.Stmt{Kind: frontend.StmtReturn, Span: x.span(e)}
		if v := e.NamedChild(0); v != nil {
			s.Text = x.str(v)
		}
		return []*frontend.Stmt{s}
	case kBreakExpression, kContinueExpression:
		s := &frontend.Stmt{Kind: frontend.StmtBreak, Span: x.span(e)}
		if kindOf(e) == kContinueExpression {
			s.Kind = frontend.StmtContinue
		}
		for _, k := range x.kids(e) {
			if kindOf(k) == kLabel {
				s.Label = labelName(x.str(k))
			}
		}
		return []*frontend.Stmt{s}
	case kMacroInvocation:
		name, _, _ := x.macroName(e)
		if isThrowMacro(name) {
			return []*frontend.Stmt{{Kind: frontend.StmtThrow, Span: x.span(whole), Text: x.str(whole)}}
		}
		s := x.simple(whole)
		if sp, ok := x.specAt[e.StartByte()]; ok {
			s.Spec = &sp
			return []*frontend.Stmt{s} // an assert stays one, even last
		}
		if tail {
			return []*frontend.Stmt{{Kind: frontend.StmtReturn, Span: x.span(e), Text: x.str(e)}}
		}
		return []*frontend.Stmt{s}
	case kCallExpression:
		if isThrowCall(x.str(e.ChildByFieldName("function"))) {
			return []*frontend.Stmt{{Kind: frontend.StmtThrow, Span: x.span(whole), Text: x.str(whole)}}
		}
		if x.verus != nil {
			if sp, ok := x.specAt[e.StartByte()]; ok {
				s := x.simple(whole)
				s.Spec = &sp
				return []*frontend.Stmt{s}
			}
		}
	}
	if tail {
		return []*frontend.Stmt{{Kind: frontend.StmtReturn, Span: x.span(e), Text: x.str(e)}}
	}
	return []*frontend.Stmt{x.simple(whole)}
}

func (x *extractor) blockStmt(whole, b *sitter.Node, tail bool) *frontend.Stmt {
	s := &frontend.Stmt{Kind: frontend.StmtBlock, Span: x.span(whole)}
	if l := labelOf(x, whole); l != "" {
		s.Label = l
	}
	s.Body = x.block(b, tail)
	return s
}

func labelName(s string) string {
	if len(s) > 0 && s[0] == '\'' {
		return s[1:]
	}
	return s
}

func labelOf(x *extractor, n *sitter.Node) string {
	if c := n.NamedChild(0); c != nil && kindOf(c) == kLabel {
		return labelName(x.str(c))
	}
	return ""
}

func (x *extractor) ifStmt(e *sitter.Node, tail bool) *frontend.Stmt {
	s := &frontend.Stmt{Kind: frontend.StmtIf, Span: x.span(e)}
	s.Cond = x.str(e.ChildByFieldName("condition"))
	if c := e.ChildByFieldName("consequence"); c != nil {
		s.Body = x.block(c, tail)
	}
	if alt := e.ChildByFieldName("alternative"); alt != nil {
		if b := alt.NamedChild(0); b != nil {
			switch kindOf(b) {
			case kIfExpression:
				s.Else = []*frontend.Stmt{x.ifStmt(b, tail)}
			case kBlock:
				s.Else = x.block(b, tail)
			}
		}
	}
	return s
}

func (x *extractor) matchStmt(e *sitter.Node, tail bool) *frontend.Stmt {
	s := &frontend.Stmt{Kind: frontend.StmtSwitch, Span: x.span(e)}
	s.Cond = x.str(e.ChildByFieldName("value"))
	mb := e.ChildByFieldName("body")
	if mb == nil {
		return s
	}
	for _, arm := range x.kidsCopy(mb) {
		if kindOf(arm) != kMatchArm {
			continue
		}
		c := &frontend.Stmt{Kind: frontend.StmtCase, Span: x.span(arm)}
		c.Cond = x.str(arm.ChildByFieldName("pattern"))
		if v := arm.ChildByFieldName("value"); v != nil {
			if kindOf(v) == kBlock {
				c.Body = x.block(v, tail)
			} else {
				c.Body = x.exprStmt(v, v, tail)
			}
		}
		s.Body = append(s.Body, c)
	}
	return s
}

func (x *extractor) loopStmt(e *sitter.Node) *frontend.Stmt {
	s := &frontend.Stmt{Kind: frontend.StmtLoop, Span: x.span(e), Label: labelOf(x, e)}
	switch kindOf(e) {
	case kWhileExpression:
		s.LoopKind = "while"
		s.Cond = x.str(e.ChildByFieldName("condition"))
	case kLoopExpression:
		s.LoopKind = "loop"
	case kForExpression:
		s.LoopKind = "for"
		p, v := e.ChildByFieldName("pattern"), e.ChildByFieldName("value")
		if p != nil && v != nil {
			s.Cond = x.text[p.StartByte():v.EndByte()]
		}
	}
	b := e.ChildByFieldName("body")
	if x.verus != nil {
		s.Body = append(s.Body, x.verus.loopSpecs(x, e, b)...)
	}
	if b != nil {
		s.Body = append(s.Body, x.block(b, false)...)
	}
	return s
}
