package dafny

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// Dafny is the frontend registered for .dfy files.
var Dafny = &frontend.Language{
	Name:  "dafny",
	Doc:   "Dafny through a tree-sitter grammar written for surety: modules, classes, traits, datatypes, methods, lemmas, functions and predicates with their contracts, calls and statements",
	Exts:  []string{".dfy"},
	Parse: Parse,
	// Predicates and lemmas are specification, compiled or not: an edit
	// of one re-checks the methods whose contracts mention it.
	IsSpec: func(fn *frontend.Function) bool {
		return fn.Kind == "predicate" || fn.Kind == "lemma" || fn.Ghost
	},
}

func init() { frontend.Register("dafny", Dafny) }

var language = GetLanguage()

// Parse extracts one Dafny file. It never panics: an internal failure is
// returned as an error naming the file. Syntax errors are listed in
// File.Errors and do not stop the rest of the file from being read.
func Parse(ctx context.Context, src *frontend.Source, mode frontend.Mode) (f *frontend.File, err error) {
	if err := frontend.CheckText(src.Content); err != nil {
		return nil, fmt.Errorf("dafny: %s: %w", src.Path, err)
	}
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("dafny: %s: internal error: %v", src.Path, r)
		}
	}()
	f = &frontend.File{
		Path:     src.Path,
		Language: "dafny",
		Size:     len(src.Content),
		Lines:    bytes.Count(src.Content, []byte("\n")),
	}
	// A last line without its newline counts; an empty file has none.
	if len(src.Content) > 0 && src.Content[len(src.Content)-1] != '\n' {
		f.Lines++
	}
	if mode.Has(frontend.NeedSource) {
		f.Source = src.Content
	}
	x := &extractor{path: src.Path, src: src.Content, mode: mode, file: f,
		legacy: bytes.Contains(src.Content, []byte("function method")) || bytes.Contains(src.Content, []byte("predicate method"))}
	err = tsutil.Parse(ctx, language, src.Content, func(root *sitter.Node) error {
		f.Errors = tsutil.Errors(src.Path, root)
		x.items(root, "", "")
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dafny: %s: %w", src.Path, err)
	}
	return f, nil
}

type extractor struct {
	path   string
	src    []byte
	mode   frontend.Mode
	file   *frontend.File
	legacy bool
}

func (x *extractor) text(n *sitter.Node) string { return tsutil.Text(n, x.src) }

// items reads the declarations under n, inside module and receiver.
func (x *extractor) items(n *sitter.Node, module, receiver string) {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "module_declaration":
			name := x.text(c.ChildByFieldName("name"))
			if module != "" {
				name = module + "." + name
			}
			x.items(c, name, "")
		case "class_declaration", "trait_declaration", "datatype_declaration", "type_declaration", "newtype_declaration":
			name := x.text(c.ChildByFieldName("name"))
			for j := 0; j < int(c.NamedChildCount()); j++ {
				if b := c.NamedChild(j); b.Type() == "class_body" {
					x.items(b, module, name)
				}
			}
		case "method_declaration", "function_declaration":
			x.function(c, module, receiver)
		case "ERROR":
			x.items(c, module, receiver)
		}
	}
}

