package bmc

import "strings"

// skeleton answers logical-line questions (Definition 2): which bytes of
// the source are skeleton content, that is neither white space nor part of
// an assertion statement.
type skeleton struct {
	src     []byte
	asserts []rawAssert // sorted by start
	// lineStart[i] is the offset where line i+1 starts.
	lineStart []int
}

func newSkeleton(src []byte, asserts []rawAssert) *skeleton {
	s := &skeleton{src: src, asserts: asserts, lineStart: []int{0}}
	for i, b := range src {
		if b == '\n' {
			s.lineStart = append(s.lineStart, i+1)
		}
	}
	return s
}

func (s *skeleton) inAssertion(off int) bool {
	for _, a := range s.asserts {
		if a.start <= off && off < a.end {
			return true
		}
	}
	return false
}

// content reports whether byte off is skeleton content.
func (s *skeleton) content(off int) bool {
	switch s.src[off] {
	case ' ', '\t', '\n', '\r', '\f', '\v':
		return false
	}
	return !s.inAssertion(off)
}

// linesBefore counts the lines from the one holding from up to the one
// holding at that have skeleton content at an offset in [from, at). With
// self it counts, in addition, the line holding at itself: a call's logical
// line is the skeleton line it is on, an assertion's is the number of
// skeleton lines before it.
func (s *skeleton) linesBefore(from, at int, self bool) int {
	n := 0
	line := -1 // index of the line whose content was last counted
	for off := from; off < at && off < len(s.src); off++ {
		if !s.content(off) {
			continue
		}
		if l := s.lineIndex(off); l != line {
			n++
			line = l
		}
	}
	if self && s.lineIndex(at) != line {
		n++
	}
	return n
}

func (s *skeleton) lineIndex(off int) int {
	lo, hi := 0, len(s.lineStart)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if s.lineStart[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
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
