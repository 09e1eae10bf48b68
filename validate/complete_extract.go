package validate

import (
	"fmt"
	"strings"
	"unicode"
)

// This file reads what the completeness checker needs from a Dafny file:
// each method and function with its parameters, results and contract, the
// datatypes (for enumerating values), and the loose annotations. It is a
// small scanner over tokens, enough for declarations; the full syntax tree
// is frontend/dafny's job.

// A dfyDecl is one method or function found in the file.
type dfyDecl struct {
	Kind      string // "method", "function", "predicate", "lemma", ...
	Name      string
	Line      int
	Ghost     bool
	Container string // enclosing module or class, "" at top level
	Params    []dfyParam
	Results   []dfyParam // methods: returns (...); functions: one, Name may be ""
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
	// Decreases is set when the declaration or one of its loops says
	// "decreases *": it may not terminate, so verifying it says nothing of
	// what it returns.
	DecreasesStar bool
	// MainSpan is the byte range of the name token of a top-level Main, so
	// the copy given to Dafny can rename it.
	NameStart, NameEnd int
	// KindStart is the byte offset of the declaration's keyword, End the
	// offset just past its last clause or body.
	KindStart, End int
}

type dfyParam struct {
	Name string
	Type string
}

type dfyDatatype struct {
	Name      string
	Line      int
	TypeParam bool
	Ctors     []dfyCtor
}

type dfyCtor struct {
	Name   string
	Fields []dfyParam
}

type dfyFile struct {
	Decls     []*dfyDecl
	Datatypes map[string]*dfyDatatype
	Includes  []string
	// Assumes are the lines of the assume statements, in source order.
	Assumes []int
	// Attrs are the {:axiom} and {:verify false} attributes wherever they
	// stand, in source order.
	Attrs []attr
}

type attr struct {
	text string
	line int
}

type token struct {
	text       string
	line       int
	start, end int
	kind       byte // 'i' identifier/keyword, 'n' number, 's' string, 'c' char, 'p' punctuation
}

type comment struct {
	text string
	line int
}

// lexDafny splits src into tokens and line comments. It reports an
// unterminated comment or string with its line.
func lexDafny(src string) ([]token, []comment, error) {
	var toks []token
	var comments []comment
	line := 1
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			comments = append(comments, comment{src[i+2 : i+j], line})
			i += j
		case strings.HasPrefix(src[i:], "/*"):
			depth, j, start := 0, i, line
			for j < len(src) {
				if strings.HasPrefix(src[j:], "/*") {
					depth++
					j += 2
				} else if strings.HasPrefix(src[j:], "*/") {
					depth--
					j += 2
					if depth == 0 {
						break
					}
				} else {
					if src[j] == '\n' {
						line++
					}
					j++
				}
			}
			if depth != 0 {
				return nil, nil, fmt.Errorf("line %d: unterminated comment", start)
			}
			i = j
		case c == '"' || (c == '@' && i+1 < len(src) && src[i+1] == '"'):
			j := i + 1
			verbatim := c == '@'
			if verbatim {
				j++
			}
			start := line
			for ; j < len(src); j++ {
				if src[j] == '\n' {
					line++
				}
				if !verbatim && src[j] == '\\' {
					j++
					continue
				}
				if src[j] == '"' {
					if verbatim && j+1 < len(src) && src[j+1] == '"' {
						j++
						continue
					}
					break
				}
			}
			if j >= len(src) {
				return nil, nil, fmt.Errorf("line %d: unterminated string", start)
			}
			toks = append(toks, token{src[i : j+1], start, i, j + 1, 's'})
			i = j + 1
		case c == '\'' && charLiteralAt(src, i) > 0:
			n := charLiteralAt(src, i)
			toks = append(toks, token{src[i : i+n], line, i, i + n, 'c'})
			i += n
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			toks = append(toks, token{src[i:j], line, i, j, 'i'})
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(src) && (isIdentPart(src[j]) || src[j] == '.' && j+1 < len(src) && src[j+1] >= '0' && src[j+1] <= '9') {
				j++
			}
			toks = append(toks, token{src[i:j], line, i, j, 'n'})
			i = j
		default:
			n := 1
			for _, op := range []string{"<==>", "==>", "<==", "::", ":=", ":|", "==", "!=", "<=", ">=", "&&", "||", "!!", "..", "=>", "{:", "!in"} {
				if strings.HasPrefix(src[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, token{src[i : i+n], line, i, i + n, 'p'})
			i += n
		}
	}
	return toks, comments, nil
}

