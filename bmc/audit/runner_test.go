package audit

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// gccRunner is a test-only audit.Runner: it builds the program with gcc,
// every assertion replaced by a call that records its line and value and
// goes on, and runs it once. It runs only programs that read no input,
// whose one run is every execution; for the others it makes no run. The
// real runner is package bmc/run's.
type gccRunner struct {
	gcc string
	dir string
}

var _ Runner = (*gccRunner)(nil)

// NewTestRunner is newGCCRunner for the package's external tests.
var NewTestRunner = func(t *testing.T) Runner { return newGCCRunner(t) }

// readsInput finds what would make a run one of many.
var readsInput = regexp.MustCompile(`\b(__VERIFIER_nondet_\w+|nondet_\w+|scanf|fscanf|getchar|fgetc|getc|fgets|fread|read|argv|getenv|rand|random|time|clock)\s*\(|\bargv\b`)

func newGCCRunner(t *testing.T) *gccRunner {
	t.Helper()
	gcc, err := proc.LookPath("gcc")
	if err != nil {
		t.Skip("needs gcc")
	}
	return &gccRunner{gcc: gcc, dir: t.TempDir()}
}

func (r *gccRunner) Observe(ctx context.Context, p *bmc.Program, variant int) (*bmc.Observation, error) {
	obs := &bmc.Observation{Engine: "gcc-test", Asserts: make([]bmc.Seen, len(p.Asserts))}
	if readsInput.Match(bmc.BlankComments(p.Source, true)) {
		obs.ReadsInput, obs.Why = true, "reads input: the test runner makes no run"
		return obs, nil
	}
	all := make([]int, len(p.Asserts))
	byLine := map[int]int{}
	for i, a := range p.Asserts {
		all[i] = i
		byLine[a.SrcLine] = i
	}
	body := (&bmc.Query{Program: p, Target: -1, Assume: all, Variant: variant}).Render("", "__surety_seen")
	var src bytes.Buffer
	src.WriteString("#include <stdio.h>\nstatic void __surety_rec(int line, int ok) { fprintf(stderr, \"\\nSURETY %d %d\\n\", line, ok); }\n")
	src.WriteString("#define __surety_seen(c) __surety_rec(__LINE__, (c) ? 1 : 0)\n#line 1\n")
	src.Write(body)
	dir, err := os.MkdirTemp(r.dir, "run")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	c, exe := filepath.Join(dir, "p.c"), filepath.Join(dir, "p")
	if err := os.WriteFile(c, src.Bytes(), 0o644); err != nil {
		return nil, err
	}
	b, err := proc.Run(ctx, &proc.Cmd{Path: r.gcc, Args: []string{"-w", "-o", exe, c, "-lm"}, Timeout: time.Minute})
	if err != nil {
		return nil, err
	}
	if b.ExitCode != 0 {
		return nil, fmt.Errorf("gcc: %s", b.Stderr)
	}
	res, err := proc.Run(ctx, &proc.Cmd{Path: exe, Timeout: 10 * time.Second, MaxOutput: 1 << 20})
	if err != nil && !errors.Is(err, proc.ErrTimeout) {
		return nil, err
	}
	obs.Runs = 1
	obs.Complete = res != nil && !res.TimedOut && res.Signal == "" && !res.Truncated
	if !obs.Complete {
		obs.Why = "the run did not end normally"
	}
	failed := false
	sc := bufio.NewScanner(bytes.NewReader(res.Stderr))
	reached, fails := map[int]bool{}, map[int]bool{}
	for sc.Scan() {
		var line, ok int
		if _, err := fmt.Sscanf(sc.Text(), "SURETY %d %d", &line, &ok); err != nil {
			continue
		}
		i, known := byLine[line]
		if !known {
			continue
		}
		reached[i] = true
		if ok == 0 && !fails[i] {
			fails[i] = true
			if !failed {
				obs.Asserts[i].First = 1
			}
			failed = true
		}
	}
	for i := range obs.Asserts {
		if reached[i] {
			obs.Asserts[i].Reached = 1
		}
		if fails[i] {
			obs.Asserts[i].Failed = 1
		}
	}
	return obs, nil
}

// TestGCCRunner: the test runner reports what a run does.
func TestGCCRunner(t *testing.T) {
	r := newGCCRunner(t)
	src := "#include <assert.h>\nint main(void) {\n  int x = 2;\n  assert(x == 2);\n  assert(x == 3);\n  if (x > 5) {\n    assert(0);\n  }\n  return 0;\n}\n"
	p, err := bmc.ParseProgram("r.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	obs, err := r.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []bmc.Seen{{Reached: 1}, {Reached: 1, Failed: 1, First: 1}, {}}
	for i, w := range want {
		if obs.Asserts[i] != w {
			t.Errorf("a%d: %+v, want %+v", i+1, obs.Asserts[i], w)
		}
	}
	if !obs.Complete {
		t.Errorf("not complete: %s", obs.Why)
	}
}
