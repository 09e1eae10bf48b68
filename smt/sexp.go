package smt

import (
	"fmt"
	"strings"
)

// A sexp is one parsed S-expression. Atoms keep their text exactly as
// written: symbols with their |bars|, strings with their quotes.
type sexp struct {
	atom   string
	list   []sexp
	isList bool
	line   int // 1-based line where it starts
}

// parseSexps reads every S-expression in text. Comments (";" to end of
// line) are skipped. The error names the line and what is wrong.
func parseSexps(text string) ([]sexp, error) {
	p := &sexpParser{s: text, line: 1}
	var out []sexp
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return out, nil
		}
		e, err := p.parse()
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
}

type sexpParser struct {
	s    string
	i    int
	line int
}

func (p *sexpParser) skipSpace() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\n':
			p.line++
			p.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.i++
		case c == ';':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

func (p *sexpParser) parse() (sexp, error) {
	p.skipSpace()
	if p.i >= len(p.s) {
		return sexp{}, fmt.Errorf("line %d: unexpected end of input", p.line)
	}
	start := p.line
	switch c := p.s[p.i]; c {
	case '(':
		p.i++
		e := sexp{isList: true, line: start}
		for {
			p.skipSpace()
			if p.i >= len(p.s) {
				return sexp{}, fmt.Errorf("line %d: unclosed '(' (opened on line %d)", p.line, start)
			}
			if p.s[p.i] == ')' {
				p.i++
				if e.list == nil {
					e.list = []sexp{}
				}
				return e, nil
			}
			sub, err := p.parse()
			if err != nil {
				return sexp{}, err
			}
			e.list = append(e.list, sub)
		}
	case ')':
		return sexp{}, fmt.Errorf("line %d: unexpected ')'", p.line)
	case '|':
		j := strings.IndexByte(p.s[p.i+1:], '|')
		if j < 0 {
			return sexp{}, fmt.Errorf("line %d: unclosed '|' in quoted symbol", start)
		}
		text := p.s[p.i : p.i+j+2]
		p.line += strings.Count(text, "\n")
		p.i += j + 2
		return sexp{atom: text, line: start}, nil
	case '"':
		j := p.i + 1
		for {
			if j >= len(p.s) {
				return sexp{}, fmt.Errorf("line %d: unclosed string literal", start)
			}
			if p.s[j] == '"' {
				if j+1 < len(p.s) && p.s[j+1] == '"' { // "" is an escaped quote
					j += 2
					continue
				}
				break
			}
			j++
		}
		text := p.s[p.i : j+1]
		p.line += strings.Count(text, "\n")
		p.i = j + 1
		return sexp{atom: text, line: start}, nil
	default:
		j := p.i
		for j < len(p.s) && !strings.ContainsRune(" \t\r\n\f\v();|\"", rune(p.s[j])) {
			j++
		}
		text := p.s[p.i:j]
		p.i = j
		return sexp{atom: text, line: start}, nil
	}
}

// String prints e back as SMT-LIB text, one space between elements.
func (e sexp) String() string {
	if !e.isList {
		return e.atom
	}
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e sexp) write(b *strings.Builder) {
	if !e.isList {
		b.WriteString(e.atom)
		return
	}
	b.WriteByte('(')
	for i, sub := range e.list {
		if i > 0 {
			b.WriteByte(' ')
		}
		sub.write(b)
	}
	b.WriteByte(')')
}

// head returns the first atom of a list ("" if e is an atom, empty, or
// starts with a list).
func (e sexp) head() string {
	if !e.isList || len(e.list) == 0 || e.list[0].isList {
		return ""
	}
	return e.list[0].atom
}

// symbol returns an atom's symbol with |bars| removed.
func (e sexp) symbol() string {
	if e.isList {
		return ""
	}
	return unquoteSymbol(e.atom)
}

func unquoteSymbol(s string) string {
	if len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|' {
		return s[1 : len(s)-1]
	}
	return s
}

// stringValue returns the contents of a string literal atom, or the atom
// itself if it is not a string literal.
func (e sexp) stringValue() string {
	s := e.atom
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return unquoteSymbol(s)
}

// isIndexed reports whether e is (_ name ...).
func (e sexp) isIndexed(name string) bool {
	return e.isList && len(e.list) >= 2 && e.head() == "_" && !e.list[1].isList && e.list[1].atom == name
}
