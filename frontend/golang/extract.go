package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/suretydev/surety/frontend"
)

// An extractor turns one parsed file into the model, and remembers where
// each function and call site came from so that the call graph built on
// SSA can be attached afterwards.
type extractor struct {
	fset *token.FileSet
	mode frontend.Mode
	path string // as reported in spans
	abs  string // the name the FileSet knows the file by
	src  []byte
	info *types.Info // nil when syntax-only

	// funcs maps the offset of a FuncDecl's or FuncLit's "func" keyword to
	// its model; calls maps the offset of a call's Lparen to its model.
	funcs map[int]*frontend.Function
	calls map[int]*frontend.Call
}

// span locates from..to. The parser gives broken declarations positions
// that may be missing or out of order; the span then shrinks to what is
// known, and always lies inside the file.
func (x *extractor) span(from, to token.Pos) frontend.Span {
	if !to.IsValid() || to < from {
		to = from
	}
	s, e := x.fset.Position(from), x.fset.Position(to)
	if e.Offset > len(x.src) || e.Offset < s.Offset {
		e = s
	}
	sp := frontend.Span{File: x.path, StartByte: s.Offset, EndByte: e.Offset,
		StartLine: s.Line, EndLine: e.Line, StartCol: s.Column, EndCol: e.Column}
	// go/token puts the end of the file on the last line even after a
	// final newline; there the bytes say where it is.
	if s.Offset == len(x.src) {
		p := pointAt(x.path, x.src, s.Offset)
		sp.StartLine, sp.StartCol = p.StartLine, p.StartCol
	}
	if e.Offset == len(x.src) {
		p := pointAt(x.path, x.src, e.Offset)
		sp.EndLine, sp.EndCol = p.StartLine, p.StartCol
	}
	return sp
}

func (x *extractor) text(from, to token.Pos) string {
	s, e := x.fset.Position(from).Offset, x.fset.Position(to).Offset
	if s < 0 || e > len(x.src) || s > e {
		return ""
	}
	return string(x.src[s:e])
}

func (x *extractor) offset(p token.Pos) int { return x.fset.Position(p).Offset }

func (x *extractor) file(af *ast.File, pkgPath string) *frontend.File {
	x.funcs = map[int]*frontend.Function{}
	x.calls = map[int]*frontend.Call{}
	f := &frontend.File{Path: x.path, Language: "go", Size: len(x.src), Module: pkgPath,
		Lines: lineCount(x.src)}
	if x.mode.Has(frontend.NeedSource) {
		f.Source = x.src
	}
	isTest := strings.HasSuffix(x.path, "_test.go")
	for _, d := range af.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			fn := x.funcDecl(d, pkgPath, af.Name.Name, isTest)
			f.Functions = append(f.Functions, fn)
			if d.Body != nil {
				f.Functions = append(f.Functions, x.body(fn, d.Body)...)
			}
		case *ast.GenDecl:
			// Closures in package-level initialisers run in the package's init.
			parent := &frontend.Function{Name: "init", Module: pkgPath}
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					for _, v := range vs.Values {
						f.Functions = append(f.Functions, x.closures(parent, v)...)
					}
				}
			}
		}
	}
	// A broken declaration's end may come before its body's statements;
	// everything of a function is kept inside its span.
	for _, fn := range f.Functions {
		for _, c := range fn.Calls {
			clampSpan(&c.Span, fn.Span)
		}
		for i := range fn.Specs {
			clampSpan(&fn.Specs[i].Span, fn.Span)
		}
		clampStmts(fn.Body, fn.Span)
	}
	return f
}

// clampSpan moves s into outer where it sticks out. Both are consistent
// (bytes agree with lines and columns), so copying an end of outer keeps
// s consistent.
func clampSpan(s *frontend.Span, outer frontend.Span) {
	if s.StartByte < outer.StartByte || s.StartByte > outer.EndByte {
		s.StartByte, s.StartLine, s.StartCol = outer.StartByte, outer.StartLine, outer.StartCol
	}
	if s.EndByte > outer.EndByte || s.EndByte < s.StartByte {
		s.EndByte, s.EndLine, s.EndCol = outer.EndByte, outer.EndLine, outer.EndCol
	}
	if s.EndByte < s.StartByte {
		s.EndByte, s.EndLine, s.EndCol = s.StartByte, s.StartLine, s.StartCol
	}
}

