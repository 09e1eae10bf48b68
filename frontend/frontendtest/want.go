package frontendtest

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// An expectation is one key:"value" of a want comment.
type expectation struct {
	file string
	line int
	key  string
	val  string // normalized
	rx   *regexp.Regexp
	met  bool
}

func (e *expectation) String() string {
	return fmt.Sprintf("%s:%d: %s:%q", e.file, e.line, e.key, e.val)
}

var wantKeys = map[string]bool{
	"func": true, "sig": true, "params": true, "results": true, "doc": true,
	"calls": true, "spec": true, "stmt": true, "error": true,
}

var wantRx = regexp.MustCompile(`//\s*want\s`)

// parseWants finds the want comments of one file. It returns the
// expectations in source order and the problems with malformed comments.
func parseWants(file string, src []byte) ([]*expectation, []string) {
	var (
		out  []*expectation
		errs []string
	)
	for i, line := range bytes.Split(src, []byte("\n")) {
		loc := wantRx.FindIndex(line)
		if loc == nil {
			continue
		}
		rest := strings.TrimSpace(string(line[loc[1]:]))
		rest = strings.TrimSuffix(rest, "*/")
		for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
			colon := strings.IndexByte(rest, ':')
			if colon <= 0 {
				errs = append(errs, fmt.Sprintf("%s:%d: want: expected key:\"value\" at %q", file, i+1, rest))
				break
			}
			key := rest[:colon]
			if !wantKeys[key] {
				errs = append(errs, fmt.Sprintf("%s:%d: want: unknown key %q", file, i+1, key))
				break
			}
			lit, err := strconv.QuotedPrefix(rest[colon+1:])
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s:%d: want: %s: value is not a Go string literal", file, i+1, key))
				break
			}
			val, _ := strconv.Unquote(lit)
			rest = rest[colon+1+len(lit):]
			e := &expectation{file: file, line: i + 1, key: key, val: norm(val)}
			if key == "error" || key == "doc" {
				rx, err := regexp.Compile(val)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s:%d: want: %s: %v", file, i+1, key, err))
					continue
				}
				e.rx = rx
			}
			out = append(out, e)
		}
	}
	return out, errs
}

// norm collapses runs of white space to one space and trims the ends.
func norm(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// splitFlags splits "text [a b]" into "text" and [a b]; without a trailing
// bracket group (preceded by a space) it returns s and nil.
func splitFlags(s string) (string, []string) {
	if !strings.HasSuffix(s, "]") {
		return s, nil
	}
	i := strings.LastIndex(s, " [")
	if i < 0 {
		return s, nil
	}
	return s[:i], strings.Fields(s[i+2 : len(s)-1])
}
