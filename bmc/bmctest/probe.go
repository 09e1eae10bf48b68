package bmctest

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
)

//go:embed testdata/probes
var probeFS embed.FS

// A Truth is what running a probe settled about an assertion.
type Truth string

// The truths of an assertion. The zero Truth is unstated.
const (
	Holds     Truth = "holds"     // no run given fails it
	Fails     Truth = "fails"     // a run given fails it
	Undefined Truth = "undefined" // the program's behaviour is undefined: no verdict but UNKNOWN
)

// A Probe is one C program of the kit with the truths of its assertions.
// See the package documentation for its comments.
type Probe struct {
	// Name is the file's path under testdata/probes without ".c".
	Name string
	// Src is the file's content.
	Src []byte
	// Program is Src parsed; it has at least one assertion.
	Program *bmc.Program
	// Runs are the runs that settle the truths; at least one.
	Runs []Run
	// Assumes are assumptions every fact must list (by substring).
	Assumes []string
	// Broken is the assumption whose breaking alone fails the assertions
	// that fail; "" when none is named.
	Broken string
	// K is the probe's own bound; 0 when it gives none.
	K int
	// Harness is C source compiled beside the kit's harness into every
	// run of Violates: definitions of the functions the probe calls
	// without a body that the kit's harness does not define. One reads
	// the run's next value by calling a __VERIFIER_nondet_ function; the
	// kit defines those, and the other SV-COMP functions, weakly, so
	// Harness may replace them. "" means none; ParseProbe sets none.
	Harness string

	truth  map[string]Truth // by label; "" for every assertion
	byLine map[int]Truth    // written on an assertion's own line
}

// A Run is one run of a probe.
type Run struct {
	// Nondet are the values the __VERIFIER_nondet_* functions return, in
	// order, as C integer or floating literals; past the last, 0.
	Nondet []string
	// Stdin is the run's standard input.
	Stdin string
}

var (
	truthRE     = regexp.MustCompile(`(?m)^// truth(?: (a\d+))?: (holds|fails|undefined)\s*$`)
	lineTruthRE = regexp.MustCompile(`\S.*//.*\btruth:\s*(holds|fails)`)
	runRE       = regexp.MustCompile(`(?m)^//\s*run:(.*)$`)
	assumesRE   = regexp.MustCompile(`(?m)^//\s*assumes:\s*(.*\S)\s*$`)
	brokenRE    = regexp.MustCompile(`(?m)^//\s*broken:\s*(.*\S)\s*$`)
	kRE         = regexp.MustCompile(`(?m)^//\s*k:\s*(\d+)\s*$`)
	nondetRE    = regexp.MustCompile(`nondet=(\S*)`)
	stdinRE     = regexp.MustCompile(`stdin=("(?:[^"\\]|\\.)*")`)
)

// Probes returns the kit's probes, sorted by name. They are embedded in
// the package: the result does not depend on the working directory. Each
// call parses them anew, so the caller may keep or change what it gets.
func Probes() ([]*Probe, error) {
	var out []*Probe
	err := fs.WalkDir(probeFS, "testdata/probes", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".c") {
			return err
		}
		src, err := probeFS.ReadFile(p)
		if err != nil {
			return err
		}
		pr, err := ParseProbe(strings.TrimSuffix(strings.TrimPrefix(p, "testdata/probes/"), ".c"), src)
		if err != nil {
			return err
		}
		out = append(out, pr)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bmctest: %v", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ParseProbe reads a probe from its source; name is what Probe.Name will
// be, and its last element (with ".c") the program's file name. It fails
// on a program without assertions, an assertion without a truth, or a
// run it cannot read.
func ParseProbe(name string, src []byte) (*Probe, error) {
	prog, err := bmc.ParseProgram(path.Base(name)+".c", src)
	if err != nil {
		return nil, fmt.Errorf("bmctest: %s: %v", name, err)
	}
	p := &Probe{Name: name, Src: src, Program: prog, truth: map[string]Truth{}, byLine: map[int]Truth{}}
	text := string(src)
	for _, m := range truthRE.FindAllStringSubmatch(text, -1) {
		p.truth[m[1]] = Truth(m[2])
	}
	for i, line := range strings.Split(text, "\n") {
		if m := lineTruthRE.FindStringSubmatch(line); m != nil {
			p.byLine[i+1] = Truth(m[1])
		}
	}
	for _, m := range runRE.FindAllStringSubmatch(text, -1) {
		r, err := parseRun(m[1])
		if err != nil {
			return nil, fmt.Errorf("bmctest: %s: run %q: %v", name, m[1], err)
		}
		p.Runs = append(p.Runs, r)
	}
	if len(p.Runs) == 0 {
		p.Runs = []Run{{}}
	}
	for _, m := range assumesRE.FindAllStringSubmatch(text, -1) {
		p.Assumes = append(p.Assumes, m[1])
	}
	if m := brokenRE.FindStringSubmatch(text); m != nil {
		p.Broken = m[1]
	}
	if m := kRE.FindStringSubmatch(text); m != nil {
		p.K, _ = strconv.Atoi(m[1])
	}
	if len(prog.Asserts) == 0 {
		return nil, fmt.Errorf("bmctest: %s: no assertion", name)
	}
	for _, a := range prog.Asserts {
		if p.Truth(a) == "" {
			return nil, fmt.Errorf("bmctest: %s:%d: %s has no truth", name, a.SrcLine, a.Label())
		}
	}
	return p, nil
}

// parseRun reads `nondet=1,-2 stdin="5\n"` or `1 -2 stdin "5\n"`.
func parseRun(s string) (Run, error) {
	var r Run
	var err error
	if !strings.Contains(s, "=") {
		vals, in, ok := strings.Cut(s, "stdin")
		r.Nondet = strings.Fields(vals)
		if ok {
			r.Stdin, err = strconv.Unquote(strings.TrimSpace(in))
		}
		return r, err
	}
	if n := nondetRE.FindStringSubmatch(s); n != nil && n[1] != "" {
		r.Nondet = strings.Split(n[1], ",")
	}
	if m := stdinRE.FindStringSubmatch(s); m != nil {
		r.Stdin, err = strconv.Unquote(m[1])
	}
	return r, err
}

// Truth returns the truth of assertion a of the probe's program: written
// for its label, on its line, or for every assertion, in that order of
// precedence; "" when the probe states none.
func (p *Probe) Truth(a bmc.Assertion) Truth {
	if t, ok := p.truth[a.Label()]; ok {
		return t
	}
	if t, ok := p.byLine[a.SrcLine]; ok {
		return t
	}
	return p.truth[""]
}

// Bound returns the bound a query of the probe uses: k when it is
// positive, else the probe's own, else 5.
func (p *Probe) Bound(k int) int {
	switch {
	case k > 0:
		return k
	case p.K > 0:
		return p.K
	}
	return 5
}
