package svcomp

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// A Verdict is a verifier's answer to a task's property.
type Verdict string

// The verdicts.
const (
	True    Verdict = "true"
	False   Verdict = "false"
	Unknown Verdict = "unknown"
)

// An Outcome classifies a verdict against the expected one.
type Outcome string

// The outcomes, as SV-COMP's tables name them.
const (
	CorrectTrue  Outcome = "correct true"
	CorrectFalse Outcome = "correct false"
	WrongTrue    Outcome = "wrong true"
	WrongFalse   Outcome = "wrong false"
	NoAnswer     Outcome = "unknown"
	// NoExpectation is a definitive verdict on a task without an expected
	// verdict: not scored.
	NoExpectation Outcome = "no expected verdict"
)

// Classify returns the outcome of v on a task whose expected verdict is
// expected (nil: none given).
func Classify(v Verdict, expected *bool) Outcome {
	switch {
	case v != True && v != False:
		return NoAnswer
	case expected == nil:
		return NoExpectation
	case v == True && *expected:
		return CorrectTrue
	case v == True:
		return WrongTrue
	case !*expected:
		return CorrectFalse
	}
	return WrongFalse
}

// Points is SV-COMP's score of an outcome.
func (o Outcome) Points() int {
	switch o {
	case CorrectTrue:
		return 2
	case CorrectFalse:
		return 1
	case WrongTrue:
		return -32
	case WrongFalse:
		return -16
	}
	return 0
}

// A Result is one task's answer.
type Result struct {
	Task     string        `json:"task"`
	Expected *bool         `json:"expected,omitempty"`
	Verdict  Verdict       `json:"verdict"`
	Outcome  Outcome       `json:"outcome"`
	Reason   string        `json:"reason,omitempty"`
	CPU      time.Duration `json:"cpu_ns"`
	Wall     time.Duration `json:"wall_ns"`
	// Witness is the file the verification witness was written to.
	Witness string `json:"witness,omitempty"`
	// Worker names the worker that ran the task when the tasks were
	// handed out (package work); "" when they ran in this process.
	Worker string `json:"worker,omitempty"`
}

// WriteText writes the result for people on one line: the task, its
// verdict in capitals, what was expected and the outcome, and the reason;
// then the witness file on a line of its own, when one was written.
func (r *Result) WriteText(w io.Writer) error {
	exp := "none"
	if r.Expected != nil {
		exp = fmt.Sprint(*r.Expected)
	}
	if _, err := fmt.Fprintf(w, "%s: %s (expected %s: %s); %s\n", r.Task, strings.ToUpper(string(r.Verdict)), exp, r.Outcome, r.Reason); err != nil || r.Witness == "" {
		return err
	}
	_, err := fmt.Fprintf(w, "witness: %s\n", r.Witness)
	return err
}

// A Table is SV-COMP's score table of a set of results.
type Table struct {
	Tasks        int           `json:"tasks"`
	CorrectTrue  int           `json:"correct_true"`
	CorrectFalse int           `json:"correct_false"`
	WrongTrue    int           `json:"wrong_true"`
	WrongFalse   int           `json:"wrong_false"`
	Unknown      int           `json:"unknown"`
	Score        int           `json:"score"`
	CPU          time.Duration `json:"cpu_ns"`
	// MedianCPU is the median CPU time per task.
	MedianCPU time.Duration `json:"median_cpu_ns"`
	Results   []Result      `json:"results"`
}

// Tabulate scores results, sorted by task.
func Tabulate(results []Result) *Table {
	t := &Table{Tasks: len(results), Results: append([]Result(nil), results...)}
	sort.Slice(t.Results, func(i, j int) bool { return t.Results[i].Task < t.Results[j].Task })
	cpus := make([]time.Duration, 0, len(results))
	for _, r := range t.Results {
		switch r.Outcome {
		case CorrectTrue:
			t.CorrectTrue++
		case CorrectFalse:
			t.CorrectFalse++
		case WrongTrue:
			t.WrongTrue++
		case WrongFalse:
			t.WrongFalse++
		default:
			t.Unknown++
		}
		t.Score += r.Outcome.Points()
		t.CPU += r.CPU
		cpus = append(cpus, r.CPU)
	}
	if len(cpus) > 0 {
		sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
		t.MedianCPU = cpus[len(cpus)/2]
	}
	return t
}

// WriteText prints one line per task and the score table.
func (t *Table) WriteText(w io.Writer) error {
	for _, r := range t.Results {
		exp := "-"
		if r.Expected != nil {
			exp = fmt.Sprint(*r.Expected)
		}
		line := fmt.Sprintf("%-60s expected %-5s got %-7s %-14s %6.1fs", r.Task, exp, r.Verdict, r.Outcome, r.CPU.Seconds())
		if r.Reason != "" && r.Verdict == Unknown {
			line += "  (" + r.Reason + ")"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "tasks %d: correct true %d, correct false %d, wrong true %d, wrong false %d, unknown %d; score %d; CPU %.1fs total, %.2fs median\n",
		t.Tasks, t.CorrectTrue, t.CorrectFalse, t.WrongTrue, t.WrongFalse, t.Unknown, t.Score, t.CPU.Seconds(), t.MedianCPU.Seconds())
	return err
}

// WriteJSON prints the table as JSON.
func (t *Table) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(t)
}
