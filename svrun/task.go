package svrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/work"
)

// TaskOptions configure RunTask and Bench. The zero value is valid and a
// nil pointer means the defaults; neither modifies it.
type TaskOptions struct {
	// Facts are the options of each run of the facts pipeline; its K is
	// the first bound tried (0: bmc.DefaultK). The audit is always off.
	Facts viverra.FactsOptions
	// MaxK is the largest bound tried: a task whose assertions all hold
	// up to K, but whose loops may run longer, is tried again with four
	// times the bound until a run is complete or K passes MaxK; 0 means 64.
	MaxK int
	// WitnessDir receives a verification witness (format 2.0) for each
	// definitive verdict, named after the task; "" writes none.
	WitnessDir string
	// Budget is how long one task may take (wall clock), as SV-COMP
	// limits each task's time: when it is spent the checks under way
	// stop and the task is unknown, saying so; 0 means no limit. A
	// verdict found before then stands.
	Budget time.Duration
	// Runner, if not nil, runs Bench's tasks as jobs of kind
	// BenchTaskKind (package work), for example on the workers of a NATS
	// server (work/nats); nil runs them one after the other in this
	// process. A worker reads each task at the same path as here (a shared
	// or identical file system) and refuses one whose files differ;
	// Facts.Checker, Cache and Runs cannot be sent to a worker and must be
	// nil; a witness is written on the worker's machine. RunTask ignores
	// Runner.
	Runner work.Runner
}

// RunTask answers one SV-COMP task's unreach-call property: false when a
// call of reach_error (or any other recognised assertion) fails on a run
// that replays under gcc, true when every assertion is a fact whose bound
// is complete (it holds on every execution) and nothing in the program
// is beyond what the engines model, unknown otherwise, with the reason.
// Other properties are not decided. An error means surety failed, not the
// task.
func RunTask(ctx context.Context, path string, opts *TaskOptions) (*svcomp.Result, error) {
	if opts == nil {
		opts = &TaskOptions{}
	}
	before := proc.CPU()
	start := time.Now()
	res := &svcomp.Result{Task: path, Verdict: svcomp.Unknown}
	defer func() {
		res.Outcome = svcomp.Classify(res.Verdict, res.Expected)
		res.CPU, res.Wall = proc.CPU()-before, time.Since(start)
	}()
	task, err := svcomp.ParseTask(path)
	if err != nil {
		return nil, err
	}
	prop, ok := task.Property(svcomp.UnreachCall)
	if !ok {
		res.Reason = "the task has no unreach-call property"
		return res, nil
	}
	res.Expected = prop.Expected
	if task.Language != "C" {
		res.Reason = "language " + task.Language + " is not C"
		return res, nil
	}
	if len(task.InputFiles) != 1 {
		res.Reason = fmt.Sprintf("%d input files; one is supported", len(task.InputFiles))
		return res, nil
	}
	file := task.InputFiles[0]
	parent := ctx
	if opts.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Budget)
		defer cancel()
	}
	// spent says whether the task's budget, not the caller, ended ctx.
	spent := func() bool { return ctx.Err() != nil && parent.Err() == nil }
	src, err := frontend.ReadFile(ctx, file)
	if err != nil && spent() {
		res.Reason = budgetSpent(opts.Budget, "")
		return res, nil
	}
	if err != nil {
		return nil, fmt.Errorf("surety: task %s: %w", path, err)
	}
	if why := dataModelHazard(task.DataModel, src); why != "" {
		res.Reason = why
		return res, nil
	}
	fopts := opts.Facts
	fopts.Audit = "off"
	fopts.SkipBoundCheck = false
	fopts.Need = taskNeed
	// The safety check can only take a verdict away (undefined behaviour
	// on a run makes the task unknown), so it runs once, on the verdict,
	// rather than before every bound: a task left unknown does not pay
	// for it at all.
	checkUB := !fopts.SkipUndefinedBehaviour
	fopts.SkipUndefinedBehaviour = true
	k := fopts.K
	if k == 0 {
		k = bmc.DefaultK
	}
	maxK := opts.MaxK
	if maxK == 0 {
		maxK = 64
	}
	for {
		fopts.K = k
		fr, err := viverra.Facts(ctx, file, src, &fopts)
		var pe *bmc.ParseError
		switch {
		case errors.As(err, &pe):
			res.Reason = pe.Error()
			return res, nil
		case errors.Is(err, viverra.ErrNoAssertion):
			res.Reason = "no call of reach_error and no assertion found; looked for " + bmc.AssertionForms
			return res, nil
		case err != nil && spent():
			res.Reason = budgetSpent(opts.Budget, "")
			return res, nil
		case err != nil:
			return nil, err
		}
		rep := fr.Report
		v, why, again := taskVerdict(rep)
		if v != svcomp.Unknown && checkUB {
			if err := viverra.CheckUndefined(ctx, file, src, &fopts, fr); err != nil {
				if !spent() {
					return nil, err
				}
				res.Reason = budgetSpent(opts.Budget, "the check for undefined behaviour did not finish")
				return res, nil
			}
			v, why, again = taskVerdict(rep)
		}
		if v == svcomp.Unknown && spent() {
			why = budgetSpent(opts.Budget, why)
		}
		res.Verdict, res.Reason = v, why
		if v == svcomp.False {
			if opts.WitnessDir != "" {
				res.Witness, err = writeViolationWitness(opts.WitnessDir, task, prop, file, src, rep)
			}
			return res, err
		}
		if v == svcomp.True {
			if opts.WitnessDir != "" {
				res.Witness, err = writeCorrectnessWitness(opts.WitnessDir, task, prop, file, rep)
			}
			return res, err
		}
		if !again || k*4 > maxK || ctx.Err() != nil {
			return res, nil
		}
		k *= 4
		// What held on every execution at the smaller bound still does.
		fopts.Carry = rep
	}
}