// clampStmts keeps st and every statement under it inside its parent.
func clampStmts(st *frontend.Stmt, outer frontend.Span) {
	if st == nil {
		return
	}
	clampSpan(&st.Span, outer)
	for _, c := range st.Body {
		clampStmts(c, st.Span)
	}
	for _, c := range st.Else {
		clampStmts(c, st.Span)
	}
}

func (x *extractor) funcDecl(d *ast.FuncDecl, pkgPath, pkgName string, isTest bool) *frontend.Function {
	name := d.Name.Name
	fn := &frontend.Function{
		Name:       name,
		Module:     pkgPath,
		Kind:       "function",
		Span:       x.span(d.Pos(), d.End()),
		Definition: d.Body != nil,
		Exported:   ast.IsExported(name),
	}
	if d.Recv != nil && len(d.Recv.List) > 0 {
		fn.Kind = "method"
		fn.Receiver = recvTypeName(d.Recv.List[0].Type)
	}
	sigEnd := d.End()
	if d.Body != nil {
		sigEnd = d.Body.Lbrace
	}
	fn.Signature = strings.TrimSpace(x.text(d.Pos(), sigEnd))
	fn.Params = x.fields(d.Recv, d.Type.Params)
	fn.Results = x.fields(nil, d.Type.Results)
	switch {
	case d.Recv != nil:
	case name == "main" && pkgName == "main", name == "init":
		fn.Entry = true
	case isTest && (testName(name, "Test") || testName(name, "Benchmark") || testName(name, "Fuzz") || strings.HasPrefix(name, "Example")):
		fn.Entry = true
	}
	if d.Doc != nil {
		fn.Doc = d.Doc.Text()
		if x.mode.Has(frontend.NeedSpecs) {
			fn.Specs = x.docSpecs(d.Doc)
		}
	}
	x.funcs[x.offset(d.Pos())] = fn
	return fn
}

// testName reports whether name is prefix followed by nothing or by a
// non-lower-case letter, as go test requires (TestX, not Testx).
func testName(name, prefix string) bool {
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	rest := name[len(prefix):]
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}

func recvTypeName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

func (x *extractor) fields(lists ...*ast.FieldList) []frontend.Param {
	var ps []frontend.Param
	for _, l := range lists {
		if l == nil {
			continue
		}
		for _, fld := range l.List {
			typ := x.text(fld.Type.Pos(), fld.Type.End())
			if len(fld.Names) == 0 {
				ps = append(ps, frontend.Param{Type: typ})
			}
			for _, n := range fld.Names {
				ps = append(ps, frontend.Param{Name: n.Name, Type: typ})
			}
		}
	}
	return ps
}

// docSpecs reads "requires:" and "ensures:" lines of a doc comment as
// natural-language contract clauses.
func (x *extractor) docSpecs(doc *ast.CommentGroup) []frontend.Spec {
	var specs []frontend.Spec
	for _, c := range doc.List {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), "/*"))
		for _, k := range []struct {
			prefix string
			kind   frontend.SpecKind
		}{{"requires:", frontend.SpecRequires}, {"ensures:", frontend.SpecEnsures}} {
			if rest, ok := strings.CutPrefix(line, k.prefix); ok {
				specs = append(specs, frontend.Spec{Kind: k.kind, Expr: strings.TrimSpace(rest), Form: "doc",
					Span: x.span(c.Pos(), c.End())})
			}
		}
	}
	return specs
}

// body fills fn's calls and statement tree and returns the closures found in
// it, each a function of its own.
func (x *extractor) body(fn *frontend.Function, body *ast.BlockStmt) []*frontend.Function {
	if x.mode.Has(frontend.NeedBodies) {
		fn.Body = x.block(body.List, body.Pos(), body.End())
	}
	return x.closures(fn, body)
}