func (x *extractor) function(n *sitter.Node, module, receiver string) {
	fn := &frontend.Function{
		Module:   module,
		Receiver: receiver,
		Span:     tsutil.Span(x.path, n),
		Exported: true,
	}
	if nm := n.ChildByFieldName("name"); nm != nil {
		fn.Name = x.text(nm)
	}
	kindNode := n.ChildByFieldName("kind")
	kind := ""
	if kindNode != nil {
		kind = x.text(kindNode)
	}
	var mods []string
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == "modifier" {
			mods = append(mods, x.text(c))
		}
	}
	compiled := false
	switch {
	case strings.HasPrefix(kind, "function"), strings.HasPrefix(kind, "predicate"), kind == "copredicate":
		fn.Kind = "function"
		if strings.HasPrefix(kind, "predicate") || kind == "copredicate" {
			fn.Kind = "predicate"
		}
		compiled = methodAfter(n, x.src)
	case kind == "lemma" || kind == "colemma":
		fn.Kind = "lemma"
	case kind == "constructor":
		fn.Kind = "constructor"
		if fn.Name == "" {
			fn.Name = "_ctor"
		}
	default:
		fn.Kind = "method"
	}
	for _, m := range mods {
		switch m {
		case "ghost", "least", "greatest", "twostate", "inductive":
			fn.Ghost = true
		case "private":
			fn.Exported = false
		}
	}
	switch fn.Kind {
	case "lemma":
		fn.Ghost = true
	case "function", "predicate":
		if x.legacy && !compiled {
			fn.Ghost = true
		}
		if kind == "copredicate" {
			fn.Ghost = true
		}
	}
	fn.Entry = fn.Name == "Main" && fn.Kind == "method"
	if p := n.ChildByFieldName("parameters"); p != nil {
		fn.Params = x.formals(p)
	}
	if r := n.ChildByFieldName("results"); r != nil {
		fn.Results = x.formals(r)
	}
	if r := n.ChildByFieldName("result"); r != nil {
		if r.Type() == "named_result" {
			fn.Results = []frontend.Param{{Name: x.text(r.ChildByFieldName("name")), Type: x.typeOf(r)}}
		} else {
			fn.Results = []frontend.Param{{Type: x.text(r)}}
		}
	} else if fn.Kind == "predicate" {
		fn.Results = []frontend.Param{{Type: "bool"}}
	}
	body := n.ChildByFieldName("body")
	fn.Definition = body != nil
	// The signature: everything before the first spec clause or the body.
	end := n.StartByte()
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		if t := c.Type(); t == "spec_clause" || t == "function_body" || t == "block" {
			break
		}
		if c.Type() != "comment" {
			end = c.EndByte()
		}
	}
	fn.Signature = strings.Join(strings.Fields(string(x.src[n.StartByte():end])), " ")
	fn.Doc = x.docBefore(n)
	if x.mode.Has(frontend.NeedSpecs) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); c.Type() == "spec_clause" {
				fn.Specs = append(fn.Specs, x.specs(c)...)
			}
		}
	}
	if x.mode.Has(frontend.NeedCalls) {
		x.calls(n, fn)
	}
	if body != nil && (x.mode.Has(frontend.NeedBodies) || x.mode.Has(frontend.NeedSpecs)) {
		var st *frontend.Stmt
		if body.Type() == "block" {
			st = x.stmt(body, fn)
		} else {
			st = &frontend.Stmt{Kind: frontend.StmtBlock, Span: tsutil.Span(x.path, body)}
			if e := body.NamedChild(0); e != nil {
				st.Body = []*frontend.Stmt{{Kind: frontend.StmtReturn, Span: tsutil.Span(x.path, e), Text: x.text(e)}}
			}
		}
		if x.mode.Has(frontend.NeedBodies) {
			fn.Body = st
		}
	}
	if fn.Name != "" {
		x.file.Functions = append(x.file.Functions, fn)
	}
}

// methodAfter reports whether the declaration's keyword is followed by
// "method" (function method, predicate method).
func methodAfter(n *sitter.Node, src []byte) bool {
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		if c.Type() == "method" && !c.IsNamed() {
			return true
		}
		if c.IsNamed() && c.Type() != "modifier" {
			return false
		}
	}
	return false
}

func (x *extractor) typeOf(n *sitter.Node) string {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "named_type", "tuple_type", "arrow_type":
			return x.text(c)
		}
	}
	return ""
}

func (x *extractor) formals(n *sitter.Node) []frontend.Param {
	var ps []frontend.Param
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.Type() != "formal" {
			continue
		}
		ps = append(ps, frontend.Param{Name: x.text(c.ChildByFieldName("name")), Type: x.text(c.ChildByFieldName("type"))})
	}
	return ps
}