// budgetSpent says that a task's time budget ended it, and what was
// left undecided then.
func budgetSpent(budget time.Duration, why string) string {
	s := fmt.Sprintf("the task's time budget (%s) is spent", budget)
	if why != "" {
		s += "; " + why
	}
	return s
}

// taskNeed is what a task still needs once an assertion is decided: after
// one fails the task is false and nothing more is needed; after one stays
// unknown the task cannot be true, so only failures of the others can
// still decide it (no compositional checks, no induction).
func taskNeed(f *bmc.Fact) bmc.Need {
	switch f.Status {
	case bmc.VerdictFalsified:
		return bmc.NeedNothing
	case bmc.VerdictUnknown:
		return bmc.NeedFailures
	}
	return bmc.NeedAll
}

// taskVerdict reads a facts report as an unreach-call verdict; again says
// a larger bound may decide it.
func taskVerdict(rep *bmc.Report) (v svcomp.Verdict, why string, again bool) {
	// Undefined behaviour first: a run that fails an assertion after it
	// (a signed overflow gcc wraps, say) shows what gcc made of the
	// program, not what C says of it. Five SV-COMP tasks expected true
	// were answered false that way.
	if len(rep.Hazards) > 0 {
		return svcomp.Unknown, rep.Hazards[0].String(), false
	}
	for _, f := range rep.Facts {
		if f.Status == bmc.VerdictFalsified {
			return svcomp.False, fmt.Sprintf("%s (%s, line %d) fails on a run replayed under gcc", f.Label(), f.Pred, f.SrcLine), false
		}
	}
	again = true
	for _, f := range rep.Facts {
		switch {
		case !f.Status.Fact():
			return svcomp.Unknown, fmt.Sprintf("%s (line %d): %s", f.Label(), f.SrcLine, f.Reason), false
		case !f.BoundComplete:
			why = fmt.Sprintf("%s (line %d) holds up to k=%d only: %s", f.Label(), f.SrcLine, rep.K, f.BoundReason)
		}
	}
	if why != "" {
		return svcomp.Unknown, why, again
	}
	return svcomp.True, "every assertion holds on every execution", false
}