// closures records the calls of n that belong to fn (not to closures
// inside it) and returns the closures, numbered func1, func2... in source
// order as go/ssa numbers them.
func (x *extractor) closures(fn *frontend.Function, n ast.Node) []*frontend.Function {
	var out []*frontend.Function
	count := 0
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			count++
			parent := fn.Name
			if fn.Receiver != "" {
				parent = fn.Receiver + "." + fn.Name
			} else if fn.Parent != "" {
				parent = fn.Parent + "." + fn.Name
			}
			lit := &frontend.Function{
				Name:       fmt.Sprintf("func%d", count),
				Module:     fn.Module,
				Parent:     parent,
				Kind:       "closure",
				Span:       x.span(n.Pos(), n.End()),
				Signature:  x.text(n.Pos(), n.Body.Lbrace),
				Params:     x.fields(n.Type.Params),
				Results:    x.fields(n.Type.Results),
				Definition: true,
			}
			x.funcs[x.offset(n.Pos())] = lit
			out = append(out, lit)
			out = append(out, x.body(lit, n.Body)...)
			return false
		case *ast.CallExpr:
			if c := x.call(n); c != nil && x.mode.Has(frontend.NeedCalls) {
				fn.Calls = append(fn.Calls, c)
				x.calls[x.offset(n.Lparen)] = c
			}
		}
		return true
	})
	return out
}

var builtins = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true,
	"delete": true, "imag": true, "len": true, "make": true, "max": true, "min": true, "new": true,
	"panic": true, "print": true, "println": true, "real": true, "recover": true,
	"bool": true, "byte": true, "rune": true, "string": true, "error": true, "any": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"float32": true, "float64": true, "complex64": true, "complex128": true,
}

// call models one call expression, or returns nil for what is not a call
// of a function: a conversion, or a builtin.
func (x *extractor) call(ce *ast.CallExpr) *frontend.Call {
	fun := ast.Unparen(ce.Fun)
	if x.info != nil {
		if tv, ok := x.info.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			return nil
		}
	}
	switch f := fun.(type) {
	case *ast.IndexExpr: // generic instantiation f[T](x)
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	c := &frontend.Call{Callee: x.text(fun.Pos(), fun.End()), Span: x.span(ce.Pos(), ce.End())}
	switch f := fun.(type) {
	case *ast.Ident:
		if x.info == nil && builtins[f.Name] {
			return nil
		}
		c.Name, c.Kind = f.Name, frontend.CallDirect
		if x.info != nil {
			if _, isVar := x.info.Uses[f].(*types.Var); isVar {
				c.Kind = frontend.CallIndirect
			}
		}
	case *ast.SelectorExpr:
		c.Name = f.Sel.Name
		c.Qualifier = x.text(f.X.Pos(), f.X.End())
		c.Kind = frontend.CallMethod
		if id, ok := f.X.(*ast.Ident); ok {
			if x.info != nil {
				if _, isPkg := x.info.Uses[id].(*types.PkgName); isPkg {
					c.Kind = frontend.CallPath
				}
			} else if id.Obj == nil && !strings.ContainsAny(id.Name[:1], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				// Without types, a lower-case identifier that is not a local
				// is most likely a package name.
				c.Kind = frontend.CallPath
			}
		}
		if x.info != nil {
			if sel, ok := x.info.Selections[f]; ok && sel.Kind() == types.FieldVal {
				c.Kind = frontend.CallIndirect
			}
		}
	default:
		c.Kind = frontend.CallIndirect
	}
	return c
}

func syntaxErrors(fset *token.FileSet, path string, src []byte, err error) []frontend.SyntaxError {
	var out []frontend.SyntaxError
	if list, ok := err.(scanner.ErrorList); ok {
		for _, e := range list {
			out = append(out, frontend.SyntaxError{Msg: e.Msg, Span: pointAt(path, src, e.Pos.Offset)})
		}
		return out
	}
	return []frontend.SyntaxError{{Msg: err.Error(), Span: pointAt(path, src, 0)}}
}

// pointAt is the empty span at byte off of src (clamped into it), its line
// and column counted from the bytes. go/scanner reports a position at the
// end of a file on the last line even after its final newline, so its own
// line and column are not used.
func pointAt(path string, src []byte, off int) frontend.Span {
	off = max(0, min(off, len(src)))
	line, col := 1, 1
	for _, b := range src[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return frontend.Span{File: path, StartByte: off, EndByte: off, StartLine: line, EndLine: line, StartCol: col, EndCol: col}
}

// lineCount counts the lines of src, a last line without its newline
// included.
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}
