package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate/sandbox"
)

// runWith runs a surety command with a scripted model behind
// OPENAI_BASE_URL, as a user's shell would set it.
func runWith(t *testing.T, srv *llmtest.Server, args ...string) (int, string, string) {
	t.Helper()
	return runWithEnv(t, srv, nil, args...)
}

// runWithEnv is runWith with more variables in the environment.
func runWithEnv(t *testing.T, srv *llmtest.Server, more map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	vars := map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "OPENAI_API_KEY": "test", "SURETY_MODEL": "llmtest"}
	maps.Copy(vars, more)
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	code := dispatch(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// sandboxFlags are the flags of surety confirm that let tests run where
// the machine cannot isolate them (the sandbox's own tests show the
// isolation); none where it can.
func sandboxFlags(t *testing.T) []string {
	t.Helper()
	if _, err := sandbox.New(nil).Run(context.Background(), &sandbox.Spec{Steps: []sandbox.Step{{Name: "probe", Command: "true"}}}); errors.Is(err, sandbox.ErrNoIsolation) {
		t.Logf("running tests without isolation: %v", err)
		return []string{"--allow-network", "--allow-writes"}
	}
	return nil
}

// TestReasonThenConfirmFromKeyword runs the two commands on the example
// crate with scripted models: reason flags the early return None, confirm
// writes the nullptr program, toycc rejects it, gcc accepts it.
func TestReasonThenConfirmFromKeyword(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	allow := sandboxFlags(t)
	dir := t.TempDir()
	toycc := filepath.Join(dir, "toycc")
	if res, err := proc.Run(context.Background(), &proc.Cmd{Path: "go", Args: []string{"build", "-o", toycc, "../../examples/fromkeyword/toycc"}}); err != nil || res.ExitCode != 0 {
		t.Fatalf("building toycc: %v", err)
	}
	src := "../../examples/fromkeyword/src/token.rs"
	// Records are keyed by paths relative to the project root, as surety
	// contracts writes them.
	root, err := frontend.ProjectRoot([]string{src})
	if err != nil {
		t.Fatal(err)
	}
	prog, _, err := frontend.Load(context.Background(), []string{src}, &frontend.LoadOptions{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	contracts := filepath.Join(dir, "contracts")
	store := &contract.Store{Dir: contracts}
	for _, f := range prog.Files {
		for _, fn := range f.Functions {
			if fn.Name != "from_keyword" {
				continue
			}
			if err := store.Put(&contract.Record{Function: fn.ID(), Name: fn.QualifiedName(), Span: fn.Span, Contract: contract.Contract{
				Requires: []contract.Condition{{Text: "s is a non-empty string slice"}},
				Ensures: []contract.Condition{
					{Text: "returns Some(token_kind) if s is a reserved keyword of C89 through C23"},
					{Text: "returns None for all other identifiers"}},
			}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	reasons := filepath.Join(dir, "reason.json")
	hsrv := llmtest.NewFile(t, "../../hoare/testdata/fromkeyword.txtar")
	code, out, errs := runWith(t, hsrv, "reason", "--contracts", contracts, "--out", reasons, "--solver", "none", "--cache-mode", "off", src)
	if code != 1 || !strings.Contains(out, "MISMATCH token::TokenKind::from_keyword") || !strings.Contains(out, "potential bug at") ||
		!strings.Contains(out, "token.rs:16") || !strings.Contains(out, "1 MISMATCH") {
		t.Fatalf("reason exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}

	// --json prints the same reports as JSON.
	jsrv := llmtest.NewFile(t, "../../hoare/testdata/fromkeyword.txtar")
	code, out, _ = runWith(t, jsrv, "reason", "--json", "--contracts", contracts, "--out", filepath.Join(dir, "r2.json"), "--solver", "none", "--cache-mode", "off", src)
	var rf fmagent.ReasonFile
	if err := json.Unmarshal([]byte(out), &rf); err != nil || code != 1 || len(rf.Reports) != 1 || len(rf.Reports[0].Bugs) != 1 {
		t.Fatalf("reason --json exit %d, %v:\n%s", code, err, out)
	}

	ref := "gcc -std=c2x -fsyntax-only {test}"
	probe := filepath.Join(dir, "p.c")
	os.WriteFile(probe, []byte("int *p = nullptr;\n"), 0o644)
	if res, _ := proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Args: []string{"-std=c2x", "-fsyntax-only", probe}}); res == nil || res.ExitCode != 0 {
		ref = "gcc -std=c2x -fsyntax-only '-Dnullptr=((void*)0)' {test}" // GCC < 13
	}
	bugs := filepath.Join(dir, "bugs")
	vsrv := llmtest.NewFile(t, "../../validate/testdata/fromkeyword.txtar")
	args := append([]string{"confirm", "--from", reasons, "--out", bugs, "--cache-mode", "off",
		"--entry", "a C program for the compiler under test", "--build", toycc + " {test}", "--reference", ref}, allow...)
	code, out, errs = runWith(t, vsrv, append(args, src)...)
	if code != 1 || !strings.Contains(out, "CONFIRMED    token::TokenKind::from_keyword") || !strings.Contains(out, "reference oracle") {
		t.Fatalf("confirm exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	// A second run resumes from the reports: no model request, no test run.
	idle := llmtest.New(t, &llmtest.Script{})
	code, out, errs = runWith(t, idle, append(args, src)...)
	if code != 1 || !strings.Contains(out, "(from an earlier run) CONFIRMED") || len(idle.Requests()) != 0 {
		t.Fatalf("resumed confirm exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	mds, _ := filepath.Glob(filepath.Join(bugs, "confirmed", "*.md"))
	jsons, _ := filepath.Glob(filepath.Join(bugs, "confirmed", "*.json"))
	if len(mds) != 1 || len(jsons) != 1 {
		t.Fatalf("reports: %v %v", mds, jsons)
	}
	sarif, err := os.ReadFile(filepath.Join(bugs, "confirmed.sarif"))
	if err != nil || !strings.Contains(string(sarif), `"version": "2.1.0"`) || !strings.Contains(string(sarif), `"startLine": 16`) {
		t.Fatalf("SARIF: %v\n%s", err, sarif)
	}
}