// longLong matches the type long long, whose size is the same in ILP32
// and LP64.
var longLong = regexp.MustCompile(`\blong\s+long\b`)

// lp64Only are the words whose meaning differs between ILP32 and LP64.
var lp64Only = regexp.MustCompile(`\b(long|size_t|ssize_t|sizeof|ptrdiff_t|intptr_t|uintptr_t|off_t|time_t|wchar_t|__VERIFIER_nondet_pointer)\b`)

// dataModelHazard says why an ILP32 task cannot be decided by engines
// that model LP64: it uses a type or operator whose size differs.
func dataModelHazard(model string, src []byte) string {
	if model == "" || model == "LP64" {
		return ""
	}
	if model != "ILP32" {
		return "data model " + model + " is not modelled"
	}
	code := bmc.BlankComments(src, false)
	// long long is 64 bits in both.
	code = longLong.ReplaceAllFunc(code, func(m []byte) []byte { return bytes.Repeat([]byte(" "), len(m)) })
	for _, loc := range lp64Only.FindAllIndex(code, -1) {
		word := string(code[loc[0]:loc[1]])
		switch {
		case word == "sizeof" && sizeofSame(code, loc[0], loc[1]):
			continue
		case word != "sizeof" && word != "long" && typedefed(code, word):
			continue // the program defines the type itself, as a .i file does
		}
		line := bytes.Count(code[:loc[0]], []byte("\n")) + 1
		return fmt.Sprintf("the task is for ILP32 and line %d uses %s, whose size the engines (LP64) model otherwise", line, word)
	}
	return ""
}

var (
	sizeofTypeRE = regexp.MustCompile(`^\s*\(\s*((?:unsigned|signed|int|char|short|float|double|_Bool|const|volatile)(?:\s+(?:unsigned|signed|int|char|short|float|double|_Bool|const|volatile))*)\s*\)`)
	voidCastRE   = regexp.MustCompile(`\(\s*void\s*\)\s*$`)
)

// sizeofSame reports whether the sizeof at code[start:end] is the same in
// ILP32 and LP64: its value is thrown away (assert's expansion in glibc,
// "(void) sizeof ((0) ? 1 : 0)"), or it measures a type of the same size
// in both.
func sizeofSame(code []byte, start, end int) bool {
	return voidCastRE.Match(code[max(0, start-64):start]) || sizeofTypeRE.Match(code[end:min(len(code), end+128)])
}

// typedefed reports whether the program defines the type name itself.
func typedefed(code []byte, name string) bool {
	re := regexp.MustCompile(`\btypedef\b[^;]*\b` + regexp.QuoteMeta(name) + `\s*;`)
	return re.Match(code)
}

// Bench runs every task definition (*.yml) under dir, one after the
// other, and scores them as SV-COMP does.
func Bench(ctx context.Context, dir string, opts *TaskOptions, progress func(*svcomp.Result)) (*svcomp.Table, error) {
	if info, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("surety: bench: %w", err)
	} else if !info.IsDir() {
		return nil, fmt.Errorf("surety: bench: %s: not a directory", dir)
	}
	var tasks []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && (strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".yaml")) {
			tasks = append(tasks, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("surety: bench: %w", err)
	}
	sort.Strings(tasks)
	if len(tasks) == 0 {
		return nil, fmt.Errorf("surety: bench: no task definition (*.yml) under %s", dir)
	}
	if opts != nil && opts.Runner != nil {
		return benchJobs(ctx, dir, tasks, opts, progress)
	}
	var results []svcomp.Result
	for _, p := range tasks {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r, err := RunTask(ctx, p, opts)
		if errors.Is(err, svcomp.ErrFormat) {
			continue // a YAML file that is not a task
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			r = failedTask(p, err.Error())
		}
		if rel, err := filepath.Rel(dir, p); err == nil {
			r.Task = rel
		}
		results = append(results, *r)
		if progress != nil {
			progress(r)
		}
	}
	return svcomp.Tabulate(results), nil
}

