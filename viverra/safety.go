package viverra

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/files"
)

// SafetyOptions control Safety. The zero value is valid; nil means the
// defaults. Safety does not modify it.
type SafetyOptions struct {
	// K is the unwind bound of loops and recursion; 0 means bmc.DefaultK.
	K int
	// Properties selects the properties checked (see
	// native.ParseProperties); nil means all.
	Properties []native.Property
	// Timeout is the time budget of each claim; 0 means bmc.DefaultTimeout.
	Timeout time.Duration
}

// A SafetyReport is what Safety found, as "surety safety --json" prints
// it.
type SafetyReport struct {
	File    string         `json:"file"`
	K       int            `json:"k"`
	Claims  []native.Claim `json:"claims"`
	Summary SafetySummary  `json:"summary"`
}

// A SafetySummary counts the claims by status.
type SafetySummary struct {
	Claims    int `json:"claims"`
	Verified  int `json:"verified"`
	Falsified int `json:"falsified"`
	Unknown   int `json:"unknown"`
}

// Safety checks the C program in file for undefined behaviour at every
// operation (out-of-bounds access, division by zero, null dereference,
// bad shifts, signed overflow) with the native engine, up to the bound K.
// A FALSIFIED claim carries a counterexample replayed under gcc's
// sanitizers. Only a regular text file is read.
func Safety(ctx context.Context, file string, opts *SafetyOptions) (*SafetyReport, error) {
	if opts == nil {
		opts = &SafetyOptions{}
	}
	k := opts.K
	if k == 0 {
		k = bmc.DefaultK
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = bmc.DefaultTimeout
	}
	if k < 0 || timeout < 0 {
		return nil, fmt.Errorf("surety: negative bound %d or timeout %v", k, timeout)
	}
	src, err := frontend.ReadFile(ctx, file)
	if err == nil {
		err = frontend.CheckText(src)
	}
	if err != nil {
		return nil, files.PathError(file, err)
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		return nil, err
	}
	claims, err := native.New(nil).Safety(ctx, p, &native.SafetyOptions{K: k, Properties: opts.Properties, Timeout: timeout})
	if err != nil {
		return nil, err
	}
	rep := &SafetyReport{File: file, K: k, Claims: claims}
	for _, c := range claims {
		rep.Summary.Claims++
		switch c.Status {
		case bmc.Verified:
			rep.Summary.Verified++
		case bmc.Falsified:
			rep.Summary.Falsified++
		default:
			rep.Summary.Unknown++
		}
	}
	return rep, nil
}

// WriteText writes the report for people: one line per claim (with the
// inputs and stdin of a counterexample), then the counts and whether the
// bound is complete.
func (rep *SafetyReport) WriteText(w io.Writer) error {
	ew := &files.ErrWriter{W: w}
	for _, c := range rep.Claims {
		in := ""
		if c.Func != "" {
			in = " (in " + c.Func + ")"
		}
		ew.Printf("%s:%d: %s: %s: %s%s\n", rep.File, c.Line, c.Property, c.Status, c.Expr, in)
		if c.Reason != "" {
			ew.Printf("    %s\n", c.Reason)
		}
		if c.Status != bmc.Falsified || c.Counterexample == nil {
			continue
		}
		if len(c.Counterexample.Inputs) > 0 {
			var ins []string
			for _, in := range c.Counterexample.Inputs {
				ins = append(ins, in.Name+"="+in.Value)
			}
			ew.Printf("    inputs: %s\n", strings.Join(ins, " "))
		}
		if c.Counterexample.Stdin != "" {
			ew.Printf("    stdin: %s\n", strconv.Quote(c.Counterexample.Stdin))
		}
	}
	s := rep.Summary
	bound := ""
	if s.Verified > 0 {
		bound = ", bound complete"
		for _, c := range rep.Claims {
			if c.Status == bmc.Verified && !c.BoundComplete {
				bound = ", k-bounded: a loop can run longer"
			}
		}
	}
	ew.Printf("safety (k=%d%s): %d claims: %d verified, %d falsified, %d unknown\n", rep.K, bound, s.Claims, s.Verified, s.Falsified, s.Unknown)
	return ew.Err
}
