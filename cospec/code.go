package cospec

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
)

// fence matches a Markdown code block; the info string may be c, C or empty.
var fence = regexp.MustCompile("(?s)```[ \t]*([A-Za-z0-9+]*)[ \t]*\r?\n(.*?)\r?\n[ \t]*```")

// extractC returns the C program in a reply: the first fenced block marked
// c (or unmarked when none is marked c). A reply with no fenced block is
// an error: the prompts ask for one, and free prose is never parsed as code.
func extractC(reply string) (string, error) {
	ms := fence.FindAllStringSubmatch(reply, -1)
	for _, m := range ms {
		if strings.EqualFold(m[1], "c") {
			return strings.TrimSpace(m[2]) + "\n", nil
		}
	}
	for _, m := range ms {
		if m[1] == "" {
			return strings.TrimSpace(m[2]) + "\n", nil
		}
	}
	return "", fmt.Errorf("the reply has no ```c fenced block")
}

// A token is a C token with the line it starts on.
type token struct {
	text string
	line int
}

// tokens splits C source into tokens, dropping whitespace, comments and
// the bytes in skip (sorted, disjoint byte ranges). Preprocessor lines are
// tokenised like code. It is not a full C lexer: identifiers, numbers,
// string and character literals, and single punctuation characters are
// enough to compare two programs for equality up to layout.
func tokens(src []byte, skip [][2]int) []token {
	var out []token
	line := 1
	si := 0
	for i := 0; i < len(src); {
		for si < len(skip) && skip[si][1] <= i {
			si++
		}
		if si < len(skip) && skip[si][0] <= i {
			line += bytes.Count(src[i:skip[si][1]], []byte("\n"))
			i = skip[si][1]
			continue
		}
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n': // line splice
			line++
			i += 2
		case bytes.HasPrefix(src[i:], []byte("//")):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case bytes.HasPrefix(src[i:], []byte("/*")):
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				end = len(src) - i - 2
			} else {
				end += 2
			}
			line += bytes.Count(src[i:i+2+end], []byte("\n"))
			i += 2 + end
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out = append(out, token{string(src[i:j]), line})
			i = j
		case isWord(c):
			j := i
			for j < len(src) && (isWord(src[j]) || src[j] == '.' && isDigit(src[i])) {
				j++
			}
			out = append(out, token{string(src[i:j]), line})
			i = j
		default:
			n := 1
			if i+1 < len(src) && strings.Contains(operators, " "+string(src[i:i+2])+" ") {
				n = 2
			}
			out = append(out, token{string(src[i : i+n]), line})
			i += n
		}
	}
	return out
}

// operators are C's two-character operators, space-separated.
const operators = " <= >= == != && || ++ -- -> += -= *= /= %= &= |= ^= << >> "