// charLiteralAt returns the length of the character literal at src[i], or 0
// when the quote is part of an identifier such as x'.
func charLiteralAt(src string, i int) int {
	if i > 0 && isIdentPart(src[i-1]) {
		return 0
	}
	j := i + 1
	if j >= len(src) {
		return 0
	}
	if src[j] == '\\' {
		j++
		if j < len(src) && src[j] == 'u' {
			j += 5
		} else {
			j++
		}
	} else {
		r := []rune(src[j:min(len(src), j+4)])
		if len(r) == 0 {
			return 0
		}
		j += len(string(r[0]))
	}
	if j < len(src) && src[j] == '\'' {
		return j + 1 - i
	}
	return 0
}

func isIdentStart(c byte) bool { return c == '_' || c >= 0x80 || unicode.IsLetter(rune(c)) }
func isIdentPart(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '\'' || c == '?'
}

var declKeywords = map[string]bool{
	"method": true, "function": true, "predicate": true, "lemma": true, "constructor": true,
	"datatype": true, "codatatype": true, "class": true, "trait": true, "module": true,
	"type": true, "const": true, "var": true, "iterator": true, "import": true, "include": true,
	"newtype": true, "ghost": true, "static": true, "twostate": true, "least": true, "greatest": true,
	"inductive": true, "copredicate": true, "colemma": true, "abstract": true, "opaque": true, "export": true,
}

var clauseKeywords = map[string]bool{"requires": true, "ensures": true, "modifies": true, "reads": true, "decreases": true}

// extractDafny reads the declarations of src.
func extractDafny(src string) (*dfyFile, error) {
	toks, comments, err := lexDafny(src)
	if err != nil {
		return nil, err
	}
	f := &dfyFile{Datatypes: map[string]*dfyDatatype{}}
	p := &extractor{src: src, toks: toks, f: f}
	p.items(0, len(toks), "")
	for i, t := range toks {
		switch {
		case t.kind == 'i' && t.text == "assume":
			f.Assumes = append(f.Assumes, t.line)
		case t.text == "{:" && i+1 < len(toks) && toks[i+1].text == "axiom":
			f.Attrs = append(f.Attrs, attr{"{:axiom}", t.line})
		case t.text == "{:" && i+2 < len(toks) && toks[i+1].text == "verify" && toks[i+2].text == "false":
			f.Attrs = append(f.Attrs, attr{"{:verify false}", t.line})
		}
	}
	// Loose comments: "// surety:loose (r1, r2) => EXPR" on the lines right
	// above a declaration (attributes may sit between).
	for _, d := range f.Decls {
		if d.Loose != "" {
			continue
		}
		for _, c := range comments {
			if c.line < d.Line && c.line >= d.Line-3 {
				if e, ok := parseLooseComment(c.text); ok {
					d.Loose = e
				}
			}
		}
	}
	return f, nil
}

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

type extractor struct {
	src  string
	toks []token
	f    *dfyFile
}

// matching returns the index of the bracket closing the one at i.
func (p *extractor) matching(i int) int {
	open := p.toks[i].text
	if open == "{:" {
		open = "{"
	}
	closeTok := map[string]string{"{": "}", "(": ")", "[": "]"}[open]
	depth := 0
	for j := i; j < len(p.toks); j++ {
		switch p.toks[j].text {
		case "{", "{:", "(", "[":
			depth++
		case "}", ")", "]":
			depth--
			if depth == 0 {
				if p.toks[j].text != closeTok {
					return j
				}
				return j
			}
		}
	}
	return len(p.toks) - 1
}

// items walks declarations in toks[i:end] inside container.
func (p *extractor) items(i, end int, container string) {
	for i < end {
		t := p.toks[i]
		switch {
		case t.text == "include" && i+1 < end && p.toks[i+1].kind == 's':
			p.f.Includes = append(p.f.Includes, p.toks[i+1].text)
			i += 2
		case t.text == "module" || t.text == "class" || t.text == "trait":
			j := i + 1
			for j < end && p.toks[j].text == "{:" {
				j = p.matching(j) + 1
			}
			name := ""
			if j < end {
				name = p.toks[j].text
			}
			for j < end && p.toks[j].text != "{" {
				j++
			}
			if j >= end {
				return
			}
			k := p.matching(j)
			inner := name
			if container != "" {
				inner = container + "." + name
			}
			p.items(j+1, k, inner)
			i = k + 1
		case t.text == "datatype" || t.text == "codatatype":
			i = p.datatype(i, end, container)
		case t.text == "method" || t.text == "function" || t.text == "predicate" || t.text == "lemma" || t.text == "constructor" || t.text == "copredicate" || t.text == "colemma":
			i = p.decl(i, end, container)
		case t.text == "{" || t.text == "{:" || t.text == "(" || t.text == "[":
			i = p.matching(i) + 1
		default:
			i++
		}
	}
}

