package golang

import (
	"go/ast"
	"go/token"

	"github.com/suretydev/surety/frontend"
)

func (x *extractor) block(list []ast.Stmt, from, to token.Pos) *frontend.Stmt {
	b := &frontend.Stmt{Kind: frontend.StmtBlock, Span: x.span(from, to)}
	for _, s := range list {
		if st := x.stmt(s); st != nil {
			b.Body = append(b.Body, st)
		}
	}
	return b
}

func (x *extractor) stmts(list []ast.Stmt) []*frontend.Stmt {
	var out []*frontend.Stmt
	for _, s := range list {
		if st := x.stmt(s); st != nil {
			out = append(out, st)
		}
	}
	return out
}

func (x *extractor) nodeText(n ast.Node) string {
	if n == nil {
		return ""
	}
	return x.text(n.Pos(), n.End())
}

func (x *extractor) stmt(s ast.Stmt) *frontend.Stmt {
	if s == nil {
		return nil
	}
	st := &frontend.Stmt{Span: x.span(s.Pos(), s.End())}
	switch s := s.(type) {
	case *ast.BlockStmt:
		st.Kind = frontend.StmtBlock
		st.Body = x.stmts(s.List)
	case *ast.IfStmt:
		st.Kind = frontend.StmtIf
		st.Cond = x.nodeText(s.Cond)
		if s.Init != nil {
			st.Cond = x.nodeText(s.Init) + "; " + st.Cond
		}
		st.Body = x.stmts(s.Body.List)
		if s.Else != nil {
			if e, ok := s.Else.(*ast.BlockStmt); ok {
				st.Else = x.stmts(e.List)
			} else {
				st.Else = []*frontend.Stmt{x.stmt(s.Else)}
			}
		}
	case *ast.ForStmt:
		st.Kind, st.LoopKind = frontend.StmtLoop, "for"
		st.Cond = x.nodeText(s.Cond)
		if s.Cond == nil {
			st.LoopKind = "loop"
		} else if s.Init == nil && s.Post == nil {
			st.LoopKind = "while"
		}
		if s.Init != nil {
			st.Body = append(st.Body, x.stmt(s.Init))
		}
		st.Body = append(st.Body, x.stmts(s.Body.List)...)
		if s.Post != nil {
			st.Body = append(st.Body, x.stmt(s.Post))
		}
	case *ast.RangeStmt:
		st.Kind, st.LoopKind = frontend.StmtLoop, "foreach"
		vars := ""
		if s.Key != nil {
			vars = x.nodeText(s.Key)
			if s.Value != nil {
				vars += ", " + x.nodeText(s.Value)
			}
			vars += " " + s.Tok.String() + " "
		}
		st.Cond = vars + "range " + x.nodeText(s.X)
		st.Body = x.stmts(s.Body.List)
	case *ast.SwitchStmt:
		st.Kind = frontend.StmtSwitch
		st.Cond = x.nodeText(s.Tag)
		st.Body = x.cases(s.Body)
	case *ast.TypeSwitchStmt:
		st.Kind = frontend.StmtSwitch
		st.Cond = x.nodeText(s.Assign)
		st.Body = x.cases(s.Body)
	case *ast.SelectStmt:
		st.Kind = frontend.StmtSwitch
		st.Cond = "select"
		st.Body = x.cases(s.Body)
	case *ast.ReturnStmt:
		st.Kind = frontend.StmtReturn
		if len(s.Results) > 0 {
			st.Text = x.text(s.Results[0].Pos(), s.Results[len(s.Results)-1].End())
		}
	case *ast.BranchStmt:
		switch s.Tok {
		case token.BREAK:
			st.Kind = frontend.StmtBreak
		case token.CONTINUE:
			st.Kind = frontend.StmtContinue
		case token.GOTO:
			st.Kind = frontend.StmtGoto
		default: // fallthrough
			st.Kind, st.Text = frontend.StmtSimple, "fallthrough"
		}
		if s.Label != nil {
			st.Label = s.Label.Name
		}
	case *ast.LabeledStmt:
		st.Kind, st.Label = frontend.StmtLabel, s.Label.Name
		if inner := x.stmt(s.Stmt); inner != nil {
			st.Body = []*frontend.Stmt{inner}
		}
	case *ast.ExprStmt:
		st.Kind, st.Text = frontend.StmtSimple, x.nodeText(s)
		if isExit(s.X) {
			st.Kind = frontend.StmtThrow
		}
	case *ast.EmptyStmt:
		return nil
	default:
		st.Kind, st.Text = frontend.StmtSimple, x.nodeText(s)
	}
	return st
}

func (x *extractor) cases(body *ast.BlockStmt) []*frontend.Stmt {
	var out []*frontend.Stmt
	for _, c := range body.List {
		cs := &frontend.Stmt{Kind: frontend.StmtCase, Span: x.span(c.Pos(), c.End())}
		switch c := c.(type) {
		case *ast.CaseClause:
			if len(c.List) > 0 {
				cs.Cond = x.text(c.List[0].Pos(), c.List[len(c.List)-1].End())
			}
			cs.Body = x.stmts(c.Body)
		case *ast.CommClause:
			cs.Cond = x.nodeText(c.Comm)
			cs.Body = x.stmts(c.Body)
		}
		out = append(out, cs)
	}
	return out
}

// isExit reports whether e is a call that leaves the function abnormally:
// panic, os.Exit, log.Fatal and its variants.
func isExit(e ast.Expr) bool {
	ce, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch f := ast.Unparen(ce.Fun).(type) {
	case *ast.Ident:
		return f.Name == "panic"
	case *ast.SelectorExpr:
		pkg, ok := f.X.(*ast.Ident)
		if !ok {
			return false
		}
		switch pkg.Name + "." + f.Sel.Name {
		case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln":
			return true
		}
	}
	return false
}
