package validate

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/validate/sandbox"
)

// Bug confirmation is described in the package documentation (doc.go).

// TestWriterPromptVersion and JudgePromptVersion version the prompts; they
// are part of every request's cache key.
const (
	TestWriterPromptVersion = "validate.testwriter/1"
	JudgePromptVersion      = "validate.judge/2"
)

var (
	//go:embed prompts/testwriter.tmpl
	testWriterText string
	//go:embed prompts/judge.tmpl
	judgeText string

	promptFuncs    = template.FuncMap{"inc": func(i int) int { return i + 1 }}
	testWriterTmpl = template.Must(template.New("testwriter").Funcs(promptFuncs).Parse(testWriterText))
	judgeTmpl      = template.Must(template.New("judge").Funcs(promptFuncs).Parse(judgeText))

	testWriterSchema = llm.MustCompileSchema("validate.testwriter", testWriterSchemaJSON)
	judgeSchema      = llm.MustCompileSchema("validate.judge", judgeSchemaJSON)
)

// The system messages of the test writer and the judge, part of their
// prompts (and versions).
var (
	//go:embed prompts/testwriter.system.txt
	testWriterRules string
	//go:embed prompts/judge.system.txt
	judgeRules string
)

// A TargetSystem says how a test enters the system under test. Commands are
// shell command lines run by /bin/sh -c in the sandbox's directory, where
// the test file is; "{test}" in them is replaced by the test's file name.
type TargetSystem struct {
	// Entry describes what a test is, for the test writer: "a C program,
	// given to the C compiler under test". Empty means a generic
	// description.
	Entry string `json:"entry"`
	// Build builds (or compiles, or checks) the test with the system under
	// test; empty when the test needs no build.
	Build string `json:"build,omitempty"`
	// Run runs what Build produced, or feeds the test to the system; it
	// runs only when Build succeeded. Empty when building is the test.
	Run string `json:"run,omitempty"`
	// Reference is the same test under a reference implementation, as one
	// command (build and run); empty when there is none, and then the
	// model judges the outcome against the contract.
	Reference string `json:"reference,omitempty"`
}

// A Runner runs a test's steps in isolation. *sandbox.Sandbox is the
// implementation; tests may substitute their own.
type Runner interface {
	Run(ctx context.Context, spec *sandbox.Spec) (*sandbox.Result, error)
}

// ConfirmOptions control Confirm. Model is required, and System needs a
// Build or a Run command; every other field's zero value is valid. Confirm
// does not modify it.
type ConfirmOptions struct {
	Model  llm.Model
	System TargetSystem
	// Attempts is the most tests tried; 0 means 10, the paper's N.
	Attempts int
	// Runner runs the tests; nil means sandbox.New(nil): default limits,
	// no network, writes confined to the test's directory.
	Runner Runner
	// Seed is the first attempt's request seed; attempt i asks with
	// Seed+i, so a response cache never hands back the same test twice.
	// 0 means 1.
	Seed int
	Ask  *llm.AskOptions
}

// ConfirmStatus is the outcome of confirming one Suspect.
type ConfirmStatus string

// The statuses.
const (
	Confirmed     ConfirmStatus = "confirmed"   // a test triggered the bug
	Unconfirmed   ConfirmStatus = "unconfirmed" // no test did within the attempts
	ConfirmFailed ConfirmStatus = "error"       // confirmation could not be carried out: see Reason
)

// The oracle kinds that decide a verdict.
const (
	OracleCrash     = "crash"
	OracleHang      = "hang"
	OracleReference = "reference"
	OracleContract  = "contract"
)

// An EntryTest is one test the writer produced: an input to the whole
// system from its entry point.
type EntryTest struct {
	File      string `json:"file"`
	Content   string `json:"content"`
	Expected  string `json:"expected"`
	Rationale string `json:"rationale,omitempty"`
}

