package complete

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// This file lowers a file written for Dafny 4 to the Dafny 2 and 3
// spelling, when that is the Dafny installed (Debian's is 2.3): the file
// is read and checked as its author wrote it, and every line keeps its
// number, so every message, witness and line maps back to the user's file
// unchanged. What is lowered:
//
//   - ghost function, ghost predicate: function, predicate (ghost there);
//   - a function or predicate with a body that is not ghost (compiled in
//     Dafny 4): function method, predicate method;
//   - least and greatest predicates and lemmas: inductive predicate,
//     copredicate, inductive lemma, colemma;
//   - opaque function: function {:opaque}; reveal F; : reveal F();
//   - for loops, up (for i := lo to hi) and down (for i := hi downto lo):
//     a while loop over a fresh block, with the invariant lo <= i <= hi
//     that Dafny 4 gives a for loop, the body first and the step last
//     going up, the step first going down.
//
// What cannot be lowered (a for loop without an upper bound, one whose
// body cannot be found or holds a continue statement) is refused with an error naming the
// construct and its line.

// ErrDialect reports a construct of a newer Dafny that the installed one
// cannot read and the checker cannot lower; the error names it and its
// line.
var ErrDialect = errors.New("complete: construct the installed Dafny cannot read")

var (
	dafny4RE = regexp.MustCompile(`(?m)\bghost\s+(function|predicate)\b|\b(least|greatest)\s+(predicate|lemma)\b|^\s*for\s+\w+\s*(:\s*\w+\s*)?:=|\bopaque\s+function\b`)
	legacyRE = regexp.MustCompile(`\b(function|predicate)\s+method\b`)
)

// needsLowering reports whether src, read by a Dafny of dialect d, is
// written for Dafny 4: it uses a construct only Dafny 4 spells so, and no
// Dafny 3 one.
func needsLowering(src []byte, d Dialect) bool {
	if d != Legacy {
		return false
	}
	s := stripComments(string(src))
	return dafny4RE.MatchString(s) && !legacyRE.MatchString(s)
}

// stripComments blanks out comments and string literals, keeping every
// byte's offset.
func stripComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			for ; i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		case b[i] == '"':
			i++
			for ; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
				if b[i] == '\\' && i+1 < len(b) {
					b[i] = ' '
					i++
				}
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// An edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     string
}

func applyEdits(src string, es []edit) string {
	// Edits do not overlap; apply from the end.
	for i := range es {
		for j := i + 1; j < len(es); j++ {
			if es[j].from > es[i].from {
				es[i], es[j] = es[j], es[i]
			}
		}
	}
	for _, e := range es {
		src = src[:e.from] + e.text + src[e.to:]
	}
	return src
}

var (
	wordRE   = regexp.MustCompile(`\b(ghost|least|greatest|opaque|function|predicate|lemma)\b`)
	revealRE = regexp.MustCompile(`\breveal\s+([A-Za-z_][\w'.]*)\s*;`)
	forRE    = regexp.MustCompile(`(?m)^([ \t]*)for\s+([A-Za-z_][\w']*)\s*(?::\s*[\w<>]+\s*)?:=\s*`)
)

// lower rewrites src, a Dafny 4 file whose declarations are f's, in the
// Dafny 2 and 3 spelling; notes says what was lowered, by line.
func lower(src []byte, f *dfyFile) (out []byte, notes []string, err error) {
	s := string(src)
	clean := stripComments(s)
	var es []edit
	for _, d := range f.Decls {
		if d.NameStart <= d.Start || d.NameStart > len(s) {
			continue
		}
		hdr := clean[d.Start:d.NameStart]
		words := wordRE.FindAllStringSubmatchIndex(hdr, -1)
		has := map[string][2]int{}
		for _, w := range words {
			has[hdr[w[2]:w[3]]] = [2]int{d.Start + w[2], d.Start + w[3]}
		}
		blank := func(w string) {
			if p, ok := has[w]; ok {
				es = append(es, edit{p[0], p[1], strings.Repeat(" ", p[1]-p[0])})
			}
		}
		kw := ""
		for _, k := range []string{"function", "predicate", "lemma"} {
			if _, ok := has[k]; ok {
				kw = k
			}
		}
		if kw == "" {
			continue
		}
		p := has[kw]
		after := "" // what follows the keyword
		switch {
		case has["least"] != [2]int{}:
			l := has["least"]
			es = append(es, edit{l[0], l[1], "inductive"})
			notes = append(notes, fmt.Sprintf("line %d: least %s", d.Line, kw))
		case has["greatest"] != [2]int{}:
			g := has["greatest"]
			es = append(es, edit{g[0], p[1], "co" + kw})
			notes = append(notes, fmt.Sprintf("line %d: greatest %s", d.Line, kw))
		case kw == "lemma":
		case has["ghost"] != [2]int{}:
			blank("ghost")
			notes = append(notes, fmt.Sprintf("line %d: ghost %s", d.Line, kw))
		case d.HasBody && !strings.Contains(clean[p[1]:d.NameStart], "method"):
			after = " method"
			notes = append(notes, fmt.Sprintf("line %d: compiled %s", d.Line, kw))
		}
		if _, ok := has["opaque"]; ok && kw != "lemma" {
			blank("opaque")
			after += " {:opaque}"
			notes = append(notes, fmt.Sprintf("line %d: opaque %s", d.Line, kw))
		}
		if after != "" {
			es = append(es, edit{p[1], p[1], after})
		}
	}
	for _, m := range revealRE.FindAllStringSubmatchIndex(clean, -1) {
		es = append(es, edit{m[3], m[3], "()"})
	}
	fs, err := lowerFors(s, clean)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range fs {
		notes = append(notes, fmt.Sprintf("line %d: for loop", lineOf(src, e.from)))
	}
	es = append(es, fs...)
	return []byte(applyEdits(s, es)), notes, nil
}