func (p *extractor) modifiersBefore(i int) (ghost, opaque bool) {
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		switch p.toks[j].text {
		case "ghost", "least", "greatest", "inductive", "twostate":
			ghost = true
		case "opaque":
			opaque = true
		case "static", "abstract":
		default:
			return ghost, opaque
		}
	}
	return ghost, opaque
}

// attribute reads the attribute {: ... } starting at toks[j] into d.
func (p *extractor) attribute(d *dfyDecl, j, k int) {
	if j+1 >= k {
		return
	}
	switch name := p.toks[j+1].text; {
	case name == "loose" && j+2 < k && p.toks[j+2].kind == 's':
		d.Loose = unquote(p.toks[j+2].text)
	case name == "opaque":
		d.Opaque = true
	case name == "axiom":
		d.Unchecked = "{:axiom}"
	case name == "verify" && j+2 < k && p.toks[j+2].text == "false":
		d.Unchecked = "{:verify false}"
	}
}

func (p *extractor) decl(i, end int, container string) int {
	d := &dfyDecl{Kind: p.toks[i].text, Line: p.toks[i].line, Container: container, KindStart: p.toks[i].start}
	d.Ghost, d.Opaque = p.modifiersBefore(i)
	j := i + 1
	if d.Kind == "function" && j < end && p.toks[j].text == "method" {
		j++
		d.Kind = "function method"
	} else if d.Kind == "predicate" && j < end && p.toks[j].text == "method" {
		j++
		d.Kind = "predicate method"
	}
	for j < end && p.toks[j].text == "{:" {
		k := p.matching(j)
		p.attribute(d, j, k)
		j = k + 1
	}
	if j >= end || p.toks[j].kind != 'i' {
		return j
	}
	d.Name = p.toks[j].text
	d.NameStart, d.NameEnd = p.toks[j].start, p.toks[j].end
	j++
	if j < end && p.toks[j].text == "<" {
		d.TypeParam = true
		for depth := 0; j < end; j++ {
			if p.toks[j].text == "<" {
				depth++
			} else if p.toks[j].text == ">" {
				depth--
				if depth == 0 {
					j++
					break
				}
			}
		}
	}
	if j < end && p.toks[j].text == "(" {
		k := p.matching(j)
		d.Params = p.params(j+1, k)
		j = k + 1
	}
	switch {
	case j < end && p.toks[j].text == "returns" && j+1 < end && p.toks[j+1].text == "(":
		k := p.matching(j + 1)
		d.Results = p.params(j+2, k)
		j = k + 1
	case j < end && p.toks[j].text == ":":
		j++
		if j < end && p.toks[j].text == "(" && j+2 < end && p.toks[j+2].text == ":" {
			k := p.matching(j)
			d.Results = p.params(j+1, k)
			j = k + 1
		} else {
			start := j
			j = p.typeEnd(j, end)
			d.Results = []dfyParam{{Type: p.text(start, j)}}
		}
	}
	if strings.HasPrefix(d.Kind, "predicate") && len(d.Results) == 0 {
		d.Results = []dfyParam{{Type: "bool"}}
	}
	// Clauses until the body or the next declaration.
	for j < end {
		t := p.toks[j]
		if clauseKeywords[t.text] {
			k := j + 1
			for k < end && p.toks[k].text == "{:" {
				k = p.matching(k) + 1
			}
			if t.text == "decreases" && k < end && p.toks[k].text == "*" {
				// Not an expression: "* {" must not read as a set display.
				d.DecreasesStar = true
				j = k + 1
				continue
			}
			start := k
			k = p.exprEnd(k, end)
			e := p.text(start, k)
			switch t.text {
			case "requires":
				d.Requires = append(d.Requires, e)
			case "ensures":
				d.Ensures = append(d.Ensures, e)
			case "modifies", "reads":
				d.Modifies = true
			}
			j = k
			continue
		}
		if t.text == "{" {
			d.HasBody = true
			k := p.matching(j)
			for b := j; b < k; b++ {
				if p.toks[b].text == "decreases" && p.toks[b+1].text == "*" {
					d.DecreasesStar = true
				}
			}
			j = k + 1
		}
		break
	}
	if j > 0 && j <= len(p.toks) {
		d.End = p.toks[j-1].end
	}
	p.f.Decls = append(p.f.Decls, d)
	return j
}