var specKinds = map[string]frontend.SpecKind{
	"requires": frontend.SpecRequires, "ensures": frontend.SpecEnsures, "reads": frontend.SpecReads,
	"modifies": frontend.SpecModifies, "decreases": frontend.SpecDecreases, "invariant": frontend.SpecInvariant,
	"yield requires": frontend.SpecRequires, "yield ensures": frontend.SpecEnsures,
}

// specs turns one clause into specs; a clause of several expressions
// (reads a, b) gives one spec for the whole list.
func (x *extractor) specs(n *sitter.Node) []frontend.Spec {
	kw := n.ChildByFieldName("keyword")
	if kw == nil {
		return nil
	}
	form := x.text(kw)
	k, ok := specKinds[form]
	if !ok {
		return nil
	}
	end := kw.EndByte()
	for i := 0; i < int(n.ChildCount()); i++ {
		if c := n.Child(i); c.Type() != "comment" {
			end = max(end, c.EndByte())
		}
	}
	expr := strings.TrimSpace(string(x.src[kw.EndByte():end]))
	return []frontend.Spec{{Kind: k, Expr: collapse(expr), Form: form, Span: tsutil.Span(x.path, n)}}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// calls records the call expressions under n in source order, skipping
// nested declarations.
func (x *extractor) calls(n *sitter.Node, fn *frontend.Function) {
	c := sitter.NewTreeCursor(n)
	defer c.Close()
	if !c.GoToFirstChild() {
		return
	}
	for {
		node := c.CurrentNode()
		if node.Type() == "call_expression" {
			x.call(node, fn)
		}
		if c.GoToFirstChild() {
			continue
		}
		for !c.GoToNextSibling() {
			if !c.GoToParent() || c.CurrentNode().Equal(n) {
				return
			}
		}
	}
}

func (x *extractor) call(n *sitter.Node, fn *frontend.Function) {
	callee := n.ChildByFieldName("function")
	if callee == nil {
		return
	}
	cl := &frontend.Call{Callee: collapse(x.text(callee)), Span: tsutil.Span(x.path, n)}
	switch callee.Type() {
	case "identifier":
		cl.Kind = frontend.CallDirect
		cl.Name = cl.Callee
	case "member_expression":
		cl.Kind = frontend.CallMethod
		if m := callee.ChildByFieldName("member"); m != nil {
			cl.Name = x.text(m)
		}
		if o := callee.ChildByFieldName("object"); o != nil {
			cl.Qualifier = collapse(x.text(o))
		}
	default:
		cl.Kind = frontend.CallIndirect
	}
	fn.Calls = append(fn.Calls, cl)
}

var loopKinds = map[string]string{"while_statement": "while", "for_statement": "for"}

// stmt builds the statement tree of n, and records the body's spec clauses
// (asserts, assumes, loop invariants) in fn.Specs.
func (x *extractor) stmt(n *sitter.Node, fn *frontend.Function) *frontend.Stmt {
	st := &frontend.Stmt{Span: tsutil.Span(x.path, n)}
	switch t := n.Type(); t {
	case "block":
		st.Kind = frontend.StmtBlock
		st.Body = x.children(n, fn)
	case "if_statement":
		st.Kind = frontend.StmtIf
		if c := n.ChildByFieldName("condition"); c != nil {
			st.Cond = collapse(x.text(c))
			if cons := n.ChildByFieldName("consequence"); cons != nil {
				st.Body = []*frontend.Stmt{x.stmt(cons, fn)}
			}
			if alt := n.ChildByFieldName("alternative"); alt != nil {
				st.Else = []*frontend.Stmt{x.stmt(alt, fn)}
			}
		} else {
			st.Kind = frontend.StmtSwitch
			st.Body = x.alternatives(n, fn)
		}
	case "while_statement", "for_statement":
		st.Kind = frontend.StmtLoop
		st.LoopKind = loopKinds[t]
		if c := n.ChildByFieldName("condition"); c != nil {
			st.Cond = collapse(x.text(c))
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if c.Type() == "spec_clause" && x.mode.Has(frontend.NeedSpecs) {
				fn.Specs = append(fn.Specs, x.specs(c)...)
			}
		}
		if b := n.ChildByFieldName("body"); b != nil {
			st.Body = []*frontend.Stmt{x.stmt(b, fn)}
		} else {
			st.Body = x.alternatives(n, fn)
		}
	case "match_statement":
		st.Kind = frontend.StmtSwitch
		if v := n.ChildByFieldName("value"); v != nil {
			st.Cond = collapse(x.text(v))
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if c.Type() != "case_statement" {
				continue
			}
			cs := &frontend.Stmt{Kind: frontend.StmtCase, Span: tsutil.Span(x.path, c)}
			if p := c.NamedChild(0); p != nil {
				cs.Cond = collapse(x.text(p))
			}
			cs.Body = x.children(c, fn)
			st.Body = append(st.Body, cs)
		}
	case "return_statement":
		st.Kind = frontend.StmtReturn
		st.Text = collapse(strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(x.text(n), "return")), ";"))
	case "break_statement":
		st.Kind = frontend.StmtBreak
		if strings.HasPrefix(x.text(n), "continue") {
			st.Kind = frontend.StmtContinue
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); c.Type() == "identifier" {
				st.Label = x.text(c)
			}
		}
	case "labeled_statement":
		st.Kind = frontend.StmtLabel
		if id := n.NamedChild(0); id != nil {
			st.Label = x.text(id)
		}
		st.Body = x.children(n, fn)
	case "assert_statement", "assume_statement", "expect_statement":
		st.Kind = frontend.StmtSimple
		st.Text = collapse(x.text(n))
		if t != "expect_statement" {
			kind := frontend.SpecAssert
			if t == "assume_statement" {
				kind = frontend.SpecAssume
			}
			sp := frontend.Spec{Kind: kind, Form: strings.TrimSuffix(t, "_statement"), Span: st.Span}
			if c := n.ChildByFieldName("condition"); c != nil {
				sp.Expr = collapse(x.text(c))
			}
			st.Spec = &sp
			if x.mode.Has(frontend.NeedSpecs) {
				fn.Specs = append(fn.Specs, sp)
			}
		}
	default:
		st.Kind = frontend.StmtSimple
		st.Text = collapse(x.text(n))
	}
	return st
}

