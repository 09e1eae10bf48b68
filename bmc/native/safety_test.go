package native

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// wantRe finds the expectations of a line: // want "re" "re"...
var (
	wantRe  = regexp.MustCompile(`// want((?:\s+"[^"]*")+)\s*$`)
	quoteRe = regexp.MustCompile(`"([^"]*)"`)
)

// safetyWants reads the `// want "property: STATUS"` comments of a C file:
// per line, the regular expressions its claims must match one to one.
func safetyWants(t *testing.T, src []byte) map[int][]*regexp.Regexp {
	t.Helper()
	out := map[int][]*regexp.Regexp{}
	for i, l := range strings.Split(string(src), "\n") {
		m := wantRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for _, q := range quoteRe.FindAllStringSubmatch(m[1], -1) {
			out[i+1] = append(out[i+1], regexp.MustCompile("^(?:"+q[1]+")$"))
		}
	}
	return out
}

// TestSafety runs Safety on every program of testdata/safety and matches
// its claims against the `// want` comments: each expectation must match a
// claim of its line ("property: STATUS"), and every claim that is not
// VERIFIED must be expected. FALSIFIED claims must carry a sanitizer
// report at their line.
func TestSafety(t *testing.T) {
	needTools(t)
	files, err := filepath.Glob("testdata/safety/*.c")
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/safety programs", err)
	}
	chk := New(nil)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := bmc.ParseProgram(f, src)
			if err != nil {
				t.Fatal(err)
			}
			claims, err := chk.Safety(context.Background(), p, &SafetyOptions{K: 5, Timeout: 60 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			wants := safetyWants(t, src)
			byLine := map[int][]Claim{}
			for _, c := range claims {
				byLine[c.Line] = append(byLine[c.Line], c)
				if c.Status == bmc.Falsified && !strings.Contains(c.Reason, ":"+itoa(c.Line)+":") {
					t.Errorf("line %d: FALSIFIED %s without a sanitizer report at its line: %q", c.Line, c.Property, c.Reason)
				}
			}
			for line, res := range wants {
				left := append([]Claim(nil), byLine[line]...)
				for _, re := range res {
					found := -1
					for i, c := range left {
						if re.MatchString(string(c.Property) + ": " + c.Status.String()) {
							found = i
							break
						}
					}
					if found < 0 {
						t.Errorf("line %d: no claim matches %q; claims: %s", line, re, describe(byLine[line]))
						continue
					}
					left = append(left[:found], left[found+1:]...)
				}
			}
			for _, c := range claims {
				if c.Status == bmc.Verified {
					continue
				}
				ok := false
				for _, re := range wants[c.Line] {
					if re.MatchString(string(c.Property) + ": " + c.Status.String()) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("line %d: unexpected %s: %s on %q (%s)", c.Line, c.Property, c.Status, c.Expr, c.Reason)
				}
			}
		})
	}
}

func describe(cs []Claim) string {
	var b []string
	for _, c := range cs {
		s := string(c.Property) + ": " + c.Status.String() + " on " + c.Expr
		if c.Reason != "" {
			s += " (" + c.Reason + ")"
		}
		b = append(b, s)
	}
	if len(b) == 0 {
		return "none"
	}
	return strings.Join(b, "; ")
}
