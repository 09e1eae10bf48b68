package smt

import (
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

// These tests read replies in the formats the real solvers print (recorded
// from z3 4.8, cvc5 1.0 and boolector 1.5), for cases a live solver
// produces only by crashing.

func replies(t *testing.T, script string, values []string, stdout string) (*Result, error) {
	t.Helper()
	sc, err := parseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	vs := make([]sexp, len(values))
	for i, v := range values {
		es, _ := parseSexps(v)
		vs[i] = es[0]
	}
	res := &Result{Solver: "z3"}
	err = parseReplies(res, &proc.Result{Stdout: []byte(stdout), ExitCode: -1, Signal: "killed"}, sc, &Query{Script: script, Values: values}, vs)
	return res, err
}

func TestRepliesSatWithoutValues(t *testing.T) {
	_, err := replies(t, "(declare-const x Int)", []string{"x"}, "surety:check\nsat\n")
	if err == nil || !strings.Contains(err.Error(), "no reply to get-value") || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("err = %v", err)
	}
}

func TestRepliesNoAnswer(t *testing.T) {
	_, err := replies(t, "(declare-const x Int)", nil, "")
	if err == nil || !strings.Contains(err.Error(), "no answer") {
		t.Fatalf("err = %v", err)
	}
}

func TestRepliesScriptErrorsOnly(t *testing.T) {
	_, err := replies(t, "(declare-const x Int)", nil,
		"(error \"line 2 column 10: unknown constant y\")\n(error \"line 3 column 1: invalid \"\"thing\"\"\")\nsurety:check\nsat\n")
	var se *SolverError
	if !errors.As(err, &se) || len(se.Messages) != 2 || se.Messages[1] != `line 3 column 1: invalid "thing"` {
		t.Fatalf("err = %#v", err)
	}
}

func TestBoolectorModelLines(t *testing.T) {
	script := "(declare-fun x () (_ BitVec 4))\n(declare-fun m () (Array (_ BitVec 2) (_ BitVec 3)))\n(declare-fun p () Bool)"
	sc, _ := parseScript(script)
	values := []string{"x", "m", "p"}
	vs := make([]sexp, len(values))
	for i, v := range values {
		es, _ := parseSexps(v)
		vs[i] = es[0]
	}
	out := "[btorsmt2] WARNING no 'exit' command at end of '<stdin>'\nsat\nx 1x0x\nm[11] 101\nm[01] 011\np 1\n"
	res := &Result{Solver: "boolector"}
	if err := parseBoolector(res, &proc.Result{Stdout: []byte(out), ExitCode: 10}, sc, &Query{Values: values}, vs, values, nil); err != nil {
		t.Fatal(err)
	}
	if v := res.Model["x"]; v.Int.Int64() != 8 || v.Text != "#b1000" {
		t.Errorf("x = %+v, want don't-care bits read as 0: 8", v)
	}
	want := "(store (store ((as const (Array (_ BitVec 2) (_ BitVec 3))) #b000) #b01 #b011) #b11 #b101)"
	if v := res.Model["m"]; v.Text != want {
		t.Errorf("m = %s, want %s", v.Text, want)
	}
	if v := res.Model["p"]; v.Bool == nil || !*v.Bool {
		t.Errorf("p = %+v", v)
	}
	res = &Result{Solver: "boolector"}
	err := parseBoolector(res, &proc.Result{Stdout: []byte("<stdin>:3: undefined symbol 'foo'\n"), ExitCode: 1}, sc, &Query{}, nil, nil, []int{0, 0, 2, 5})
	var se *SolverError
	if !errors.As(err, &se) || se.Messages[0] != "line 5: undefined symbol 'foo'" {
		t.Fatalf("err = %v", err)
	}
}
