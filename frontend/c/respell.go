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
// spaces, and with the "..." of GNU's case ranges (`case 1 ... 3:`),
// which the grammar does not know, written "?: " (IsCaseRange), so that
// every offset, line and column stays the same. Parse does
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
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("..."))
		if j < 0 {
			break
		}
		at := i + j
		i = at + 3
		if !inCaseLabel(src, at) {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		copy(out[at:], "?: ")
	}
	if out == nil {
		return src
	}
	return out
}

// IsCaseRange reports whether the conditional whose "?" is at offset at
// of the respelled text is a case range that Respell wrote (orig is the
// text before respelling): `case lo ?: hi:` stands for `case lo ... hi:`.
func IsCaseRange(orig []byte, at int) bool {
	return at >= 0 && at+3 <= len(orig) && string(orig[at:at+3]) == "..." && inCaseLabel(orig, at)
}

// inCaseLabel reports whether the "..." at offset at lies between a
// case keyword and its label's colon: the text back to the last of
// ; { } : begins with the word case (after any directive lines), and the text on to the next colon
// holds none of ; { }. A case range whose bounds hold a colon (a
// character constant ':') is left alone, and stays a syntax error.
func inCaseLabel(src []byte, at int) bool {
	k := at - 1
	for k >= 0 && !bytes.ContainsRune([]byte(";{}:"), rune(src[k])) {
		k--
	}
	head := bytes.TrimLeft(src[k+1:at], " \t\r\n")
	for len(head) > 0 && head[0] == '#' {
		// a directive (#ifdef __GNUC__) before the label
		nl := bytes.IndexByte(head, '\n')
		if nl < 0 {
			return false
		}
		head = bytes.TrimLeft(head[nl:], " \t\r\n")
	}
	if !bytes.HasPrefix(head, []byte("case")) || len(head) == 4 || isWordByte(head[4]) {
		return false
	}
	rest := src[at+3:]
	end := bytes.IndexByte(rest, ':')
	return end >= 0 && !bytes.ContainsAny(rest[:end], ";{}")
}

// isWordByte reports whether b may be part of an identifier.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
