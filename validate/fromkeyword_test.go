package validate_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

// sandboxOpts returns base (nil: defaults) where the machine can isolate
// a test, and otherwise base with isolation turned off, saying so: the
// tests of confirmation run either way; the sandbox's own tests show the
// isolation.
func sandboxOpts(t *testing.T, base *sandbox.Options) *sandbox.Options {
	t.Helper()
	var o sandbox.Options
	if base != nil {
		o = *base
	}
	_, err := sandbox.New(&o).Run(context.Background(), &sandbox.Spec{Steps: []sandbox.Step{{Name: "probe", Command: "true"}}})
	if errors.Is(err, sandbox.ErrNoIsolation) {
		t.Logf("running tests without isolation: %v", err)
		o.AllowNetwork, o.AllowWrites = true, true
	} else if err != nil {
		t.Fatal(err)
	}
	return &o
}

// buildToycc builds the example's toy compiler.
func buildToycc(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "toycc")
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: "go", Args: []string{"build", "-o", bin, "../examples/fromkeyword/toycc"}})
	if errors.Is(err, proc.ErrNotFound) {
		t.Skip("needs go")
	}
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("building toycc: %v %s", err, res.Stderr)
	}
	return bin
}

// gccC23 returns the reference compiler command: gcc -std=c2x, which
// knows nullptr from GCC 13; with an older gcc, nullptr is stood in by a
// null pointer constant.
func gccC23(t *testing.T) string {
	t.Helper()
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	dir := t.TempDir()
	probe := filepath.Join(dir, "p.c")
	os.WriteFile(probe, []byte("int main(void) { int *p = nullptr; return p != 0; }\n"), 0o644)
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Args: []string{"-std=c2x", "-fsyntax-only", probe}})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 {
		return "gcc -std=c2x -fsyntax-only {test}"
	}
	t.Log("gcc predates C23's nullptr (GCC 13); the reference defines it as ((void*)0)")
	return "gcc -std=c2x -fsyntax-only '-Dnullptr=((void*)0)' {test}"
}

func fromKeyword(t *testing.T) (*frontend.Function, []byte) {
	t.Helper()
	path := "../examples/fromkeyword/src/token.rs"
	prog, ferrs, err := frontend.Load(context.Background(), []string{path}, nil)
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range prog.Files {
		for _, fn := range f.Functions {
			if fn.Name == "from_keyword" {
				return fn, src
			}
		}
	}
	t.Fatal("no from_keyword")
	return nil, nil
}

// suspectOf is the pipeline's conversion of a potential bug.
func suspectOf(fn *frontend.Function, b *hoare.PotentialBug) *validate.Suspect {
	return &validate.Suspect{
		Function: fn.QualifiedName(), File: fn.Span.File, Line: b.Exit.StartLine, Exit: b.ExitText,
		Claim: b.Post, Actual: b.Condition, Evidence: b.Chain, Trigger: b.Trigger, Counterexample: b.Counterexample,
	}
}