// An OracleVerdict is the oracle's decision on one attempt.
type OracleVerdict struct {
	Triggered bool   `json:"triggered"`
	Oracle    string `json:"oracle"` // OracleCrash, OracleHang, OracleReference, OracleContract
	// DecidedBy is "observed" (crash, hang), "reference" or "model".
	DecidedBy string `json:"decided_by"`
	// JudgedByContract marks a model's verdict against the contract,
	// weaker evidence than a crash or a reference.
	JudgedByContract bool   `json:"judged_by_contract,omitempty"`
	Explanation      string `json:"explanation"`
}

// A ConfirmAttempt is one test, what it did, and the oracle's verdict.
type ConfirmAttempt struct {
	N    int       `json:"n"`
	Seed int       `json:"seed"`
	Test EntryTest `json:"test"`
	// System holds the build and run steps of the system under test;
	// Reference the reference's step, when there is one.
	System    []sandbox.StepResult `json:"system,omitempty"`
	Reference *sandbox.StepResult  `json:"reference,omitempty"`
	Verdict   OracleVerdict        `json:"verdict"`
}

// A Confirmation is the outcome of Confirm on one Suspect. It marshals to
// stable JSON.
type Confirmation struct {
	ID      string        `json:"id"`
	Suspect Suspect       `json:"suspect"`
	Status  ConfirmStatus `json:"status"`
	// Reason explains Unconfirmed and ConfirmFailed.
	Reason   string           `json:"reason,omitempty"`
	System   TargetSystem     `json:"system"`
	Attempts []ConfirmAttempt `json:"attempts"`
	// Trigger is the attempt that showed the bug (Confirmed only).
	Trigger   *ConfirmAttempt   `json:"trigger,omitempty"`
	Isolation sandbox.Isolation `json:"isolation"`
	Requests  int               `json:"requests"`
	Usage     llm.Usage         `json:"usage"`
}

// Confirm tries to confirm one suspect by a test from the system's entry
// point. A model failure (an invalid reply after repairs, a spent budget)
// gives a Confirmation with status ConfirmFailed; the error is non-nil only for a
// cancelled context, unusable options, or a sandbox that cannot isolate
// (sandbox.ErrNoIsolation), none of which a later attempt would mend.
func Confirm(ctx context.Context, s *Suspect, opts *ConfirmOptions) (*Confirmation, error) {
	if opts == nil || opts.Model == nil {
		return nil, errors.New("validate: Confirm needs a Model")
	}
	if opts.System.Build == "" && opts.System.Run == "" {
		return nil, errors.New("validate: Confirm needs System.Build or System.Run: how a test enters the system")
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = 10
	}
	seed := opts.Seed
	if seed == 0 {
		seed = 1
	}
	var runner Runner = opts.Runner
	if runner == nil {
		runner = sandbox.New(nil)
	}
	c := &Confirmation{ID: s.ID(), Suspect: *s, Status: Unconfirmed, System: opts.System}
	var previous []feedback
	for n := 1; n <= attempts; n++ {
		a := ConfirmAttempt{N: n, Seed: seed + n - 1}
		tc, err := writeTest(ctx, s, opts, a.Seed, previous, c)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			c.Status, c.Reason = ConfirmFailed, err.Error()
			return c, nil
		}
		a.Test = *tc
		if !validFileName(tc.File) {
			a.Verdict = OracleVerdict{Explanation: fmt.Sprintf("the test's file name %q is not a plain file name; nothing was run", tc.File)}
		} else {
			res, err := runner.Run(ctx, spec(tc, &opts.System))
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("validate: running attempt %d of %s: %w", n, c.ID, err)
			}
			c.Isolation = res.Isolation
			a.System, a.Reference = split(res, &opts.System)
			v, err := decide(ctx, s, tc, &a, opts, c)
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				c.Status, c.Reason = ConfirmFailed, err.Error()
				c.Attempts = append(c.Attempts, a)
				return c, nil
			}
			a.Verdict = *v
		}
		c.Attempts = append(c.Attempts, a)
		if a.Verdict.Triggered {
			c.Status = Confirmed
			c.Trigger = &c.Attempts[len(c.Attempts)-1]
			return c, nil
		}
		previous = append(previous, feedback{N: n, Test: *tc, Outcome: outcome(&a), Why: a.Verdict.Explanation})
	}
	c.Reason = fmt.Sprintf("no test triggered the bug in %d attempts", attempts)
	return c, nil
}

