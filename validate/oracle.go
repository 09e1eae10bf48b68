package validate

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/validate/sandbox"
)

// crashReport matches what sanitizers and language runtimes print when a
// program fails in a way no correct program does.
var crashReport = regexp.MustCompile(`(?m)^(==\d+==ERROR: \w+Sanitizer|SUMMARY: \w+Sanitizer|.*: runtime error: |thread '.*' panicked at|panic: |fatal error: |Segmentation fault|internal compiler error)`)

// decide is the oracle: crash and hang observed directly, then the
// reference, then the contract (the model's judgement). With a reference,
// a crash or hang counts only when the reference neither crashed nor hung
// on the same test: otherwise the test itself is at fault (a program that
// never ends, or dereferences null on purpose). Without one, a hang counts
// only when the model, shown the test and the expected outcome, judges
// that a correct system would finish on it: a test that only loops hangs
// on every system, and was once confirmed as the bug.
func decide(ctx context.Context, s *Suspect, tc *EntryTest, a *ConfirmAttempt, opts *ConfirmOptions, c *Confirmation) (*OracleVerdict, error) {
	if st := notStarted(a.System, a.Reference); st != nil {
		oracle := OracleContract
		if a.Reference != nil {
			oracle = OracleReference
		}
		return &OracleVerdict{Oracle: oracle, DecidedBy: "observed",
			Explanation: fmt.Sprintf("the %s step could not start its program (%s): the test or its harness is broken, so it shows nothing about the system", st.Name, describe(st))}, nil
	}
	if v := observed(a.System); v != nil {
		if a.Reference != nil {
			if rv := observed([]sandbox.StepResult{*a.Reference}); rv != nil {
				return &OracleVerdict{Oracle: v.Oracle, DecidedBy: "observed",
					Explanation: v.Explanation + ", but the reference did the same (" + describe(a.Reference) + "): the test itself is at fault, not the system"}, nil
			}
		} else if v.Oracle == OracleHang {
			jv, err := judge(ctx, s, tc, a, opts, c, true)
			if err != nil {
				return nil, err
			}
			jv.Oracle = OracleHang
			jv.Explanation = v.Explanation + "; with no reference, " + jv.Explanation
			return jv, nil
		}
		return v, nil
	}
	if a.Reference != nil {
		return compare(a.System, a.Reference, opts.System.Run != ""), nil
	}
	return judge(ctx, s, tc, a, opts, c, false)
}

// notStarted returns the first step, of the system's or the reference,
// whose program the shell could not start: exit status 126 (not
// executable) or 127 (not found). A live run once confirmed a bug from a
// system step that exited 127 because the test named the program by a
// path that did not exist.
func notStarted(sys []sandbox.StepResult, ref *sandbox.StepResult) *sandbox.StepResult {
	steps := append([]sandbox.StepResult(nil), sys...)
	if ref != nil {
		steps = append(steps, *ref)
	}
	for i, st := range steps {
		if !st.Skipped && !st.TimedOut && st.Signal == "" && (st.ExitCode == 126 || st.ExitCode == 127) {
			return &steps[i]
		}
	}
	return nil
}

// observed returns a triggered crash or hang verdict for the first step
// that crashed or hung, or nil.
func observed(steps []sandbox.StepResult) *OracleVerdict {
	for _, st := range steps {
		switch {
		case st.TimedOut:
			return &OracleVerdict{Triggered: true, Oracle: OracleHang, DecidedBy: "observed",
				Explanation: fmt.Sprintf("the %s step ran past its time limit and was killed", st.Name)}
		case st.Signal != "":
			return &OracleVerdict{Triggered: true, Oracle: OracleCrash, DecidedBy: "observed",
				Explanation: fmt.Sprintf("the %s step was killed by %s", st.Name, st.Signal)}
		}
		if m := crashReport.FindString(st.Stderr); m != "" {
			return &OracleVerdict{Triggered: true, Oracle: OracleCrash, DecidedBy: "observed",
				Explanation: fmt.Sprintf("the %s step reported a crash: %s", st.Name, strings.TrimSpace(m))}
		}
	}
	return nil
}

// last returns the last step that ran.
func last(steps []sandbox.StepResult) *sandbox.StepResult {
	for i := len(steps) - 1; i >= 0; i-- {
		if !steps[i].Skipped {
			return &steps[i]
		}
	}
	return nil
}

