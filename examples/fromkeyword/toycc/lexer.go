package main

// This file ports examples/fromkeyword/src/lexer.rs and token.rs line for
// line, bug included: fromKeyword rejects every identifier whose first
// byte is outside a set of 16 characters before it matches keywords, so
// nullptr is lexed as an identifier.

type tokKind int

const (
	tKeyword tokKind = iota
	tIdent
	tNumber
	tPunct
)

type token struct {
	kind      tokKind
	text      string
	line, col int
}

// fromKeyword is TokenKind::from_keyword: it returns the keyword and true,
// or false for an identifier.
func fromKeyword(s string, gnuExtensions bool) (string, bool) {
	first := s[0]
	switch first {
	case 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'i', 'l', 'r', 's', 't', 'u', 'v', 'w', '_':
	default:
		return "", false
	}
	switch s {
	case "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
		"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
		"nullptr", "register", "restrict", "return", "short", "signed", "sizeof", "static",
		"struct", "switch", "typedef", "typeof", "union", "unsigned", "void", "volatile",
		"while", "true", "false":
		return s, true
	case "bool", "_Bool":
		return "bool", true
	case "asm", "__asm__":
		if gnuExtensions {
			return "asm", true
		}
	}
	return "", false
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// tokenize is lexer::tokenize, with line and column kept for diagnostics.
func tokenize(src []byte, gnu bool) []token {
	var out []token
	line, lineStart := 1, 0
	pos := 0
	for pos < len(src) {
		c := src[pos]
		col := pos - lineStart + 1
		switch {
		case isSpace(c):
			if c == '\n' {
				line, lineStart = line+1, pos+1
			}
			pos++
		case isAlpha(c) || c == '_':
			start := pos
			for pos < len(src) && (isAlpha(src[pos]) || isDigit(src[pos]) || src[pos] == '_') {
				pos++
			}
			ident := string(src[start:pos])
			// Keywords are reserved: an identifier spelled like a keyword is that keyword.
			if kw, ok := fromKeyword(ident, gnu); ok {
				out = append(out, token{tKeyword, kw, line, col})
			} else {
				out = append(out, token{tIdent, ident, line, col})
			}
		case isDigit(c):
			start := pos
			for pos < len(src) && isDigit(src[pos]) {
				pos++
			}
			out = append(out, token{tNumber, string(src[start:pos]), line, col})
		default:
			out = append(out, token{tPunct, string(c), line, col})
			pos++
		}
	}
	return out
}
