package frontend

import "strings"

// Normalize drops comments (// to end of line, /* ... */) and collapses
// whitespace, leaving string and character literals alone: two texts that
// differ only in comments or layout normalise to the same string. It
// covers the comment syntax of C, Rust, Go and Dafny; a frontend whose
// language differs sets Language.Normalize.
func Normalize(src string) string {
	var b strings.Builder
	space := false
	emit := func(s string) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteString(s)
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			space = true
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				i = len(src)
			} else {
				i += end + 4
			}
			space = true
		case c == '"' || c == '`':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && c == '"' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			emit(src[i:j])
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			space = true
			i++
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\n\r\f\v\"`/", rune(src[j])) {
				j++
			}
			if j == i {
				j = i + 1
			}
			emit(src[i:j])
			i = j
		}
	}
	return b.String()
}
