package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
	_ "github.com/suretydev/surety/bmc/esbmc"
	_ "github.com/suretydev/surety/bmc/native"
)

var want = regexp.MustCompile(`// want "([^"]*)"`)

func engine(t *testing.T, name string) bmc.Checker {
	t.Helper()
	c, err := bmc.Engines(context.Background(), []string{name})
	if err != nil {
		t.Skipf("needs %s: %v", name, err)
	}
	return c
}

// TestAudit runs VerifyAll and then Audit on each program in testdata, and
// matches the audit of its last assertion with the // want comment there:
// "VACUOUS <why>", "weak" or "strong".
// The cover query and the mutants go through the Checker interface, so
// every engine audits the same way: ESBMC and the native engine both.
func TestAudit(t *testing.T) {
	for _, name := range []string{"esbmc", "native"} {
		t.Run(name, func(t *testing.T) { auditWith(t, engine(t, name)) })
	}
}

func auditWith(t *testing.T, c bmc.Checker) {
	files, _ := filepath.Glob("testdata/*.c")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := bmc.ParseProgram(file, src)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := bmc.VerifyAll(context.Background(), p, c, &bmc.Options{K: 5, Timeout: 60 * time.Second, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			last := len(p.Asserts) - 1
			if s := rep.Facts[last].Status; s != bmc.VerdictVerified && s != bmc.VerdictCVerified {
				t.Fatalf("the assertion under audit is %s, not a fact", s)
			}
			a, err := audit.Audit(context.Background(), p, rep, c, &audit.Options{Budget: 10, Timeout: 60 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			expect := want.FindStringSubmatch(string(src[p.Asserts[last].Start:]))[1]
			fa := a.Of(last)
			switch {
			case strings.HasPrefix(expect, "VACUOUS"):
				why := strings.TrimPrefix(expect, "VACUOUS ")
				if fa.Reach.Status != "VACUOUS" || !strings.HasPrefix(fa.Reach.Why, why) {
					t.Errorf("reach %+v, want VACUOUS, %s", fa.Reach, why)
				}
				if fa.Strength != nil {
					t.Error("a vacuous fact was mutated")
				}
			case expect == "weak":
				if fa.Reach.Status != "reachable" || fa.Strength == nil || !fa.Strength.Weak || fa.Strength.Survived < 5 {
					t.Errorf("audit %+v %+v, want reachable and weak", fa.Reach, fa.Strength)
				}
			case expect == "strong":
				if fa.Reach.Status != "reachable" || fa.Strength == nil || fa.Strength.Weak || fa.Strength.Rejected == 0 {
					t.Errorf("audit %+v %+v, want reachable and strong", fa.Reach, fa.Strength)
				}
			}
			t.Logf("%s: %+v %+v (%d queries)", file, fa.Reach, fa.Strength, a.Summary.Queries)

			// Applied to the report, a vacuous fact is no longer printed as
			// a fact and a weak one says so.
			a.Apply(rep)
			f := rep.Facts[last]
			tag := f.FactTag(rep.K)
			switch {
			case strings.HasPrefix(expect, "VACUOUS"):
				if tag != "" || f.Vacuous == "" || rep.Summary.Vacuous != 1 {
					t.Errorf("vacuous fact: tag %q, vacuous %q, summary %d", tag, f.Vacuous, rep.Summary.Vacuous)
				}
				if strings.Contains(string(rep.Annotate(p)), "//FACT[k=5]: "+f.Pred) {
					t.Error("a vacuous fact was printed")
				}
			case expect == "weak":
				if !strings.HasSuffix(tag, ", weak]") || rep.Summary.Weak != 1 {
					t.Errorf("weak fact: tag %q, summary %d", tag, rep.Summary.Weak)
				}
			case expect == "strong":
				if strings.Contains(tag, "weak") || f.Rejected == 0 {
					t.Errorf("strong fact: tag %q, rejected %d", tag, f.Rejected)
				}
			}
		})
	}
}