// failedTask is the row of a task surety failed on: an answer of its own,
// unknown with the error, so that one broken task does not end the run.
func failedTask(p, err string) *svcomp.Result {
	r := &svcomp.Result{Task: p, Verdict: svcomp.Unknown, Outcome: svcomp.NoAnswer, Reason: "error: " + err}
	if t, terr := svcomp.ParseTask(p); terr == nil {
		if pr, ok := t.Property(svcomp.UnreachCall); ok {
			r.Expected = pr.Expected
		}
	}
	return r
}

func witnessTask(task *svcomp.Task, prop svcomp.Property) *svcomp.WitnessTask {
	spec, err := svcomp.Specification(prop.File)
	if err != nil {
		spec = ""
	}
	return &svcomp.WitnessTask{InputFiles: task.InputFiles, Specification: spec, DataModel: task.DataModel, Producer: "surety " + buildid.Self()}
}

func witnessPath(dir, task string) string {
	base := strings.TrimSuffix(filepath.Base(task), filepath.Ext(task))
	return filepath.Join(dir, base+".witness.yml")
}

// writeViolationWitness writes the first falsified assertion's replayed
// counterexample: each nondeterministic value as a function_return
// waypoint at its call, then the failing assertion as the target.
func writeViolationWitness(dir string, task *svcomp.Task, prop svcomp.Property, file string, src []byte, rep *bmc.Report) (string, error) {
	var f *bmc.Fact
	for i := range rep.Facts {
		if rep.Facts[i].Status == bmc.VerdictFalsified {
			f = &rep.Facts[i]
			break
		}
	}
	lines := strings.Split(string(src), "\n")
	name := file // as the task's input_files name it
	var path []svcomp.Waypoint
	if cex := f.Counterexample; cex != nil {
		funcOf := map[int]string{}
		for _, s := range cex.Steps {
			funcOf[s.Line] = s.Func
		}
		for _, in := range cex.Inputs {
			fn, _, _ := strings.Cut(in.Name, "#")
			if !strings.HasPrefix(fn, "__VERIFIER_nondet_") || in.Line < 1 || in.Line > len(lines) {
				continue
			}
			col := strings.Index(lines[in.Line-1], fn) + 1
			path = append(path, svcomp.Waypoint{Type: "function_return", File: name, Line: in.Line, Column: max(col, 0),
				Function: funcOf[in.Line], Constraint: `\result == ` + in.Value})
		}
	}
	lineStart := bytes.LastIndexByte(src[:f.Start], '\n') + 1
	path = append(path, svcomp.Waypoint{Type: "target", File: name, Line: f.SrcLine, Column: f.Start - lineStart + 1, Function: f.Func})
	b, err := svcomp.ViolationWitness(witnessTask(task, prop), path)
	if err != nil {
		return "", err
	}
	out := witnessPath(dir, task.Path)
	return out, atomicfile.Write(out, b)
}

// writeCorrectnessWitness writes a correctness witness with the loop
// invariants that the facts' k-induction proved (none when every bound was
// complete: the unwinding needed none).
func writeCorrectnessWitness(dir string, task *svcomp.Task, prop svcomp.Property, file string, rep *bmc.Report) (string, error) {
	var invs []svcomp.Invariant
	seen := map[bmc.Invariant]bool{}
	for _, f := range rep.Facts {
		for _, in := range f.Invariants {
			if !seen[in] {
				seen[in] = true
				invs = append(invs, svcomp.Invariant{File: file, Line: in.Line, Column: in.Column, Function: in.Function, Value: in.Expr})
			}
		}
	}
	b, err := svcomp.CorrectnessWitness(witnessTask(task, prop), invs)
	if err != nil {
		return "", err
	}
	out := witnessPath(dir, task.Path)
	return out, atomicfile.Write(out, b)
}
