package cbmc

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
)

// Output is CBMC's --json-ui output: a JSON array of messages, of which
// these kinds matter.
type Output struct {
	Program  string     // {"program": "CBMC 6.x (cbmc-6.x)"}
	Errors   []string   // {"messageType": "ERROR", "messageText": ...}
	Results  []Property // {"result": [...]}
	Status   string     // {"cProverStatus": "success" | "failure" | "error"}
	Warnings []string
}

// A Property is one entry of CBMC's result array.
type Property struct {
	Property       string   `json:"property"`
	Description    string   `json:"description"`
	Status         string   `json:"status"` // SUCCESS, FAILURE, UNKNOWN, ERROR, NOT CHECKED...
	SourceLocation Location `json:"sourceLocation"`
	Trace          []Step   `json:"trace"`
}

// A Location is CBMC's sourceLocation; line is a string in CBMC's JSON.
type Location struct {
	File     string `json:"file"`
	Function string `json:"function"`
	Line     string `json:"line"`
}

// A Step is one step of a CBMC trace.
type Step struct {
	StepType       string    `json:"stepType"` // assignment, input, output, function-call, function-return, failure, location...
	Hidden         bool      `json:"hidden"`
	Internal       bool      `json:"internal"`
	SourceLocation *Location `json:"sourceLocation"`
	LHS            string    `json:"lhs"`
	Value          *Value    `json:"value"`
	AssignmentType string    `json:"assignmentType"`
	InputID        string    `json:"inputID"`
	Values         []Value   `json:"values"`
	Property       string    `json:"property"`
	Reason         string    `json:"reason"`
}

// A Value is CBMC's JSON rendering of an expression; Data holds the C
// literal for scalars.
type Value struct {
	Data string `json:"data"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// UnmarshalJSON accepts the plain strings CBMC writes for nil values.
func (v *Value) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &v.Data)
	}
	type plain Value
	return json.Unmarshal(b, (*plain)(v))
}

// ParseOutput reads CBMC's --json-ui output. It keeps what it could read
// when the JSON is cut short, and then also returns an error.
func ParseOutput(b []byte) (*Output, error) {
	var items []map[string]json.RawMessage
	out := &Output{}
	if err := json.Unmarshal(b, &items); err != nil {
		return out, fmt.Errorf("cbmc: reading --json-ui output: %w", err)
	}
	for _, it := range items {
		str := func(k string) string {
			var s string
			if raw, ok := it[k]; ok {
				_ = json.Unmarshal(raw, &s)
			}
			return s
		}
		if _, ok := it["program"]; ok {
			out.Program = str("program")
		}
		switch str("messageType") {
		case "ERROR":
			out.Errors = append(out.Errors, str("messageText"))
		case "WARNING":
			out.Warnings = append(out.Warnings, str("messageText"))
		}
		if raw, ok := it["result"]; ok {
			var ps []Property
			if err := json.Unmarshal(raw, &ps); err != nil {
				return out, fmt.Errorf("cbmc: reading result array: %w", err)
			}
			out.Results = append(out.Results, ps...)
		}
		if _, ok := it["cProverStatus"]; ok {
			out.Status = str("cProverStatus")
		}
	}
	return out, nil
}

func (o *Output) errorsOr(stderr []byte) []string {
	if o != nil && len(o.Errors) > 0 {
		return o.Errors
	}
	if s := strings.TrimSpace(string(stderr)); s != "" {
		return []string{s}
	}
	return nil
}

// Verdict reads the answer to query q from the property list; file is
// the name the program had for CBMC.
func (o *Output) Verdict(file string, q *bmc.Query) *bmc.Result {
	r := &bmc.Result{Engine: "cbmc"}
	target := q.Program.Asserts[q.Target]
	var tp *Property
	for i := range o.Results {
		p := &o.Results[i]
		line, _ := strconv.Atoi(p.SourceLocation.Line)
		if path.Base(p.SourceLocation.File) == file && line == target.SrcLine && strings.HasPrefix(p.Description, "assertion") {
			tp = p
		}
		if q.UnwindingAssertions && strings.HasPrefix(p.Description, "unwinding assertion") && p.Status == "FAILURE" {
			r.Status = bmc.Falsified
			r.Unwound = true
			r.Reason = fmt.Sprintf("%s at %s:%s: a loop can run more than k=%d times", p.Description, path.Base(p.SourceLocation.File), p.SourceLocation.Line, q.K)
			r.Counterexample = trace(p.Trace, file)
			return r
		}
	}
	if tp == nil {
		r.Reason = fmt.Sprintf("cbmc: no property for the target at line %d", target.SrcLine)
		return r
	}
	switch tp.Status {
	case "SUCCESS":
		r.Status = bmc.Verified
		r.BoundComplete = q.UnwindingAssertions
	case "FAILURE":
		r.Status = bmc.Falsified
		r.Counterexample = trace(tp.Trace, file)
	default:
		r.Reason = "cbmc: property status " + tp.Status
	}
	return r
}

// trace turns a CBMC trace into a counterexample: visible assignments and
// inputs in the program's own file become steps, inputs become Inputs.
func trace(steps []Step, file string) *bmc.Counterexample {
	cx := &bmc.Counterexample{}
	counts := map[string]int{}
	for _, s := range steps {
		if s.SourceLocation == nil || path.Base(s.SourceLocation.File) != file {
			continue
		}
		line, _ := strconv.Atoi(s.SourceLocation.Line)
		st := bmc.Step{Func: s.SourceLocation.Function, Line: line}
		switch s.StepType {
		case "assignment":
			if s.Hidden || s.Internal || s.Value == nil || strings.HasPrefix(s.LHS, "__CPROVER") {
				continue
			}
			st.Note = s.LHS + " = " + s.Value.Data
			if strings.Contains(s.LHS, "nondet") {
				// return_value___VERIFIER_nondet_int and the like.
				id := strings.TrimPrefix(s.LHS, "return_value_")
				id = strings.TrimPrefix(id, "_")
				counts[id]++
				cx.Inputs = append(cx.Inputs, bmc.Input{Name: fmt.Sprintf("%s#%d", id, counts[id]), Value: s.Value.Data, Line: line})
			}
		case "input":
			id := s.InputID
			counts[id]++
			for _, v := range s.Values {
				cx.Inputs = append(cx.Inputs, bmc.Input{Name: fmt.Sprintf("%s#%d", id, counts[id]), Value: v.Data, Line: line})
			}
			st.Note = "input " + id
		case "failure":
			st.Note = "violated"
		default:
			continue
		}
		cx.Steps = append(cx.Steps, st)
	}
	return cx
}
