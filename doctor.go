package surety

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/internal/files"
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
	// Good is the engine's answer on the correct program: VERIFIED, or
	// UNKNOWN for an engine that never verifies (the run engine).
	Good bmc.Status `json:"good"`
}

// OK reports whether at least one engine ran and every one that ran
// passed.
func (r *DoctorReport) OK() bool {
	for _, e := range r.Engines {
		if e.Unavailable == "" && !e.OK {
			return false
		}
	}
	return r.Ran()
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
// engine's self-test: FindPrograms, then TestEngines.
func Doctor(ctx context.Context, opts *DoctorOptions) *DoctorReport {
	return &DoctorReport{Programs: FindPrograms(ctx), Engines: TestEngines(ctx, opts, nil)}
}

// FindPrograms looks for each outside program surety uses and asks it
// for its version.
func FindPrograms(ctx context.Context) []ProgramCheck {
	var out []ProgramCheck
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
		out = append(out, pc)
	}
	return out
}

// TestEngines runs the self-test of every registered engine that can run
// here, one after the other, calling each (when not nil) as each ends.
func TestEngines(ctx context.Context, opts *DoctorOptions, each func(EngineCheck)) []EngineCheck {
	if opts == nil {
		opts = &DoctorOptions{}
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = bmc.DefaultTimeout
	}
	var out []EngineCheck
	for _, name := range bmc.Names() {
		c, _ := bmc.Lookup(name)
		ec := EngineCheck{Name: name}
		if err := bmc.Available(ctx, c); err != nil {
			ec.Unavailable = err.Error()
		} else {
			st := bmc.RunSelfTest(ctx, c, timeout)
			ec.OK, ec.Duration, ec.Good = st.OK, st.Duration, st.Good
			if !st.OK {
				ec.Err = fmt.Sprint(st.Err)
			}
		}
		out = append(out, ec)
		if each != nil {
			each(ec)
		}
	}
	return out
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

// String is the program's line in the doctor's report: its name, then
// its version, path and use, or that it is missing.
func (p ProgramCheck) String() string {
	if p.Missing {
		return fmt.Sprintf("%-10s missing    %s", p.Name, p.Use)
	}
	return fmt.Sprintf("%-10s %s  %s (%s)", p.Name, p.Version, p.Path, p.Use)
}

// String is the engine's line in the doctor's report.
func (e EngineCheck) String() string {
	switch {
	case e.Unavailable != "":
		return fmt.Sprintf("%-10s unavailable: %s", e.Name, e.Unavailable)
	case e.OK:
		return fmt.Sprintf("%-10s ok: planted bug FALSIFIED, correct program %s (%s)", e.Name, e.Good, e.Duration.Round(time.Millisecond))
	}
	return fmt.Sprintf("%-10s FAILED: %s", e.Name, e.Err)
}

// WriteText writes the report for people: one line per program, one per
// engine, and a line when no engine could run.
func (r *DoctorReport) WriteText(w io.Writer) error {
	ew := &files.ErrWriter{W: w}
	ew.Printf("programs:\n")
	for _, p := range r.Programs {
		ew.Printf("  %s\n", p)
	}
	ew.Printf("engines:\n")
	for _, e := range r.Engines {
		ew.Printf("  %s\n", e)
	}
	if !r.Ran() {
		ew.Printf("no verification engine available\n")
	}
	return ew.Err
}

// Ran reports whether an engine could run here.
func (r *DoctorReport) Ran() bool {
	for _, e := range r.Engines {
		if e.Unavailable == "" {
			return true
		}
	}
	return false
}

// WriteDoctor is Doctor writing its report for people as it goes, each
// line as soon as it is known (a self-test can take a while), in
// WriteText's form. The error is w's.
func WriteDoctor(ctx context.Context, w io.Writer, opts *DoctorOptions) (*DoctorReport, error) {
	ew := &files.ErrWriter{W: w}
	rep := &DoctorReport{Programs: FindPrograms(ctx)}
	ew.Printf("programs:\n")
	for _, p := range rep.Programs {
		ew.Printf("  %s\n", p)
	}
	ew.Printf("engines:\n")
	rep.Engines = TestEngines(ctx, opts, func(c EngineCheck) { ew.Printf("  %s\n", c) })
	if !rep.Ran() {
		ew.Printf("no verification engine available\n")
	}
	return rep, ew.Err
}