func isWord(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// includeLine matches an #include directive.
var includeLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include\b[^\n]*`)

// onlyAssertionsAdded checks that annotated is orig with nothing but
// assertion statements, #include lines, and helper functions (new
// functions that contain no assertion and are called only inside
// assertions) inserted. Comments and layout may differ. It returns a
// description of the first difference, naming the annotated program's
// line, or nil.
func onlyAssertionsAdded(orig, annotated *bmc.Program) error {
	known := map[string]bool{}
	for _, f := range orig.Funcs {
		known[f.Name] = true
	}
	helpers := map[string]bool{}
	var skip [][2]int
	for _, f := range annotated.Funcs {
		if !known[f.Name] {
			helpers[f.Name] = true
			skip = append(skip, [2]int{f.Start, f.End})
		}
	}
	for _, a := range annotated.Asserts {
		if helpers[a.Func] {
			return fmt.Errorf("line %d: helper function %s contains an assertion", a.SrcLine, a.Func)
		}
		if prev := prevToken(annotated.Source, a.Start); prev != ';' && prev != '{' && prev != '}' && prev != ':' && prev != 0 {
			return fmt.Errorf("line %d: assertion %s is the unbraced body of a statement, so removing it changes the program", a.SrcLine, a.Label())
		}
		skip = append(skip, [2]int{a.Start, a.End})
	}
	for _, f := range annotated.Funcs {
		if helpers[f.Name] {
			continue
		}
		for _, c := range f.Calls {
			if helpers[c.Callee] {
				return fmt.Errorf("line %d: %s calls the new function %s outside an assertion", c.SrcLine, f.Name, c.Callee)
			}
		}
	}
	for _, m := range includeLine.FindAllIndex(annotated.Source, -1) {
		skip = append(skip, [2]int{m[0], m[1]})
	}
	skip = mergeRanges(skip)
	var origSkip [][2]int
	for _, m := range includeLine.FindAllIndex(orig.Source, -1) {
		origSkip = append(origSkip, [2]int{m[0], m[1]})
	}
	a, b := tokens(orig.Source, origSkip), tokens(annotated.Source, skip)
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(b):
			return fmt.Errorf("the original code from line %d on (%q) is missing", a[i].line, around(a, i))
		case i >= len(a):
			return fmt.Errorf("line %d: code was added: %q", b[i].line, around(b, i))
		case a[i].text != b[i].text:
			return fmt.Errorf("line %d: code was changed: %q where the original line %d has %q", b[i].line, around(b, i), a[i].line, around(a, i))
		}
	}
	return nil
}

// around is a few tokens from i on, for a message.
func around(ts []token, i int) string {
	var parts []string
	for j := i; j < len(ts) && j < i+8; j++ {
		parts = append(parts, ts[j].text)
	}
	return strings.Join(parts, " ")
}

// prevToken is the last non-space byte before off outside comments, 0 at
// the start of the file. Comments are skipped only when they end the line.
func prevToken(src []byte, off int) byte {
	i := off - 1
	for i >= 0 {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i--
		case c == '/' && i > 0 && src[i-1] == '*':
			j := bytes.LastIndex(src[:i-1], []byte("/*"))
			if j < 0 {
				return c
			}
			i = j - 1
		default:
			// A line comment: the line's text before "//" counts.
			ls := bytes.LastIndexByte(src[:i+1], '\n') + 1
			if k := bytes.Index(src[ls:i+1], []byte("//")); k >= 0 {
				i = ls + k - 1
				continue
			}
			return c
		}
	}
	return 0
}

func mergeRanges(rs [][2]int) [][2]int {
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	var out [][2]int
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// A Define is an object-like macro with an integer value, such as
// "#define MAX_N 100".
type Define struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
	// Line is the 1-based line of the directive.
	Line int `json:"line"`

	start, end int // byte range of the value
}

var defineLine = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+\(?[ \t]*([0-9]+)[uUlL]*[ \t]*\)?[ \t]*(?:(?://|/\*)[^\n]*)?$`)

// integerDefines lists the integer-valued object-like macros of src in
// source order.
func integerDefines(src []byte) []Define {
	var out []Define
	for _, m := range defineLine.FindAllSubmatchIndex(src, -1) {
		v, err := strconv.ParseInt(string(src[m[4]:m[5]]), 10, 64)
		if err != nil {
			continue
		}
		out = append(out, Define{Name: string(src[m[2]:m[3]]), Value: v, Line: 1 + bytes.Count(src[:m[0]], []byte("\n")), start: m[4], end: m[5]})
	}
	return out
}

// A Reduction is one bound constant lowered by bound reduction.
type Reduction struct {
	Name string `json:"name"`
	From int64  `json:"from"`
	To   int64  `json:"to"`
}

// applyReductions returns src with the named defines set to their new
// values. Each name must be an integer define of src, given once, with a
// value in [1, its old value].
func applyReductions(src []byte, rs []Reduction) ([]byte, error) {
	defs := map[string]Define{}
	for _, d := range integerDefines(src) {
		if _, dup := defs[d.Name]; !dup {
			defs[d.Name] = d
		}
	}
	seen := map[string]bool{}
	var edits []Define
	for _, r := range rs {
		d, ok := defs[r.Name]
		switch {
		case !ok:
			return nil, fmt.Errorf("%s is not an integer #define of the program", r.Name)
		case seen[r.Name]:
			return nil, fmt.Errorf("%s is given twice", r.Name)
		case r.To < 1:
			return nil, fmt.Errorf("%s = %d: a bound must stay at least 1", r.Name, r.To)
		case r.To > d.Value:
			return nil, fmt.Errorf("%s = %d is larger than its value %d: bounds may only be lowered", r.Name, r.To, d.Value)
		}
		seen[r.Name] = true
		d.Value = r.To
		edits = append(edits, d)
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	last := 0
	for _, d := range edits {
		b.Write(src[last:d.start])
		b.WriteString(strconv.FormatInt(d.Value, 10))
		last = d.end
	}
	b.Write(src[last:])
	return b.Bytes(), nil
}