// compare decides by the reference: the outcomes differ when one side
// succeeded and the other failed, or, when the test is run, in standard
// output or exit status.
func compare(sys []sandbox.StepResult, ref *sandbox.StepResult, ran bool) *OracleVerdict {
	v := &OracleVerdict{Oracle: OracleReference, DecidedBy: "reference"}
	end := last(sys)
	if end == nil {
		v.Explanation = "the system under test ran no step"
		return v
	}
	sysOK := true
	for _, st := range sys {
		sysOK = sysOK && st.OK()
	}
	switch {
	case ref.TimedOut || ref.Signal != "":
		v.Explanation = "the reference itself crashed or hung on this test, so it cannot judge it: " + describe(ref)
	case sysOK != ref.OK():
		v.Triggered = true
		if sysOK {
			v.Explanation = fmt.Sprintf("the system under test accepted the test but the reference failed: system %s; reference %s", describe(end), describe(ref))
		} else {
			v.Explanation = fmt.Sprintf("the reference accepted the test but the system under test failed at its %s step: system %s; reference %s", end.Name, describe(end), describe(ref))
		}
	case !sysOK:
		v.Explanation = fmt.Sprintf("both failed, so the test shows no difference (a test both reject is not valid input): system %s; reference %s", describe(end), describe(ref))
	case ran && end.Stdout != ref.Stdout:
		v.Triggered = true
		v.Explanation = fmt.Sprintf("the output differs: system printed %q, reference printed %q", clip(end.Stdout, 300), clip(ref.Stdout, 300))
	default:
		v.Explanation = "the system under test and the reference had the same outcome: " + describe(end)
	}
	return v
}

func describe(st *sandbox.StepResult) string {
	var b strings.Builder
	switch {
	case st.Skipped:
		b.WriteString("not run")
	case st.TimedOut:
		b.WriteString("timed out")
	case st.Signal != "":
		b.WriteString("killed by " + st.Signal)
	default:
		fmt.Fprintf(&b, "exit status %d", st.ExitCode)
	}
	if o := strings.TrimSpace(st.Stdout); o != "" {
		fmt.Fprintf(&b, ", stdout %q", clip(o, 300))
	}
	if e := strings.TrimSpace(st.Stderr); e != "" {
		fmt.Fprintf(&b, ", stderr %q", clip(e, 300))
	}
	return b.String()
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// outcome describes an attempt's steps for a prompt.
func outcome(a *ConfirmAttempt) string {
	var lines []string
	for i := range a.System {
		lines = append(lines, a.System[i].Name+": "+describe(&a.System[i]))
	}
	if a.Reference != nil {
		lines = append(lines, "reference: "+describe(a.Reference))
	}
	if len(lines) == 0 {
		return "nothing was run"
	}
	return strings.Join(lines, "\n")
}

type judgePrompt struct {
	Suspect *Suspect
	Test    *EntryTest
	Outcome string
	// Hang asks whether a correct system would have finished: the
	// system ran past its time limit.
	Hang bool
}

type judgeReply struct {
	Violated    bool   `json:"violated"`
	Explanation string `json:"explanation"`
}

// judge asks the model whether the outcome breaks the contract's claim;
// with hang, whether a correct system would have finished on the test.
func judge(ctx context.Context, s *Suspect, tc *EntryTest, a *ConfirmAttempt, opts *ConfirmOptions, c *Confirmation, hang bool) (*OracleVerdict, error) {
	var b strings.Builder
	if err := judgeTmpl.Execute(&b, judgePrompt{Suspect: s, Test: tc, Outcome: outcome(a), Hang: hang}); err != nil {
		return nil, fmt.Errorf("validate: judge prompt: %w", err)
	}
	req := &llm.Request{
		Messages:      []llm.Message{llm.System(judgeRules), llm.User(b.String())},
		Seed:          a.Seed,
		PromptVersion: JudgePromptVersion,
		Stage:         "validate.judge",
		Item:          s.Function,
	}
	rep, err := llm.Structured(ctx, opts.Model, req, judgeSchema, opts.Ask)
	count(c, rep)
	if err != nil {
		return nil, fmt.Errorf("validate: judge: %w", err)
	}
	var jr judgeReply
	if err := decodeJSON(rep.JSON, &jr); err != nil {
		return nil, fmt.Errorf("validate: judge: %w", err)
	}
	return &OracleVerdict{Triggered: jr.Violated, Oracle: OracleContract, DecidedBy: "model", JudgedByContract: true,
		Explanation: "judged by contract (the model's verdict, no reference): " + jr.Explanation}, nil
}

func decodeJSON(raw json.RawMessage, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decoding reply: %w", err)
	}
	return nil
}
