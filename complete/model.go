package complete

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/suretydev/surety/frontend"
	fdafny "github.com/suretydev/surety/frontend/dafny"
	"github.com/suretydev/surety/internal/split"
)

// This file turns what frontend/dafny reads of a Dafny file (Parse's
// functions with their contracts and body specs, ParseOutline's includes,
// datatypes and attributes) into what the checker needs. Nothing here
// parses Dafny: it only slices the source along the spans the frontend
// gives.

// A decl is one method, function, predicate or lemma of the file.
type decl struct {
	// Kind is the keyword as written: "method", "function",
	// "function method", "predicate", "predicate method", "lemma",
	// "constructor".
	Kind      string
	Name      string
	Line      int
	Ghost     bool
	Container string // enclosing module and class, dot-separated; "" at top level
	Params    []param
	Results   []param // methods: returns (...); functions: one, Name may be ""
	Requires  []string
	Ensures   []string
	Modifies  bool // has modifies or reads clauses
	Loose     string
	HasBody   bool
	TypeParam bool
	// Opaque is set for {:opaque} and opaque declarations; generated
	// lemmas reveal them.
	Opaque bool
	// Unchecked names the attribute that keeps Dafny from checking the
	// declaration ("{:axiom}", "{:verify false}"), "" if none.
	Unchecked string
	// DecreasesStar is set when the declaration or one of its loops says
	// "decreases *": it may not terminate, so verifying it says nothing of
	// what it returns.
	DecreasesStar bool
	// NameStart and NameEnd are the byte range of the name, so a copy of
	// the file can rename a top-level Main; Start and End the range of the
	// whole declaration.
	NameStart, NameEnd int
	Start, End         int
	// Test is set for a declaration that exercises others: a top-level
	// Main, a method marked {:test}, or one whose name starts with Test.
	Test bool
	// Calls are the calls in the body, in source order.
	Calls []callSite
}

// A callSite is a call in a body: the callee's simple name and the
// arguments as written (split at their top-level commas).
type callSite struct {
	Name string
	Args []string
	Line int
}

type param struct {
	Name string
	Type string
}

type datatype struct {
	Name      string
	Line      int
	TypeParam bool
	Ctors     []ctor
}

type ctor struct {
	Name   string
	Fields []param
}

// An attr is an attribute that makes Dafny assume something without
// proof, where it stands.
type attr struct {
	text string // "{:axiom}", "{:verify false}"
	line int
}

type dfyFile struct {
	Decls     []*decl
	Datatypes map[string]*datatype // top-level ones, by name
	Includes  []string             // as written
	// Assumes are the lines of the assume statements, in source order.
	Assumes []int
	// Attrs are the {:axiom} and {:verify false} attributes that stand
	// outside any declaration's header, in source order.
	Attrs []attr
	// Errors are the syntax errors frontend/dafny met: declarations there
	// may be missing. Dafny itself has the last word on syntax.
	Errors []string
}

// readDafny reads src (the file at path) through frontend/dafny.
func readDafny(ctx context.Context, path string, src []byte) (*dfyFile, error) {
	source := &frontend.Source{Path: path, Content: src}
	pf, err := fdafny.Parse(ctx, source, frontend.NeedSpecs|frontend.NeedBodies|frontend.NeedCalls)
	if err != nil {
		return nil, err
	}
	ol, err := fdafny.ParseOutline(ctx, source)
	if err != nil {
		return nil, err
	}
	f := &dfyFile{Datatypes: map[string]*datatype{}}
	for _, e := range pf.Errors {
		f.Errors = append(f.Errors, fmt.Sprintf("line %d: %s", e.Span.StartLine, e.Msg))
	}
	for _, inc := range ol.Includes {
		f.Includes = append(f.Includes, inc.Path)
	}
	for _, d := range ol.Datatypes {
		if d.Module != "" {
			continue
		}
		dt := &datatype{Name: d.Name, Line: d.Span.StartLine, TypeParam: len(d.TypeParams) > 0}
		for _, c := range d.Ctors {
			ct := ctor{Name: c.Name}
			for _, fl := range c.Fields {
				ct.Fields = append(ct.Fields, param(fl))
			}
			dt.Ctors = append(dt.Ctors, ct)
		}
		f.Datatypes[dt.Name] = dt
	}
	inHeader := make([]bool, len(ol.Attributes))
	for _, fn := range pf.Functions {
		d, used := newDecl(fn, src, ol.Attributes)
		for _, i := range used {
			inHeader[i] = true
		}
		f.Decls = append(f.Decls, d)
		for _, s := range fn.Specs {
			if s.Kind == frontend.SpecAssume {
				f.Assumes = append(f.Assumes, s.Span.StartLine)
			}
		}
	}
	for i, a := range ol.Attributes {
		if t := unchecking(a); t != "" && !inHeader[i] {
			f.Attrs = append(f.Attrs, attr{t, a.Span.StartLine})
		}
	}
	return f, nil
}

// unchecking says which attribute a is, when it makes Dafny take
// something without proof: "{:axiom}" or "{:verify false}" (or their @
// spellings); "" for any other.
func unchecking(a fdafny.Attribute) string {
	switch {
	case strings.EqualFold(a.Name, "axiom"):
		if a.At {
			return "@" + a.Name
		}
		return "{:axiom}"
	case strings.EqualFold(a.Name, "verify") && a.Args == "false":
		if a.At {
			return "@" + a.Name + "(false)"
		}
		return "{:verify false}"
	}
	return ""
}

