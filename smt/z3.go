package smt

import "strings"

// z3Script is text, the script sc was parsed from, as z3 reads it
// fastest: each constant defined by (define-fun c () S t) is declared and
// asserted equal to t instead. z3 4.8 expands a defined constant at each
// use, and the translations of the native engine define a constant for
// every subterm they share: on the proof steps of SV-COMP's
// apache-get-tag (104 formulas of 20 KB) z3 spent 49 CPU-s, 26 with the
// constants declared, the same answers. The two scripts have the same
// models on the symbols of text. Each command starts on the line it
// starts on in text, so z3's errors name the script's own lines.
func z3Script(sc *script, text string) string {
	defines := false
	for _, c := range sc.cmds {
		if definedConst(c) {
			defines = true
			break
		}
	}
	if !defines {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/4)
	line := 1
	for _, c := range sc.cmds {
		for ; line < c.line; line++ {
			b.WriteByte('\n')
		}
		if !definedConst(c) {
			c.write(&b)
			b.WriteByte(' ')
			continue
		}
		name, sort, body := c.list[1], c.list[3], c.list[4]
		b.WriteString("(declare-fun ")
		name.write(&b)
		b.WriteString(" () ")
		sort.write(&b)
		b.WriteString(") (assert (= ")
		name.write(&b)
		b.WriteByte(' ')
		body.write(&b)
		b.WriteString(")) ")
	}
	return b.String()
}

// definedConst reports whether c is (define-fun name () sort body).
func definedConst(c sexp) bool {
	return c.head() == "define-fun" && len(c.list) == 5 && c.list[2].isList && len(c.list[2].list) == 0
}