func (x *extractor) children(n *sitter.Node, fn *frontend.Function) []*frontend.Stmt {
	var out []*frontend.Stmt
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if isStatement(c.Type()) {
			out = append(out, x.stmt(c, fn))
		}
	}
	return out
}

func (x *extractor) alternatives(n *sitter.Node, fn *frontend.Function) []*frontend.Stmt {
	var out []*frontend.Stmt
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.Type() != "guarded_alternative" {
			continue
		}
		cs := &frontend.Stmt{Kind: frontend.StmtCase, Span: tsutil.Span(x.path, c)}
		if g := c.NamedChild(0); g != nil {
			cs.Cond = collapse(x.text(g))
		}
		cs.Body = x.children(c, fn)
		out = append(out, cs)
	}
	return out
}

func isStatement(t string) bool {
	switch t {
	case "block", "var_declaration", "assignment", "expression_statement", "if_statement", "while_statement",
		"for_statement", "match_statement", "return_statement", "yield_statement", "break_statement",
		"assert_statement", "assume_statement", "expect_statement", "print_statement", "calc_statement",
		"forall_statement", "modify_statement", "reveal_statement", "labeled_statement":
		return true
	}
	return false
}

// docBefore returns the comment lines right above n.
func (x *extractor) docBefore(n *sitter.Node) string {
	var lines []string
	for p := n.PrevSibling(); p != nil && p.Type() == "comment"; p = p.PrevSibling() {
		if int(n.StartPoint().Row)-int(p.EndPoint().Row) > len(lines)+1 {
			break
		}
		t := x.text(p)
		t = strings.TrimSpace(strings.TrimPrefix(t, "//"))
		t = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, "/*"), "*/"))
		lines = append([]string{t}, lines...)
	}
	return strings.Join(lines, "\n")
}
