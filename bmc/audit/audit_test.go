package audit_test

import (
	"context"
	"fmt"
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
			rep, err := bmc.VerifyAll(context.Background(), p, c, &bmc.Options{K: 5, Timeout: 60 * time.Second, Workers: 1, BoundCheck: true})
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

			// Set as the report's audit, a vacuous fact is no longer
			// printed as a fact and a weak one says so, in the tag, the
			// annotated program and the text.
			rep.Audit = a
			f := rep.Facts[last]
			tag := rep.FactTag(last)
			var text strings.Builder
			if err := rep.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			switch {
			case strings.HasPrefix(expect, "VACUOUS"):
				if tag != "" || a.Vacuous(last) == "" || a.Summary.Vacuous != 1 {
					t.Errorf("vacuous fact: tag %q, vacuous %q, summary %d", tag, a.Vacuous(last), a.Summary.Vacuous)
				}
				if strings.Contains(string(rep.Annotate(p)), "//FACT[k=5]: "+f.Pred) {
					t.Error("a vacuous fact was printed")
				}
				if !strings.Contains(text.String(), " VACUOUS ("+a.Vacuous(last)+")") || !strings.Contains(text.String(), ", vacuous: 1,") {
					t.Errorf("the text does not say the fact is vacuous:\n%s", text.String())
				}
			case expect == "weak":
				if !strings.HasSuffix(tag, ", weak]") || a.Summary.Weak != 1 {
					t.Errorf("weak fact: tag %q, summary %d", tag, a.Summary.Weak)
				}
				if !strings.Contains(string(rep.Annotate(p)), tag+": "+f.Pred) {
					t.Errorf("the annotated program lacks %q", tag+": "+f.Pred)
				}
				if !strings.Contains(text.String(), " mutants (weak)") || !strings.Contains(text.String(), ", weak: 1,") {
					t.Errorf("the text does not say the fact is weak:\n%s", text.String())
				}
			case expect == "strong":
				decided, rejected, weak := a.Mutants(last)
				if strings.Contains(tag, "weak") || weak || rejected == 0 || decided < rejected {
					t.Errorf("strong fact: tag %q, rejected %d of %d", tag, rejected, decided)
				}
				if want := fmt.Sprintf(" rejects %d/%d mutants ", rejected, decided); !strings.Contains(text.String(), want) {
					t.Errorf("the text lacks %q:\n%s", want, text.String())
				}
			}
		})
	}
}