// exprEnd finds where a clause's expression ends: at the next clause
// keyword, declaration keyword or body brace outside brackets.
func (p *extractor) exprEnd(j, end int) int {
	for j < end {
		t := p.toks[j]
		switch {
		case t.text == "(" || t.text == "[" || t.text == "{:":
			j = p.matching(j) + 1
			continue
		case t.text == "{":
			if j > 0 && isOperandEnd(p.toks[j-1]) {
				return j
			}
			j = p.matching(j) + 1
			continue
		case t.kind == 'i' && (clauseKeywords[t.text] || declKeywords[t.text] || t.text == "invariant"):
			return j
		}
		j++
	}
	return j
}

func isOperandEnd(t token) bool {
	switch t.kind {
	case 'n', 's', 'c':
		return true
	case 'i':
		switch t.text {
		case "in", "then", "else", "return", "returns", "requires", "ensures", "reads", "modifies", "decreases":
			return false
		}
		return true
	}
	return t.text == ")" || t.text == "]" || t.text == "}" || t.text == ">"
}

func (p *extractor) typeEnd(j, end int) int {
	depth := 0
	for ; j < end; j++ {
		switch p.toks[j].text {
		case "<", "(", "[":
			depth++
		case ">", ")", "]":
			if depth == 0 {
				return j
			}
			depth--
		case ",", "{", "{:", "|", "=":
			if depth == 0 {
				return j
			}
		default:
			if depth == 0 && (clauseKeywords[p.toks[j].text] || declKeywords[p.toks[j].text]) {
				return j
			}
		}
	}
	return j
}

// params reads "a: T, ghost b: U" in toks[j:k].
func (p *extractor) params(j, k int) []dfyParam {
	var ps []dfyParam
	for j < k {
		for j < k && (p.toks[j].text == "ghost" || p.toks[j].text == "nameonly" || p.toks[j].text == "older" || p.toks[j].text == "new") {
			j++
		}
		if j+1 >= k || p.toks[j+1].text != ":" {
			// an unnamed field (datatype constructor)
			start := j
			j = p.typeEnd(j, k)
			ps = append(ps, dfyParam{Type: p.text(start, j)})
		} else {
			name := p.toks[j].text
			start := j + 2
			j = p.typeEnd(start, k)
			ps = append(ps, dfyParam{Name: name, Type: p.text(start, j)})
		}
		if j < k && p.toks[j].text == ":=" { // default value
			for j < k && p.toks[j].text != "," {
				j++
			}
		}
		if j < k && p.toks[j].text == "," {
			j++
		} else if j < k {
			j++
		}
	}
	return ps
}

func (p *extractor) datatype(i, end int, container string) int {
	dt := &dfyDatatype{Line: p.toks[i].line}
	j := i + 1
	for j < end && p.toks[j].text == "{:" {
		j = p.matching(j) + 1
	}
	if j >= end {
		return j
	}
	dt.Name = p.toks[j].text
	j++
	if j < end && p.toks[j].text == "<" {
		dt.TypeParam = true
		for j < end && p.toks[j].text != "=" {
			j++
		}
	}
	if j >= end || p.toks[j].text != "=" {
		return j
	}
	j++
	for j < end {
		if p.toks[j].text == "|" {
			j++
			continue
		}
		for j < end && p.toks[j].text == "{:" {
			j = p.matching(j) + 1
		}
		if j >= end || p.toks[j].kind != 'i' || declKeywords[p.toks[j].text] {
			break
		}
		c := dfyCtor{Name: p.toks[j].text}
		j++
		if j < end && p.toks[j].text == "(" {
			k := p.matching(j)
			c.Fields = p.params(j+1, k)
			j = k + 1
		}
		dt.Ctors = append(dt.Ctors, c)
		if j >= end || p.toks[j].text != "|" {
			break
		}
	}
	if j < end && p.toks[j].text == "{" { // members
		j = p.matching(j) + 1
	}
	if container == "" {
		p.f.Datatypes[dt.Name] = dt
	}
	return j
}

func (p *extractor) text(i, j int) string {
	if i >= j || i >= len(p.toks) {
		return ""
	}
	return p.src[p.toks[i].start:p.toks[j-1].end]
}

func unquote(s string) string {
	s = strings.TrimPrefix(strings.TrimSuffix(s, `"`), `"`)
	s = strings.ReplaceAll(s, `\"`, `"`)
	return strings.ReplaceAll(s, `\\`, `\`)
}
