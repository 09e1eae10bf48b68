package main

import (
	"bytes"
	"slices"
	"testing"
	"time"
)

// The flag helpers bind straight into options, a true-by-default flag
// sets the negation the options hold, and parseArgs refuses a bad value
// with one line naming the flag (exit 2) before the command does anything.
func TestFlags(t *testing.T) {
	type opts struct {
		noRuns  bool
		n       int
		d, pos  time.Duration
		list    []string
		mode    string
		checked bool
	}
	parse := func(args ...string) (*opts, int, string) {
		var o opts
		fs := newFlags("t")
		fs.notVar(&o.noRuns, "runs", "")
		fs.intVar(&o.n, "n", 3, 1, "")
		fs.durationVar(&o.d, "d", 0, "")
		fs.positiveVar(&o.pos, "pos", time.Second, "")
		fs.listVar(&o.list, "list", "")
		fs.choiceVar(&o.mode, "mode", "a", "", "a", "b", "c")
		fs.check(func() error { o.checked = true; return nil })
		var stderr bytes.Buffer
		code, _ := parseArgs(&env{stderr: &stderr}, fs, args, anyArgs)
		return &o, code, stderr.String()
	}

	o, code, stderr := parse()
	if code != 0 || o.noRuns || o.n != 3 || o.pos != time.Second || o.list != nil || o.mode != "a" || !o.checked || stderr != "" {
		t.Errorf("defaults: %+v, status %d, stderr %q", o, code, stderr)
	}
	o, code, _ = parse("--runs=false", "--n", "1", "--d", "0s", "--list", " x, ,y ", "--mode", "c")
	if code != 0 || !o.noRuns || o.n != 1 || !slices.Equal(o.list, []string{"x", "y"}) || o.mode != "c" {
		t.Errorf("set: %+v, status %d", o, code)
	}
	if o, _, _ := parse("--runs"); o.noRuns {
		t.Errorf("--runs set the negation")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--n", "0"}, "surety t: --n 0: must be at least 1\n"},
		{[]string{"--d", "-1s"}, "surety t: --d -1s: must not be negative\n"},
		{[]string{"--pos", "0s"}, "surety t: --pos 0s: must be positive\n"},
		{[]string{"--mode", "z"}, `surety t: --mode "z": want a, b or c` + "\n"},
	} {
		o, code, stderr := parse(tc.args...)
		if code != 2 || stderr != tc.want || o.checked {
			t.Errorf("%q: status %d, stderr %q, later checks run %v; want 2, %q, false", tc.args, code, stderr, o.checked, tc.want)
		}
	}
}