// lowerFors lowers every for loop of s (clean is s without comments and
// strings) to a while loop in a block of its own, on the same lines.
func lowerFors(s, clean string) ([]edit, error) {
	var es []edit
	for _, m := range forRE.FindAllStringSubmatchIndex(clean, -1) {
		line := lineOf([]byte(s), m[0])
		name := clean[m[4]:m[5]]
		// The bounds: "lo to hi" or "hi downto lo", up to the first
		// invariant, decreases or the body's brace.
		head := m[1]
		body := strings.IndexByte(clean[head:], '{')
		if body < 0 {
			return nil, fmt.Errorf("%w: line %d: a for loop whose body was not found", ErrDialect, line)
		}
		body += head
		rng := clean[head:body]
		specAt := len(rng)
		for _, kw := range []string{"invariant", "decreases", "modifies"} {
			if i := regexp.MustCompile(`\b` + kw + `\b`).FindStringIndex(rng); i != nil && i[0] < specAt {
				specAt = i[0]
			}
		}
		bounds := rng[:specAt]
		down := false
		parts := regexp.MustCompile(`\bto\b`).Split(bounds, 2)
		if len(parts) != 2 {
			parts = regexp.MustCompile(`\bdownto\b`).Split(bounds, 2)
			down = true
		}
		if len(parts) != 2 || strings.TrimSpace(parts[1]) == "*" || strings.TrimSpace(parts[0]) == "" {
			return nil, fmt.Errorf("%w: line %d: a for loop without two bounds (for %s := lo to hi or hi downto lo)", ErrDialect, line, name)
		}
		a, b := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
		end := matchBrace(clean, body)
		if end < 0 {
			return nil, fmt.Errorf("%w: line %d: a for loop whose body does not end", ErrDialect, line)
		}
		if regexp.MustCompile(`\bcontinue\b`).MatchString(clean[body:end]) {
			// The step comes last in the lowered loop: continue would skip it.
			return nil, fmt.Errorf("%w: line %d: a for loop whose body has a continue statement", ErrDialect, line)
		}
		lo, hi := a, b
		cond, step := fmt.Sprintf("%s < %s", name, hi), fmt.Sprintf("%s := %s + 1;", name, name)
		if down {
			lo, hi = b, a
			cond, step = fmt.Sprintf("%s > %s", name, lo), fmt.Sprintf("%s := %s - 1;", name, name)
		}
		start := a // the first value: lo going up, hi going down
		header := fmt.Sprintf("{ var %s := %s; while %s invariant %s <= %s <= %s ", name, start, cond, lo, name, hi)
		// Keep the bounds' line breaks, and the specifications as written,
		// so the lines stay where they were.
		nl := strings.Repeat("\n", strings.Count(s[m[0]:head+specAt], "\n"))
		es = append(es, edit{m[0], body + 1, s[m[2]:m[3]] + header + nl + s[head+specAt:body] + "{"})
		if down {
			es = append(es, edit{body + 1, body + 1, " " + step})
			es = append(es, edit{end, end + 1, "} }"})
		} else {
			es = append(es, edit{end, end + 1, step + " } }"})
		}
	}
	return es, nil
}

// matchBrace returns the offset of the brace that closes the one at open.
func matchBrace(clean string, open int) int {
	depth := 0
	for i := open; i < len(clean); i++ {
		switch clean[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
