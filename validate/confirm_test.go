package validate_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

func testReply(file, content string) string {
	b, _ := json.Marshal(map[string]string{"file": file, "content": content, "expected": "prints ok and exits 0"})
	return string(b)
}

var suspect = &validate.Suspect{
	Function: "pkg::parse", File: "src/parse.rs", Line: 12, Exit: "return None",
	Claim:    "returns Some for every well-formed input",
	Actual:   "returns None when the input starts with a digit",
	Evidence: []string{"s is well formed", "s starts with a digit"},
	Trigger:  "a well-formed input starting with a digit",
}

// shellSystem runs the test as a shell script: the "system" is sh.
var shellSystem = validate.TargetSystem{Entry: "a shell script", Run: "sh {test}"}

// TestRetriesToldWhyThenUnconfirmed: every test gives the reference's
// outcome; after N attempts the bug is unconfirmed, each attempt after the
// first was told the previous test, its outcome and why it did not
// trigger, and each asked with a different seed.
func TestRetriesToldWhyThenUnconfirmed(t *testing.T) {
	runner := sandbox.New(sandboxOpts(t, nil))
	var replies []string
	for i := 1; i <= 3; i++ {
		replies = append(replies, testReply("t.sh", fmt.Sprintf("echo attempt-%d", i)))
	}
	srv := llmtest.New(t, llmtest.Steps(replies...))
	sys := shellSystem
	sys.Reference = "sh {test}"
	c, err := validate.Confirm(context.Background(), suspect, &validate.ConfirmOptions{Model: srv.Model(nil), System: sys, Attempts: 3, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != validate.Unconfirmed || len(c.Attempts) != 3 || c.Trigger != nil || !strings.Contains(c.Reason, "3 attempts") {
		t.Fatalf("status %s, %d attempts, reason %q", c.Status, len(c.Attempts), c.Reason)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	for i, r := range reqs {
		if r.Seed == nil || *r.Seed != i+1 {
			t.Errorf("request %d seed %v, want %d", i+1, r.Seed, i+1)
		}
	}
	if strings.Contains(reqs[0].LastUser(), "Earlier attempts") {
		t.Errorf("the first attempt was told of earlier ones")
	}
	third := reqs[2].LastUser()
	for _, want := range []string{"attempt 1", "echo attempt-1", "attempt 2", "echo attempt-2", `stdout "attempt-2"`, "same outcome"} {
		if !strings.Contains(third, want) {
			t.Errorf("the third attempt was not told %q:\n%s", want, third)
		}
	}
	files, err := validate.WriteBugReports(t.TempDir(), []*validate.Confirmation{c})
	if err != nil || len(files.Unconfirmed) != 1 || len(files.Confirmed) != 0 {
		t.Fatalf("%v %+v", err, files)
	}
	checkSARIF(t, files.SARIF, 0)
}

func TestOracleKinds(t *testing.T) {
	runner := sandbox.New(sandboxOpts(t, nil))
	short := &sandbox.Options{Limits: sandbox.Limits{Timeout: 500 * time.Millisecond}}
	for _, tc := range []struct {
		name, test, reference string
		runner                *sandbox.Options
		oracle                string
		triggered             bool
		// judge is the model's reply when it is asked (a hang with no
		// reference).
		judge string
	}{
		{name: "signal", test: "kill -SEGV $$", oracle: validate.OracleCrash, triggered: true},
		{name: "sanitizer", test: "echo '==42==ERROR: AddressSanitizer: heap-buffer-overflow' >&2", oracle: validate.OracleCrash, triggered: true},
		{name: "hang", test: "sleep 30", runner: short, oracle: validate.OracleHang, triggered: true,
			judge: `{"violated": true, "explanation": "a correct parser returns at once on this input"}`},
		// A test that only loops hangs on every system: no reference to
		// tell, and the model shown the test says the test is at fault.
		// It was CONFIRMED before.
		{name: "loop-only", test: "while :; do :; done", runner: short, oracle: validate.OracleHang,
			judge: `{"violated": false, "explanation": "the test loops for ever by itself"}`},
		{name: "output-differs", test: "echo 1", reference: "echo 2", oracle: validate.OracleReference, triggered: true},
		{name: "system-fails", test: "exit 3", reference: "true", oracle: validate.OracleReference, triggered: true},
		{name: "both-hang", test: "sleep 30", reference: "sleep 30", runner: short, oracle: validate.OracleHang},
		{name: "both-crash", test: "kill -SEGV $$", reference: "kill -SEGV $$", oracle: validate.OracleCrash},
		{name: "same", test: "echo ok", reference: "echo ok", oracle: validate.OracleReference},
		{name: "both-fail", test: "exit 1", reference: "exit 2", oracle: validate.OracleReference},
		// A program the shell cannot find shows nothing about the system
		// (a live run confirmed a bug this way).
		{name: "system-not-found", test: "./no-such-program", reference: "true", oracle: validate.OracleReference},
		{name: "reference-not-found", test: "true", reference: "./no-such-reference", oracle: validate.OracleReference},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replies := []string{testReply("t.sh", tc.test)}
			if tc.judge != "" {
				replies = append(replies, tc.judge)
			}
			srv := llmtest.New(t, llmtest.Steps(replies...))
			sys := shellSystem
			sys.Reference = tc.reference
			opts := &validate.ConfirmOptions{Model: srv.Model(nil), System: sys, Attempts: 1, Runner: runner}
			if tc.runner != nil {
				opts.Runner = sandbox.New(sandboxOpts(t, tc.runner))
			}
			if tc.reference == "" && !tc.triggered && tc.judge == "" {
				t.Fatal("bad case")
			}
			c, err := validate.Confirm(context.Background(), suspect, opts)
			if err != nil {
				t.Fatal(err)
			}
			v := c.Attempts[0].Verdict
			if v.Oracle != tc.oracle || v.Triggered != tc.triggered || v.JudgedByContract != (tc.judge != "") {
				t.Fatalf("verdict %+v", v)
			}
			if n := len(srv.Requests()); n != len(replies) {
				t.Errorf("%d model requests, want %d", n, len(replies))
			}
			if tc.judge != "" && !strings.Contains(srv.Requests()[1].LastUser(), "ran past its time limit") {
				t.Errorf("the judge was not told the system hung:\n%s", srv.Requests()[1].LastUser())
			}
			if (c.Status == validate.Confirmed) != tc.triggered {
				t.Errorf("status %s", c.Status)
			}
		})
	}
}

// TestJudgedByContract: with no reference the model judges the outcome
// against the claim, and the verdict says it is the model's.
func TestJudgedByContract(t *testing.T) {
	runner := sandbox.New(sandboxOpts(t, nil))
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "suspected bug", Reply: testReply("t.sh", "echo None"), Repeat: 2},
		{Match: `no reference[\s\S]*stdout "None"`, Reply: `{"violated": false, "explanation": "not this time"}`},
		{Match: `no reference[\s\S]*stdout "None"`, Reply: `{"violated": true, "explanation": "the input is well formed, yet the result is None"}`},
	}})
	c, err := validate.Confirm(context.Background(), suspect, &validate.ConfirmOptions{Model: srv.Model(nil), System: shellSystem, Attempts: 2, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != validate.Confirmed || len(c.Attempts) != 2 {
		t.Fatalf("status %s after %d attempts (%s)", c.Status, len(c.Attempts), c.Reason)
	}
	v := c.Trigger.Verdict
	if v.Oracle != validate.OracleContract || !v.JudgedByContract || v.DecidedBy != "model" || !strings.Contains(v.Explanation, "judged by contract") {
		t.Errorf("verdict %+v", v)
	}
	if !strings.Contains(validate.BugMarkdown(c), "judged by contract") {
		t.Errorf("the report does not say the verdict is the model's")
	}
	if c.Requests != 4 {
		t.Errorf("%d requests counted, want 4", c.Requests)
	}
}

func TestModelFailureAndBadTests(t *testing.T) {
	runner := sandbox.New(sandboxOpts(t, nil))
	srv := llmtest.New(t, llmtest.Steps(testReply("../escape.sh", "echo hi"), `{"nope": 1}`, `{"nope": 1}`, `{"nope": 1}`))
	c, err := validate.Confirm(context.Background(), suspect, &validate.ConfirmOptions{Model: srv.Model(nil), System: shellSystem, Attempts: 5, Runner: runner})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Attempts) != 1 || !strings.Contains(c.Attempts[0].Verdict.Explanation, "not a plain file name") || len(c.Attempts[0].System) != 0 {
		t.Errorf("attempt 1: %+v", c.Attempts)
	}
	if c.Status != validate.ConfirmFailed || !strings.Contains(c.Reason, "validate: test writer") {
		t.Errorf("status %s, reason %q", c.Status, c.Reason)
	}
	if _, err := validate.Confirm(context.Background(), suspect, &validate.ConfirmOptions{Model: srv.Model(nil)}); err == nil {
		t.Errorf("no error without a build or run command")
	}
	if _, err := validate.Confirm(context.Background(), &validate.Suspect{Function: "f"}, &validate.ConfirmOptions{Model: srv.Model(nil), System: shellSystem}); err == nil {
		t.Errorf("no error for a suspect without a claim")
	}
}

// TestConfirmCancelled: cancelling stops the running test at once, with
// its process group, and Confirm returns the context's error.
func TestConfirmCancelled(t *testing.T) {
	runner := sandbox.New(sandboxOpts(t, nil))
	srv := llmtest.New(t, llmtest.Steps(testReply("t.sh", "sleep 30")))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	start := time.Now()
	_, err := validate.Confirm(ctx, suspect, &validate.ConfirmOptions{Model: srv.Model(nil), System: shellSystem, Runner: runner})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 10*time.Second {
		t.Fatalf("err %v after %v", err, time.Since(start))
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left running", n)
	}
}