var modifierWords = map[string]bool{"ghost": true, "static": true, "abstract": true, "opaque": true, "twostate": true,
	"least": true, "greatest": true, "inductive": true, "replaceable": true, "private": true}

// newDecl makes the decl of fn; used lists the attributes (indices into
// attrs) that stand in its header, before its contract and body.
func newDecl(fn *frontend.Function, src []byte, attrs []fdafny.Attribute) (*decl, []int) {
	d := &decl{Kind: fn.Kind, Name: fn.Name, Line: fn.Span.StartLine, Ghost: fn.Ghost, HasBody: fn.Definition,
		Start: fn.Span.StartByte, End: fn.Span.EndByte}
	d.Container = fn.Module
	if fn.Receiver != "" {
		if d.Container != "" {
			d.Container += "."
		}
		d.Container += fn.Receiver
	}
	for _, p := range fn.Params {
		d.Params = append(d.Params, param(p))
	}
	for _, r := range fn.Results {
		d.Results = append(d.Results, param(r))
	}
	// The header runs from the declaration's start to its first contract
	// clause or its body.
	headerEnd := fn.Span.EndByte
	if fn.Body != nil {
		headerEnd = min(headerEnd, fn.Body.Span.StartByte)
	}
	for _, s := range fn.Specs {
		headerEnd = min(headerEnd, s.Span.StartByte)
		switch s.Kind {
		case frontend.SpecRequires:
			d.Requires = append(d.Requires, clauseText(src, s))
		case frontend.SpecEnsures:
			d.Ensures = append(d.Ensures, clauseText(src, s))
		case frontend.SpecReads, frontend.SpecModifies:
			d.Modifies = true
		case frontend.SpecDecreases:
			if strings.TrimSpace(s.Expr) == "*" {
				d.DecreasesStar = true
			}
		}
	}
	header := []byte(string(src[d.Start:headerEnd])) // a copy: attributes are blanked below
	var used []int
	for i, a := range attrs {
		if a.Span.StartByte < d.Start || a.Span.EndByte > headerEnd {
			continue
		}
		used = append(used, i)
		for b := a.Span.StartByte; b < a.Span.EndByte; b++ {
			if header[b-d.Start] != '\n' {
				header[b-d.Start] = ' '
			}
		}
		switch {
		case a.Name == "loose" && !a.At:
			if s, err := strconv.Unquote(a.Args); err == nil {
				d.Loose = s
			}
		case a.Name == "opaque" && !a.At:
			d.Opaque = true
		case a.Name == "test":
			d.Test = true
		default:
			if t := unchecking(a); t != "" {
				d.Unchecked = t
			}
		}
	}
	// Modifiers and the keyword as written, up to the name.
	if m := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn.Name) + `\b`).FindIndex(header); m != nil {
		d.NameStart, d.NameEnd = d.Start+m[0], d.Start+m[1]
		words := strings.Fields(string(header[:m[0]]))
		var kw []string
		for _, w := range words {
			if modifierWords[w] {
				d.Opaque = d.Opaque || w == "opaque"
				continue
			}
			kw = append(kw, w)
		}
		if (fn.Kind == "function" || fn.Kind == "predicate") && len(kw) >= 2 && kw[len(kw)-1] == "method" {
			d.Kind = fn.Kind + " method"
		}
		d.TypeParam = strings.HasPrefix(strings.TrimSpace(string(header[m[1]:])), "<")
	}
	d.Test = d.Test || d.Kind == "method" && d.Container == "" && (d.Name == "Main" || strings.HasPrefix(d.Name, "Test"))
	for _, cl := range fn.Calls {
		if cl.Kind != frontend.CallDirect || cl.Span.StartByte < 0 || cl.Span.EndByte > len(src) {
			continue
		}
		text := string(src[cl.Span.StartByte:cl.Span.EndByte])
		open := strings.IndexByte(text, '(')
		if open < 0 || !strings.HasSuffix(text, ")") {
			continue
		}
		d.Calls = append(d.Calls, callSite{Name: cl.Name, Args: splitArgs(text[open+1 : len(text)-1]), Line: cl.Span.StartLine})
	}
	if d.Loose == "" {
		for line := range strings.SplitSeq(fn.Doc, "\n") {
			if e, ok := parseLooseComment(line); ok {
				d.Loose = e
			}
		}
	}
	return d, used
}

// clauseText is a clause's expression as written (line breaks and
// comments kept), without its keyword and attributes.
func clauseText(src []byte, s frontend.Spec) string {
	t := strings.TrimSpace(s.Span.Text(src))
	t = strings.TrimSpace(strings.TrimPrefix(t, s.Form))
	for strings.HasPrefix(t, "{:") {
		depth, i := 0, 0
		for ; i < len(t); i++ {
			if t[i] == '{' {
				depth++
			} else if t[i] == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if i >= len(t) {
			break
		}
		t = strings.TrimSpace(t[i+1:])
	}
	return t
}

// parseLooseComment reads "surety:loose (r1, r2) => EXPR" from a comment
// line (without its slashes).
func parseLooseComment(text string) (string, bool) {
	t := strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(t, "surety:loose")
	if !ok {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	if r, ok := strings.CutPrefix(rest, "(r1, r2)"); ok {
		rest = strings.TrimSpace(r)
	}
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "=>"))
	return rest, rest != ""
}

// splitArgs splits a call's argument list at its top-level commas,
// stepping over string and character literals; nil for no arguments.
func splitArgs(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return split.Commas{Open: "([{", Close: ")]}", Literals: true, Trim: true}.Split(s)
}
