// Package split splits the comma-separated lists of C and Dafny text at
// their top-level commas: a call's arguments, a tuple's types.
package split

import "strings"

// Commas says which commas of a list are top-level: those outside the
// brackets it names and, with Literals, outside string and character
// literals. The zero value splits at every comma.
type Commas struct {
	// Open and Close are the opening and closing bracket bytes; "" means
	// none. A closing bracket closes the innermost open one, whatever its
	// kind: the text is taken to balance.
	Open, Close string
	// Literals steps over string and character literals: from a '"' or
	// '\'' to the next same quote, past backslash escapes. false means a
	// quote is a byte like any other.
	Literals bool
	// Stop ends the list at the first closing bracket that closes none
	// opened in it, the ")" that ends a call whose text runs on; false
	// means such a bracket is passed over (and the commas after it, until
	// an opening bracket balances it, are not top-level).
	Stop bool
	// Trim removes white space around each part; false means the parts
	// are as written.
	Trim bool
}

// Split splits s at its top-level commas and returns the parts, in
// order: one part for s with no top-level comma, "" included.
func (c Commas) Split(s string) []string {
	var parts []string
	part := func(p string) string {
		if c.Trim {
			return strings.TrimSpace(p)
		}
		return p
	}
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case c.Literals && (b == '"' || b == '\''):
			for i++; i < len(s) && s[i] != b; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case strings.IndexByte(c.Open, b) >= 0:
			depth++
		case strings.IndexByte(c.Close, b) >= 0:
			if depth == 0 && c.Stop {
				return append(parts, part(s[start:i]))
			}
			depth--
		case b == ',':
			if depth == 0 {
				parts = append(parts, part(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, part(s[start:]))
}
