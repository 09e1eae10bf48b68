package c

import (
	"bytes"
)

// blankDead returns src with the text that no compiler sees, and that
// tree-sitter cannot parse, replaced by spaces (newlines kept, so every
// offset, line and column stays the same):
//
//   - the lines inside #if 0 ... up to the matching #else, #elif or #endif;
//   - the lone `extern "C" {` and `}` lines of C++ guards
//     (#ifdef __cplusplus / extern "C" { / #endif), whose unbalanced
//     braces would swallow the rest of a header.
//
// It returns src itself, not a copy, when there is nothing to blank.
func blankDead(src []byte) []byte {
	if !bytes.Contains(src, []byte("#if")) && !bytes.Contains(src, []byte("# if")) {
		return src
	}
	var out []byte // a copy, made at the first change
	blank := func(from, to int) {
		if out == nil {
			out = bytes.Clone(src)
		}
		for i := from; i < to; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	type line struct{ start, end int } // end excludes the newline
	next := func(i int) line {
		e := bytes.IndexByte(src[i:], '\n')
		if e < 0 {
			return line{i, len(src)}
		}
		return line{i, i + e}
	}
	for i := 0; i < len(src); {
		l := next(i)
		i = l.end + 1
		d, arg := directive(src[l.start:l.end])
		switch {
		case d == "if" && (string(arg) == "0" || bytes.HasPrefix(arg, []byte("0 ")) || bytes.HasPrefix(arg, []byte("0\t")) || bytes.HasPrefix(arg, []byte("0/"))):
			// Blank up to the matching #else, #elif or #endif.
			depth, from, found := 0, i, false
			for i < len(src) && !found {
				m := next(i)
				d, _ := directive(src[m.start:m.end])
				switch {
				case d == "if" || d == "ifdef" || d == "ifndef":
					depth++
				case depth == 0 && (d == "endif" || d == "else" || d == "elif"):
					found = true
					continue // i stays on the directive, which is kept
				case d == "endif":
					depth--
				}
				i = m.end + 1
			}
			// Unterminated, it runs to the end of the file.
			blank(from, min(i, len(src)))
		case (d == "ifdef" && bytes.Equal(arg, []byte("__cplusplus"))) || (d == "if" && bytes.Equal(arg, []byte("defined(__cplusplus)"))):
			body := next(min(i, len(src)))
			if i >= len(src) || body.end+1 > len(src) {
				continue
			}
			end := next(body.end + 1)
			t := bytes.TrimSpace(src[body.start:body.end])
			if ed, _ := directive(src[end.start:end.end]); ed == "endif" &&
				(bytes.Equal(t, []byte(`extern "C" {`)) || bytes.Equal(t, []byte("}"))) {
				blank(body.start, body.end)
			}
		}
	}
	if out == nil {
		return src
	}
	return out
}

// directive returns the name and argument of a preprocessor line
// ("if", "0"), or "" when the line is not a directive.
func directive(l []byte) (string, []byte) {
	l = bytes.TrimLeft(l, " \t")
	if len(l) == 0 || l[0] != '#' {
		return "", nil
	}
	l = bytes.TrimLeft(l[1:], " \t")
	n := 0
	for n < len(l) && (l[n] >= 'a' && l[n] <= 'z') {
		n++
	}
	return string(l[:n]), bytes.TrimSpace(l[n:])
}

// mayHoldCode reports whether src has a parenthesis outside preprocessor
// lines. Without one it can hold no function, prototype or call, and
// Parse skips the parse: generated headers of #defines (a third of the
// Linux tree's bytes) cost only this scan. Comments and strings are not
// told apart from code, which errs towards parsing.
func mayHoldCode(src []byte) bool {
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j < len(src) && src[j] == '#' {
			// A directive, with its continuation lines.
			for {
				e := bytes.IndexByte(src[j:], '\n')
				if e < 0 {
					return false
				}
				j += e
				if k := j - 1; k >= 0 && src[k] == '\\' || (k >= 1 && src[k] == '\r' && src[k-1] == '\\') {
					j++
					continue
				}
				break
			}
			i = j + 1
			continue
		}
		e := bytes.IndexByte(src[i:], '\n')
		if e < 0 {
			e = len(src) - i
		}
		if bytes.IndexByte(src[i:i+e], '(') >= 0 {
			return true
		}
		i += e + 1
	}
	return false
}
