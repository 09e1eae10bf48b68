package surety

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/internal/proc"
)

// DoctorOptions control Doctor. The zero value is valid; nil means the
// defaults.
type DoctorOptions struct {
	// Timeout is the time budget of each engine's self-test; 0 means
	// bmc.DefaultTimeout.
	Timeout time.Duration
}

// A DoctorReport says which outside programs surety found and whether
// each verification engine passed its self-test.
type DoctorReport struct {
	Programs []ProgramCheck `json:"programs"`
	Engines  []EngineCheck  `json:"engines"`
}

// A ProgramCheck is one outside program: where it is and its version, or
// that it is missing.
type ProgramCheck struct {
	Name    string `json:"name"`
	Use     string `json:"use"`
	Missing bool   `json:"missing,omitempty"`
	Path    string `json:"path,omitempty"`
	Version string `json:"version,omitempty"`
}

// An EngineCheck is one registered verification engine's self-test: a
// planted bug must be FALSIFIED and a correct program VERIFIED.
type EngineCheck struct {
	Name string `json:"name"`
	// Unavailable says why the engine cannot run here; it was not tested.
	Unavailable string        `json:"unavailable,omitempty"`
	OK          bool          `json:"ok"`
	Err         string        `json:"error,omitempty"`
	Duration    time.Duration `json:"duration"`
}

// OK reports whether at least one engine ran and every one that ran
// passed.
func (r *DoctorReport) OK() bool {
	ran := 0
	for _, e := range r.Engines {
		if e.Unavailable == "" {
			ran++
			if !e.OK {
				return false
			}
		}
	}
	return ran > 0
}

// doctorPrograms are the outside programs and how each tells its version.
// A program with via set is a Python package run by that interpreter; it
// is missing when its version command fails.
var doctorPrograms = []struct {
	name string
	args []string
	use  string
	via  string
}{
	{"z3", []string{"--version"}, "SMT solver (smt, bmc/native, hoare)", ""},
	{"cvc5", []string{"--version"}, "SMT solver (smt, bmc/native)", ""},
	{"boolector", []string{"--version"}, "SMT solver (smt)", ""},
	{"bitwuzla", []string{"-c", "import sys; del sys.path[0]; import bitwuzla; print('bitwuzla', bitwuzla.version())"},
		"SMT solver, Python bindings (smt, bmc/native floating point)", "python3"},
	{"esbmc", []string{"--version"}, "bounded model checker (bmc/esbmc)", ""},
	{"cbmc", []string{"--version"}, "bounded model checker (bmc/cbmc)", ""},
	{"dafny", []string{"/version"}, "Dafny verifier (complete/dafny)", ""},
	{"gcc", []string{"--version"}, "C compiler (compile checks, tests)", ""},
}

// Doctor finds the outside programs surety uses (solvers, model checkers,
// Dafny, gcc) with their versions, and runs each available verification
// engine's self-test.
func Doctor(ctx context.Context, opts *DoctorOptions) *DoctorReport {
	if opts == nil {
		opts = &DoctorOptions{}
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = bmc.DefaultTimeout
	}
	rep := &DoctorReport{}
	for _, p := range doctorPrograms {
		pc := ProgramCheck{Name: p.name, Use: p.use, Missing: true}
		if p.via != "" {
			if path, err := proc.LookPath(p.via); err == nil {
				res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: p.args, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
				if err == nil && res.ExitCode == 0 {
					pc.Missing, pc.Path, pc.Version = false, path, strings.TrimSpace(string(res.Stdout))
				}
			}
		} else {
			path, err := proc.LookPath(p.name)
			if err != nil && p.name == "esbmc" {
				path, err = esbmc.Find(ctx, "")
			}
			if err == nil {
				pc.Missing, pc.Path, pc.Version = false, path, version(ctx, path, p.args)
			}
		}
		rep.Programs = append(rep.Programs, pc)
	}
	for _, name := range bmc.Names() {
		c, _ := bmc.Lookup(name)
		ec := EngineCheck{Name: name}
		if err := bmc.Available(ctx, c); err != nil {
			ec.Unavailable = err.Error()
		} else {
			st := bmc.RunSelfTest(ctx, c, timeout)
			ec.OK, ec.Duration = st.OK, st.Duration
			if !st.OK {
				ec.Err = fmt.Sprint(st.Err)
			}
		}
		rep.Engines = append(rep.Engines, ec)
	}
	return rep
}

// version runs a program's version command and keeps its first line.
func version(ctx context.Context, path string, args []string) string {
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: args, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
	if err != nil {
		return "(version unknown: " + err.Error() + ")"
	}
	out := strings.TrimSpace(string(res.Stdout))
	if out == "" {
		out = strings.TrimSpace(string(res.Stderr))
	}
	if i := strings.IndexByte(out, '\n'); i >= 0 {
		out = out[:i]
	}
	if out == "" {
		return "(no version output)"
	}
	return out
}

// WriteText writes the report for people: one line per program, one per
// engine.
func (r *DoctorReport) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("programs:\n")
	for _, p := range r.Programs {
		if p.Missing {
			ew.printf("  %-10s missing    %s\n", p.Name, p.Use)
			continue
		}
		ew.printf("  %-10s %s  %s (%s)\n", p.Name, p.Version, p.Path, p.Use)
	}
	ew.printf("engines:\n")
	ran := 0
	for _, e := range r.Engines {
		switch {
		case e.Unavailable != "":
			ew.printf("  %-10s unavailable: %s\n", e.Name, e.Unavailable)
		case e.OK:
			ran++
			ew.printf("  %-10s ok: planted bug FALSIFIED, correct program VERIFIED (%s)\n", e.Name, e.Duration.Round(time.Millisecond))
		default:
			ran++
			ew.printf("  %-10s FAILED: %s\n", e.Name, e.Err)
		}
	}
	if ran == 0 {
		ew.printf("no verification engine available\n")
	}
	return ew.err
}
