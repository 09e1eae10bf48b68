package smt

import (
	"strings"
)

// Format pretty-prints SMT-LIB text: one command per line, and any list
// longer than width columns broken with its arguments indented under it.
// Comments are dropped; symbols, literals and strings are kept exactly.
// width <= 0 means 80. The error names the line of a syntax error.
func Format(text string, width int) (string, error) {
	if width <= 0 {
		width = 80
	}
	cmds, err := parseSexps(text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range cmds {
		formatSexp(&b, c, 0, width)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func formatSexp(b *strings.Builder, e sexp, indent, width int) {
	flat := e.String()
	if !e.isList || len(e.list) == 0 || indent+len(flat) <= width {
		b.WriteString(flat)
		return
	}
	// (head first-arg
	//   rest...)
	b.WriteByte('(')
	formatSexp(b, e.list[0], indent+1, width)
	for _, sub := range e.list[1:] {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", indent+2))
		formatSexp(b, sub, indent+2, width)
	}
	b.WriteByte(')')
}