// TestFromKeywordConfirmedEndToEnd is FM-Agent's worked case through every
// stage: the Hoare pass flags the early return None, the test writer
// writes the paper's nullptr program, the sandbox compiles it with toycc
// (the example's lexer) and with gcc, and the difference confirms the bug.
func TestFromKeywordConfirmedEndToEnd(t *testing.T) {
	sbOpts := sandboxOpts(t, nil)
	toycc := buildToycc(t)
	ref := gccC23(t)

	fn, src := fromKeyword(t)
	hsrv := llmtest.NewFile(t, "../hoare/testdata/fromkeyword.txtar")
	r, err := hoare.Reason(context.Background(), &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{{Text: "s is a non-empty string slice"}},
		Ensures: []contract.Condition{
			{Text: "returns Some(token_kind) if s is a reserved keyword of C89 through C23"},
			{Text: "returns None for all other identifiers"}},
	}}, &hoare.Options{Model: hsrv.Model(nil)})
	if err != nil || len(r.Bugs) != 1 {
		t.Fatalf("hoare: %v, %+v", err, r)
	}
	s := suspectOf(fn, &r.Bugs[0])
	if s.Line != 16 {
		t.Fatalf("suspect at line %d, want the return None on 16", s.Line)
	}

	vsrv := llmtest.NewFile(t, "testdata/fromkeyword.txtar")
	c, err := validate.Confirm(context.Background(), s, &validate.ConfirmOptions{
		Model:  vsrv.Model(nil),
		Runner: sandbox.New(sbOpts),
		System: validate.TargetSystem{
			Entry:     "a C program, given to the C compiler under test (toycc)",
			Build:     toycc + " {test}",
			Reference: ref,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != validate.Confirmed || len(c.Attempts) != 1 || c.Trigger == nil {
		t.Fatalf("status %s after %d attempts: %s", c.Status, len(c.Attempts), c.Reason)
	}
	a := c.Trigger
	if a.Test.Content != "int main() { int *ptr_a = nullptr; return 0; }\n" {
		t.Errorf("test %q", a.Test.Content)
	}
	if a.Verdict.Oracle != validate.OracleReference || a.Verdict.JudgedByContract {
		t.Errorf("verdict %+v", a.Verdict)
	}
	if !strings.Contains(a.System[0].Stderr, "use of undeclared identifier 'nullptr'") || a.System[0].ExitCode != 1 {
		t.Errorf("toycc: %+v", a.System[0])
	}
	if a.Reference == nil || !a.Reference.OK() {
		t.Errorf("gcc did not accept the program: %+v", a.Reference)
	}
	if c.Isolation.NoNetwork == sbOpts.AllowNetwork || c.Isolation.WritesConfined == sbOpts.AllowWrites {
		t.Errorf("isolation %+v", c.Isolation)
	}
	// The test writer was given the reasoning chain.
	prompt := vsrv.Requests()[0].LastUser()
	if !strings.Contains(prompt, "first is the first byte of s") || !strings.Contains(prompt, "nullptr") {
		t.Errorf("the test writer was not given the chain:\n%s", prompt)
	}

	dir := t.TempDir()
	files, err := validate.WriteBugReports(dir, []*validate.Confirmation{c})
	if err != nil {
		t.Fatal(err)
	}
	if len(files.Confirmed) != 1 || len(files.Unconfirmed) != 0 {
		t.Fatalf("files %+v", files)
	}
	md, _ := os.ReadFile(files.Confirmed[0])
	for _, want := range []string{"# CONFIRMED: ", "token.rs", "line 16", "reserved keyword", "nullptr", "use of undeclared identifier", "Evidence"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("Markdown report lacks %q:\n%s", want, md)
		}
	}
	var back validate.Confirmation
	data, _ := os.ReadFile(strings.TrimSuffix(files.Confirmed[0], ".md") + ".json")
	if err := json.Unmarshal(data, &back); err != nil || back.Status != validate.Confirmed || back.Trigger.Test.File != "test.c" {
		t.Errorf("JSON report: %v %+v", err, back)
	}
	checkSARIF(t, files.SARIF, 1)

	again, err := validate.ReadBugReport(dir, c.ID)
	if err != nil || again == nil || again.Status != validate.Confirmed || again.Trigger == nil || again.Trigger != &again.Attempts[0] {
		t.Fatalf("read back: %v %+v", err, again)
	}
	if none, err := validate.ReadBugReport(dir, "no-such-bug"); none != nil || err != nil {
		t.Errorf("a missing report: %v %v", none, err)
	}
}

// checkSARIF checks the properties SARIF 2.1.0's schema requires.
func checkSARIF(t *testing.T, path string, results int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool *struct {
				Driver *struct {
					Name string `json:"name"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				Message *struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool == nil || log.Runs[0].Tool.Driver == nil || log.Runs[0].Tool.Driver.Name == "" {
		t.Fatalf("SARIF lacks a required property:\n%s", data)
	}
	if len(log.Runs[0].Results) != results {
		t.Fatalf("%d SARIF results, want %d", len(log.Runs[0].Results), results)
	}
	for _, r := range log.Runs[0].Results {
		if r.Message == nil || r.Message.Text == "" || len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine < 1 {
			t.Errorf("SARIF result without message or location:\n%s", data)
		}
	}
}