func validFileName(name string) bool {
	return name != "" && filepath.IsLocal(name) && filepath.Base(name) == name && !strings.HasPrefix(name, ".")
}

// feedback is what the next attempt is told about an earlier one.
type feedback struct {
	N       int
	Test    EntryTest
	Outcome string
	Why     string
}

type writerPrompt struct {
	TargetSystem
	Suspect  *Suspect
	Previous []feedback
}

func writeTest(ctx context.Context, s *Suspect, opts *ConfirmOptions, seed int, prev []feedback, c *Confirmation) (*EntryTest, error) {
	d := writerPrompt{TargetSystem: opts.System, Suspect: s, Previous: prev}
	if d.Entry == "" {
		d.Entry = "a program or input that exercises the system from its entry point"
	}
	var b strings.Builder
	if err := testWriterTmpl.Execute(&b, d); err != nil {
		return nil, fmt.Errorf("validate: test-writer prompt: %w", err)
	}
	req := &llm.Request{
		Messages:      []llm.Message{llm.System(testWriterRules), llm.User(b.String())},
		Seed:          seed,
		PromptVersion: TestWriterPromptVersion,
		Stage:         "validate.testwriter",
		Item:          s.Function,
	}
	rep, err := llm.Structured(ctx, opts.Model, req, testWriterSchema, opts.Ask)
	count(c, rep)
	if err != nil {
		return nil, fmt.Errorf("validate: test writer: %w", err)
	}
	var tc EntryTest
	if err := decodeJSON(rep.JSON, &tc); err != nil {
		return nil, fmt.Errorf("validate: test writer: %w", err)
	}
	return &tc, nil
}

func count(c *Confirmation, rep *llm.Reply) {
	if rep == nil {
		return
	}
	c.Requests += rep.Attempts
	if rep.Response != nil {
		c.Usage.PromptTokens += rep.Response.Usage.PromptTokens
		c.Usage.CompletionTokens += rep.Response.Usage.CompletionTokens
	}
}

// spec lays out the sandbox run: the system's build and run steps, then
// the reference, each on the same test file.
func spec(tc *EntryTest, sys *TargetSystem) *sandbox.Spec {
	sub := func(cmd string) string { return strings.ReplaceAll(cmd, "{test}", shellQuote(tc.File)) }
	sp := &sandbox.Spec{Files: map[string][]byte{tc.File: []byte(tc.Content)}}
	if sys.Build != "" {
		sp.Steps = append(sp.Steps, sandbox.Step{Name: "build", Command: sub(sys.Build)})
	}
	if sys.Run != "" {
		sp.Steps = append(sp.Steps, sandbox.Step{Name: "run", Command: sub(sys.Run), IfOK: true})
	}
	if sys.Reference != "" {
		// The reference runs whatever the system did.
		sp.Steps = append(sp.Steps, sandbox.Step{Name: "reference", Command: sub(sys.Reference)})
	}
	return sp
}

func split(res *sandbox.Result, sys *TargetSystem) ([]sandbox.StepResult, *sandbox.StepResult) {
	steps := res.Steps
	if sys.Reference != "" && len(steps) > 0 {
		ref := steps[len(steps)-1]
		return steps[:len(steps)-1], &ref
	}
	return steps, nil
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

//go:embed prompts/testwriter.schema.json
var testWriterSchemaJSON []byte

//go:embed prompts/judge.schema.json
var judgeSchemaJSON []byte
