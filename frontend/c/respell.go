package c

import (
	"bytes"
	"regexp"
)

// gnuSpellings are GNU C's alternate spellings of standard keywords that
// the grammar does not know. glibc's headers use them (`__const char
// *__file` in assert.h), so every preprocessed SV-COMP task (.i) that
// includes one does too.
var gnuSpellings = regexp.MustCompile(`\b(?:__const__|__const|__volatile__|__volatile|__signed__|__signed)\b`)

// Respell returns src with GNU's alternate spellings of keywords (__const,
// __volatile__, __signed__, ...) written the standard way and padded with
// spaces, so that every offset, line and column stays the same. Parse does
// it itself; an engine that parses C with the same grammar calls it
// first. It returns src itself, not a copy, when there is nothing to
// respell.
func Respell(src []byte) []byte {
	if !bytes.Contains(src, []byte("__")) {
		return src
	}
	locs := gnuSpellings.FindAllIndex(src, -1)
	if locs == nil {
		return src
	}
	out := bytes.Clone(src)
	for _, l := range locs {
		word := bytes.Trim(src[l[0]:l[1]], "_")
		n := copy(out[l[0]:l[1]], word)
		for i := l[0] + n; i < l[1]; i++ {
			out[i] = ' '
		}
	}
	return out
}
