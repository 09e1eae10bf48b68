package native

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

var expectRE = regexp.MustCompile(`//\s*expect:\s*(VERIFIED|FALSIFIED|UNKNOWN)`)

// diffCase is one program of the differential suite with the expected
// verdict of each assertion.
type diffCase struct {
	file   string
	prog   *bmc.Program
	expect []bmc.Status
	k      int
	// unwind asks with unwinding assertions (`// unwinding: true`): a
	// verdict for every execution, not the k-bounded ones.
	unwind bool
}

var (
	kRE      = regexp.MustCompile(`//\s*k:\s*(\d+)`)
	unwindRE = regexp.MustCompile(`//\s*unwinding:\s*true`)
)

func loadDiff(t testing.TB) []diffCase {
	t.Helper()
	files, err := filepath.Glob("testdata/diff/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no differential programs: %v", err)
	}
	var out []diffCase
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := bmc.ParseProgram(f, src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		lines := strings.Split(string(src), "\n")
		var def bmc.Status = -1
		if m := expectRE.FindStringSubmatch(lines[0]); m != nil {
			_ = def.UnmarshalText([]byte(m[1]))
		}
		k := 5
		if m := kRE.FindStringSubmatch(string(src)); m != nil {
			k = atoiMust(m[1])
		}
		c := diffCase{file: f, prog: p, k: k, unwind: unwindRE.MatchString(string(src))}
		for _, a := range p.Asserts {
			st := def
			if m := expectRE.FindStringSubmatch(lines[a.SrcLine-1]); m != nil {
				_ = st.UnmarshalText([]byte(m[1]))
			}
			if st < 0 {
				t.Fatalf("%s:%d: assertion without an expected verdict", f, a.SrcLine)
			}
			c.expect = append(c.expect, st)
		}
		if len(c.expect) == 0 {
			t.Fatalf("%s: no assertions", f)
		}
		out = append(out, c)
	}
	return out
}

func atoiMust(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func needTools(t testing.TB) {
	t.Helper()
	if _, err := proc.LookPath("z3"); err != nil {
		t.Skip("needs z3")
	}
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
}

// TestDifferential runs every program of testdata/diff through the engine
// and checks each assertion's verdict against its `// expect:` comment.
// FALSIFIED answers have been replayed under gcc by the engine itself.
func TestDifferential(t *testing.T) {
	needTools(t)
	chk := New(nil)
	for _, c := range loadDiff(t) {
		c := c
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			t.Parallel()
			checkCase(t, chk, c)
		})
	}
}

// checkCase checks each assertion's verdict against its expectation;
// FALSIFIED answers have been replayed under gcc by the engine itself.
func checkCase(t *testing.T, chk bmc.Checker, c diffCase) {
	t.Helper()
	for i, want := range c.expect {
		r, err := chk.Check(context.Background(), &bmc.Query{Program: c.prog, Target: i, K: c.k, UnwindingAssertions: c.unwind})
		if err != nil {
			t.Fatalf("a%d: %v", i+1, err)
		}
		if r.Status != want {
			t.Errorf("a%d (line %d): got %v (%s), want %v", i+1, c.prog.Asserts[i].SrcLine, r.Status, r.Reason, want)
		}
		if r.Status == bmc.Falsified && (r.Counterexample == nil || !r.Replayed) {
			t.Errorf("a%d: FALSIFIED without a replayed counterexample", i+1)
		}
		if r.Status == bmc.Falsified && !slices.Equal(r.Assumptions, uninitAssumed(r.Counterexample)) || r.Status == bmc.Unknown && len(r.Assumptions) > 0 {
			t.Errorf("a%d: %v lists assumptions %q; only a VERIFIED answer rests on them", i+1, r.Status, r.Assumptions)
		}
	}
}
