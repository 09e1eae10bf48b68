package c

import (
	"bytes"
	"strings"
)

// gnuSpellings are GNU C's alternate spellings of standard keywords that
// the grammar does not know, longest first where one begins another.
// glibc's headers use them (`__const char *__file` in assert.h), so every
// preprocessed SV-COMP task (.i) that includes one does too.
var gnuSpellings = [...]string{"__const__", "__const", "__volatile__", "__volatile", "__signed__", "__signed"}

// Respell returns src with GNU's alternate spellings of keywords (__const,
// __volatile__, __signed__, ...) written the standard way and padded with
// spaces, so that every offset, line and column stays the same. Parse does
// it itself; an engine that parses C with the same grammar calls it
// first. It returns src itself, not a copy, when there is nothing to
// respell. A spelling counts only as a whole word: __constant and
// x__const are left alone.
//
// It scans for "__" by hand: nearly every file of a kernel has some, and
// a regular expression over every such file cost a third of what
// extraction adds to parsing.
func Respell(src []byte) []byte {
	var out []byte
	for i := 0; i+1 < len(src); {
		j := bytes.Index(src[i:], []byte("__"))
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		if at > 0 && isWordByte(src[at-1]) {
			continue
		}
		for _, w := range gnuSpellings {
			end := at + len(w)
			if !bytes.HasPrefix(src[at:], []byte(w)) || end < len(src) && isWordByte(src[end]) {
				continue
			}
			if out == nil {
				out = bytes.Clone(src)
			}
			word := strings.Trim(w, "_")
			n := copy(out[at:end], word)
			for k := at + n; k < end; k++ {
				out[k] = ' '
			}
			i = end
			break
		}
	}
	if out == nil {
		return src
	}
	return out
}

// isWordByte reports whether b may be part of an identifier.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
