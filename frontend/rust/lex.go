package rust

import "sort"

// tkind classifies the tokens of a macro's arguments, which tree-sitter
// leaves as an unparsed token tree. Reading them from the text with this
// small lexer costs far less than asking the tree for each token.
type tkind uint8

const (
	lxOther tkind = iota
	lxIdent
	lxLiteral // number, string, char
	lxLifetime
	lxOpen  // ( [ {
	lxClose // ) ] }
	lxColon2
	lxDot
	lxBang
	lxComma
	lxLt
	lxGt
	lxShr
	lxQuestion
	lxDollar
)

type token struct {
	kind       tkind
	delim      byte // for lxOpen and lxClose: the delimiter
	start, end int32
	match      int32 // for lxOpen: index of the matching lxClose, or -1
}

// lexTokens splits s[start:end] into tokens, matching delimiters. Comments
// and white space are dropped. Unbalanced delimiters are left unmatched.
func lexTokens(s string, start, end int, out []token) []token {
	out = out[:0]
	var stack []int32
	i := start
	for i < end {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < end && s[i+1] == '/':
			for i < end && s[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < end && s[i+1] == '*':
			depth := 0
			for i < end {
				if s[i] == '/' && i+1 < end && s[i+1] == '*' {
					depth++
					i += 2
				} else if s[i] == '*' && i+1 < end && s[i+1] == '/' {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					i++
				}
			}
			continue
		}
		t := token{start: int32(i), match: -1}
		switch {
		case (c == 'r' || c == 'b') && rawOrByteString(s, i, end) > i:
			i = rawOrByteString(s, i, end)
			t.kind = lxLiteral
		case isIdentStart(c):
			for i < end && isIdentCont(s[i]) {
				i++
			}
			if i < end && s[i] == '#' && i-int(t.start) == 1 && c == 'r' {
				i++ // r#ident
				for i < end && isIdentCont(s[i]) {
					i++
				}
			}
			t.kind = lxIdent
		case c >= '0' && c <= '9':
			for i < end && isIdentCont(s[i]) {
				i++
			}
			if i+1 < end && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
				for i < end && isIdentCont(s[i]) {
					i++
				}
			}
			t.kind = lxLiteral
		case c == '"':
			i = skipString(s, i+1, end)
			t.kind = lxLiteral
		case c == '\'':
			// A char literal 'x' or '\n', or a lifetime 'a.
			if i+2 < end && s[i+1] == '\\' {
				i = skipChar(s, i+2, end)
				t.kind = lxLiteral
			} else if j := i + 1 + runeLen(s, i+1, end); j < end && s[j] == '\'' {
				i = j + 1
				t.kind = lxLiteral
			} else {
				i++
				for i < end && isIdentCont(s[i]) {
					i++
				}
				t.kind = lxLifetime
			}
		case c == '(' || c == '[' || c == '{':
			i++
			t.kind, t.delim = lxOpen, c
			stack = append(stack, int32(len(out)))
		case c == ')' || c == ']' || c == '}':
			i++
			t.kind, t.delim = lxClose, c
			if n := len(stack); n > 0 {
				out[stack[n-1]].match = int32(len(out))
				stack = stack[:n-1]
			}
		case c == ':' && i+1 < end && s[i+1] == ':':
			i += 2
			t.kind = lxColon2
		case c == '.':
			if i+1 < end && s[i+1] == '.' {
				for i < end && (s[i] == '.' || s[i] == '=') {
					i++
				}
			} else {
				i++
				t.kind = lxDot
			}
		case c == '!':
			i++
			if i < end && s[i] == '=' {
				i++
			} else {
				t.kind = lxBang
			}
		case c == ',':
			i++
			t.kind = lxComma
		case c == '?':
			i++
			t.kind = lxQuestion
		case c == '$':
			i++
			t.kind = lxDollar
		case c == '<':
			i++
			if i < end && (s[i] == '=' || s[i] == '<') {
				i++
			} else {
				t.kind = lxLt
			}
		case c == '>':
			i++
			switch {
			case i < end && s[i] == '>':
				i++
				t.kind = lxShr
			case i < end && s[i] == '=':
				i++
			default:
				t.kind = lxGt
			}
		case c == '-' && i+1 < end && s[i+1] == '>', c == '=' && i+1 < end && (s[i+1] == '>' || s[i+1] == '='),
			c == '&' && i+1 < end && s[i+1] == '&', c == '|' && i+1 < end && s[i+1] == '|':
			i += 2
		default:
			i += max(1, runeLen(s, i, end))
		}
		t.end = int32(i)
		out = append(out, t)
	}
	return out
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentCont(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func runeLen(s string, i, end int) int {
	if i >= end {
		return 0
	}
	c := s[i]
	n := 1
	switch {
	case c >= 0xF0:
		n = 4
	case c >= 0xE0:
		n = 3
	case c >= 0xC0:
		n = 2
	}
	return min(n, end-i)
}

// skipString returns the index after the closing quote of a string whose
// body starts at i.
func skipString(s string, i, end int) int {
	for i < end {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '"':
			return i + 1
		}
		i++
	}
	return end
}

// skipChar returns the index after the closing quote of an escaped char
// literal whose escape starts at i (after the backslash).
func skipChar(s string, i, end int) int {
	for i < end && s[i] != '\'' {
		if s[i] == '\n' {
			return i
		}
		i++
	}
	return min(i+1, end)
}

// rawOrByteString returns the end of a literal starting at i with b"",
// b”, br"", r"" or r#""#, or i when there is none.
func rawOrByteString(s string, i, end int) int {
	j := i
	if s[j] == 'b' {
		j++
		if j < end && s[j] == '"' {
			return skipString(s, j+1, end)
		}
		if j < end && s[j] == '\'' {
			if j+1 < end && s[j+1] == '\\' {
				return skipChar(s, j+2, end)
			}
			if j+2 < end && s[j+2] == '\'' {
				return j + 3
			}
			return i
		}
	}
	if j >= end || s[j] != 'r' {
		return i
	}
	j++
	hashes := 0
	for j < end && s[j] == '#' {
		hashes++
		j++
	}
	if j >= end || s[j] != '"' {
		return i
	}
	j++
	for j < end {
		if s[j] == '"' {
			k := 0
			for k < hashes && j+1+k < end && s[j+1+k] == '#' {
				k++
			}
			if k == hashes {
				return j + 1 + k
			}
		}
		j++
	}
	return end
}

// lineIndex turns byte offsets into lines and columns.
type lineIndex struct {
	nl []int32 // offsets of the newlines
}

func newLineIndex(s string) *lineIndex {
	li := &lineIndex{}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			li.nl = append(li.nl, int32(i))
		}
	}
	return li
}

// pos returns the 1-based line and byte column of offset off.
func (li *lineIndex) pos(off int) (line, col int) {
	i := sort.Search(len(li.nl), func(k int) bool { return int(li.nl[k]) >= off })
	start := 0
	if i > 0 {
		start = int(li.nl[i-1]) + 1
	}
	return i + 1, off - start + 1
}
