package bmc

import (
	"sort"
	"strings"
)

// skeleton answers logical-line questions (Definition 2): which bytes of
// the source are skeleton content, that is neither white space nor part of
// an assertion statement. Everything is computed once, so that a question
// costs at most the length of two lines: parsing stays linear in the size
// of the file.
type skeleton struct {
	src     []byte
	asserts []rawAssert // sorted by start, not overlapping
	// lineStart[i] is the offset where line i+1 starts.
	lineStart []int
	// content[off] says whether byte off is skeleton content.
	content []bool
	// fullLines[i] counts the lines before line i+1 with any content.
	fullLines []int
}

func newSkeleton(src []byte, asserts []rawAssert) *skeleton {
	s := &skeleton{src: src, asserts: asserts, lineStart: []int{0}, content: make([]bool, len(src))}
	for i, b := range src {
		if b == '\n' {
			s.lineStart = append(s.lineStart, i+1)
		}
	}
	next := 0 // the first assertion not ending before off
	for off, b := range src {
		for next < len(asserts) && asserts[next].end <= off {
			next++
		}
		in := next < len(asserts) && asserts[next].start <= off
		switch b {
		case ' ', '\t', '\n', '\r', '\f', '\v':
		default:
			s.content[off] = !in
		}
	}
	s.fullLines = make([]int, len(s.lineStart)+1)
	for l := range s.lineStart {
		has := 0
		for off := s.lineStart[l]; off < s.lineEnd(l); off++ {
			if s.content[off] {
				has = 1
				break
			}
		}
		s.fullLines[l+1] = s.fullLines[l] + has
	}
	return s
}

// lineEnd is the offset just past line index l (its newline excluded).
func (s *skeleton) lineEnd(l int) int {
	if l+1 < len(s.lineStart) {
		return s.lineStart[l+1] - 1
	}
	return len(s.src)
}

// inAssertion reports whether off lies in an assertion statement.
func (s *skeleton) inAssertion(off int) bool {
	i := sort.Search(len(s.asserts), func(i int) bool { return s.asserts[i].end > off })
	return i < len(s.asserts) && s.asserts[i].start <= off
}

// linesBefore counts the lines from the one holding from up to the one
// holding at that have skeleton content at an offset in [from, at). With
// self it counts, in addition, the line holding at itself: a call's logical
// line is the skeleton line it is on, an assertion's is the number of
// skeleton lines before it.
func (s *skeleton) linesBefore(from, at int, self bool) int {
	at = min(at, len(s.src))
	if from >= at {
		if self {
			return 1
		}
		return 0
	}
	lf, la := s.lineIndex(from), s.lineIndex(at)
	has := func(lo, hi int) bool {
		for off := lo; off < hi; off++ {
			if s.content[off] {
				return true
			}
		}
		return false
	}
	n := 0
	lastCounted := -1
	if lf == la {
		if has(from, at) {
			n, lastCounted = 1, lf
		}
	} else {
		if has(from, s.lineEnd(lf)) {
			n++
		}
		n += s.fullLines[la] - s.fullLines[lf+1] // whole lines between
		if has(s.lineStart[la], at) {
			n, lastCounted = n+1, la
		}
	}
	if self && lastCounted != la {
		n++
	}
	return n
}

// normalizePred puts a predicate on one line: comments dropped, runs of
// white space outside string and character literals collapsed to one space,
// and the ends trimmed.
func normalizePred(p string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '"' || c == '\'':
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			j := i + 1
			for j < len(p) && p[j] != c {
				if p[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(p) {
				j = len(p) - 1
			}
			b.WriteString(p[i : j+1])
			i = j
			continue
		case c == '/' && i+1 < len(p) && p[i+1] == '/':
			for i < len(p) && p[i] != '\n' {
				i++
			}
			space = true
			continue
		case c == '/' && i+1 < len(p) && p[i+1] == '*':
			end := strings.Index(p[i+2:], "*/")
			if end < 0 {
				i = len(p)
			} else {
				i += 2 + end + 1
			}
			space = true
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '\\':
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	return b.String()
}

// lineIndex returns the 0-based index of the line holding off.
func (s *skeleton) lineIndex(off int) int {
	return sort.Search(len(s.lineStart), func(i int) bool { return s.lineStart[i] > off }) - 1
}

// line returns the 1-based line of off.
func (s *skeleton) line(off int) int { return s.lineIndex(off) + 1 }
