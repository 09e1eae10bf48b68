package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/internal/atomicfile"

	"github.com/suretydev/surety/work"

	"github.com/suretydev/surety/svrun"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/selftest/cgen"
	"github.com/suretydev/surety/svcomp"
)

// Options configure Run. The zero value is valid and a nil pointer means
// the defaults; Run never modifies it.
type Options struct {
	// Seed is the first program's seed; program j has seed Seed+j.
	Seed int64
	// Count is how many programs are generated; 0 means 10.
	Count int
	// Csmith makes every other program (odd j) a Csmith program.
	Csmith bool
	// CsmithStructs lets those programs hold structs and their
	// bit-fields (still no pointers, unions or arrays), which the native
	// engine reads; other engines may answer UNKNOWN on them.
	CsmithStructs bool
	// Inputs makes every fourth program (j%4 == 2) read an input, in
	// 0..cgen.Inputs-1 past main's first lines: its truth is that of a
	// run on each.
	Inputs bool
	// Engines are the engines run alone on the facts path; nil means
	// native, esbmc and run, each where it is registered and available.
	Engines []string
	// Paths restricts the paths run (names as in Paths: "facts/native",
	// "audit/native", "raw/native", "facts/default", "audit/default",
	// "weak/default", "cache/default", "task/default"); nil means every
	// one.
	Paths []string
	// K is the unwind bound; 0 means bmc.DefaultK.
	K int
	// Timeout is the budget of each check; 0 means 30s.
	Timeout time.Duration
	// TaskBudget is the wall-clock budget of each task; 0 means 2m.
	TaskBudget time.Duration
	// Workers is how many programs are checked at once; 0 means one per CPU.
	Workers int
	// Keep is the directory where the program of each wrong verdict is
	// kept; "" means a new directory under os.TempDir().
	Keep string
	// Skip, when set, is asked for each program's name before it is
	// generated: true skips it (a resumed soak).
	Skip func(name string) bool
	// Progress, when set, is called after each program, from one
	// goroutine at a time.
	Progress func(*ProgramResult)
}

// A ProgramResult is what Run found on one program.
type ProgramResult struct {
	Name string `json:"name"`
	// NoTruth, when not empty, says why the program was skipped.
	NoTruth string `json:"no_truth,omitempty"`
	// Asserts is the program's truth.
	Asserts []Truth `json:"asserts,omitempty"`
	// Fails is the task's truth: some assertion fails on the run.
	Fails bool `json:"fails"`
	// Counts are the path's counts on this program, by path name.
	Counts []Count `json:"counts,omitempty"`
	// Wrong are its wrong verdicts.
	Wrong []Wrong `json:"wrong,omitempty"`
	// Errors are the paths on which surety failed, with the error.
	Errors []string `json:"errors,omitempty"`
	// Seconds is the wall time of the whole program (generation, runs and
	// every path).
	Seconds float64 `json:"seconds"`
}

// A Count is one path's tally.
type Count struct {
	Path       string  `json:"path"`
	Programs   int     `json:"programs"`
	Assertions int     `json:"assertions"`
	Right      int     `json:"right"`
	Unknown    int     `json:"unknown"`
	Wrong      int     `json:"wrong"`
	Errors     int     `json:"errors"`
	Seconds    float64 `json:"seconds"`
}

// A Wrong is one wrong verdict.
type Wrong struct {
	Path    string `json:"path"`
	Program string `json:"program"`
	// File is the program, kept on disk (for a task, its .yml).
	File string `json:"file"`
	// Assertion is the index of the assertion (-1 for a task verdict);
	// Line and Pred say which it is.
	Assertion int    `json:"assertion"`
	Line      int    `json:"line,omitempty"`
	Pred      string `json:"pred,omitempty"`
	// Verdict is what the path said; Truth what the run showed.
	Verdict string `json:"verdict"`
	Truth   string `json:"truth"`
	// Reason is the path's reason or engine, when it gave one.
	Reason string `json:"reason,omitempty"`
	// Bounded is set on a wrong VERIFIED or C-VERIFIED whose bound the
	// engines did not find complete: a claim about the first k iterations
	// that a run past them refutes.
	Bounded bool `json:"bounded,omitempty"`
}

// A Report sums the results of a Run.
type Report struct {
	Programs int `json:"programs"`
	// NoTruth counts the programs skipped because no truth was settled.
	NoTruth int     `json:"no_truth"`
	Counts  []Count `json:"counts"`
	Wrong   []Wrong `json:"wrong"`
	// Seconds: per program, the median and the largest.
	MedianSeconds float64          `json:"median_seconds"`
	MaxSeconds    float64          `json:"max_seconds"`
	Results       []*ProgramResult `json:"results,omitempty"`
}

// WrongCount is the number of wrong verdicts.
func (r *Report) WrongCount() int { return len(r.Wrong) }

// Summarize sums program results into a Report, paths sorted by name.
func Summarize(results []*ProgramResult) *Report {
	r := &Report{Wrong: []Wrong{}}
	by := map[string]*Count{}
	var secs []float64
	for _, pr := range results {
		r.Results = append(r.Results, pr)
		if pr.NoTruth != "" {
			r.NoTruth++
			continue
		}
		r.Programs++
		secs = append(secs, pr.Seconds)
		r.Wrong = append(r.Wrong, pr.Wrong...)
		for _, c := range pr.Counts {
			t := by[c.Path]
			if t == nil {
				t = &Count{Path: c.Path}
				by[c.Path] = t
			}
			t.Programs += c.Programs
			t.Assertions += c.Assertions
			t.Right += c.Right
			t.Unknown += c.Unknown
			t.Wrong += c.Wrong
			t.Errors += c.Errors
			t.Seconds += c.Seconds
		}
	}
	for _, c := range by {
		r.Counts = append(r.Counts, *c)
	}
	sort.Slice(r.Counts, func(i, j int) bool { return r.Counts[i].Path < r.Counts[j].Path })
	sort.Float64s(secs)
	if n := len(secs); n > 0 {
		r.MedianSeconds, r.MaxSeconds = secs[n/2], secs[n-1]
	}
	return r
}

// Paths lists the verdict paths that Run takes with these options, in
// order: each engine alone, the default, its audit, its cache, the task.
func Paths(ctx context.Context, opts *Options) []string {
	if opts == nil {
		opts = &Options{}
	}
	engines := opts.Engines
	if engines == nil {
		for _, n := range []string{"native", "esbmc", "run"} {
			if c, err := bmc.Lookup(n); err == nil && bmc.Available(ctx, c) == nil {
				engines = append(engines, n)
			}
		}
	}
	// With the run engine registered, every path checks its verdicts
	// against runs; raw/ENGINE is the engine's own answer without that
	// check: its wrong claims are findings about the engine, which the
	// run check must catch.
	runs := false
	if c, err := bmc.Lookup("run"); err == nil && bmc.Available(ctx, c) == nil {
		runs = true
	}
	var ps []string
	for _, e := range engines {
		ps = append(ps, "facts/"+e, "audit/"+e)
		if runs && e != "run" {
			ps = append(ps, "raw/"+e)
		}
	}
	ps = append(ps, "facts/default", "audit/default", "weak/default", "cache/default", "task/default")
	if opts.Paths == nil {
		return ps
	}
	return slices.DeleteFunc(ps, func(p string) bool { return !slices.Contains(opts.Paths, p) })
}

// Name is the name of program j of a run.
func Name(opts *Options, j int) string {
	if opts.Csmith && j%2 == 1 {
		if opts.CsmithStructs {
			return fmt.Sprintf("csmith-structs-%d", opts.Seed+int64(j))
		}
		return fmt.Sprintf("csmith-%d", opts.Seed+int64(j))
	}
	if opts.Inputs && j%4 == 2 {
		return fmt.Sprintf("input-%d", opts.Seed+int64(j))
	}
	return fmt.Sprintf("gen-%d", opts.Seed+int64(j))
}

// Run generates the programs, settles their truth by running them, and
// takes each through every path. Programs without truth are skipped and
// counted; a wrong verdict is data, in the Report, not an error. An error
// means the self-test itself could not go on (ctx cancelled, no gcc).
func Run(ctx context.Context, opts *Options) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	if _, err := proc.LookPath("gcc"); err != nil {
		return nil, fmt.Errorf("selftest: %w", err)
	}
	count := opts.Count
	if count == 0 {
		count = 10
	}
	workers := work.Workers(opts.Workers)
	keep, err := keepDir(opts.Keep)
	if err != nil {
		return nil, err
	}
	paths := Paths(ctx, opts)
	results := make([]*ProgramResult, count)
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		next = make(chan int)
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				pr := runOne(ctx, opts, paths, keep, j)
				mu.Lock()
				results[j] = pr
				if opts.Progress != nil {
					opts.Progress(pr)
				}
				mu.Unlock()
			}
		}()
	}
	for j := 0; j < count && ctx.Err() == nil; j++ {
		if opts.Skip != nil && opts.Skip(Name(opts, j)) {
			continue
		}
		select {
		case next <- j:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	done := slices.DeleteFunc(results, func(pr *ProgramResult) bool { return pr == nil })
	r := Summarize(done)
	if len(r.Wrong) == 0 && opts.Keep == "" {
		os.Remove(keep)
	}
	return r, nil
}

// keepDir returns the directory that keeps the programs of wrong
// verdicts: keep, made when it is missing, or a new temporary directory
// when keep is "" (which the caller removes when nothing was wrong).
func keepDir(keep string) (string, error) {
	if keep == "" {
		d, err := os.MkdirTemp("", "surety-selftest-wrong-")
		if err != nil {
			return "", fmt.Errorf("selftest: %w", err)
		}
		return d, nil
	}
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return "", fmt.Errorf("selftest: %w", err)
	}
	return keep, nil
}

// runOne does program j, and recovers from a panic of any path, which
// it reports as an error of that program.
func runOne(ctx context.Context, opts *Options, paths []string, keep string, j int) (pr *ProgramResult) {
	name := Name(opts, j)
	start := time.Now()
	pr = &ProgramResult{Name: name}
	defer func() {
		if v := recover(); v != nil {
			pr.Errors = append(pr.Errors, fmt.Sprintf("panic: %v", v))
		}
		pr.Seconds = time.Since(start).Seconds()
	}()
	dir, remove, err := proc.TempDir("selftest")
	if err != nil {
		pr.NoTruth = err.Error()
		return pr
	}
	defer remove()
	b := &builder{dir: dir}
	var p *cgen.Program
	seed := opts.Seed + int64(j)
	if strings.HasPrefix(name, "csmith-") {
		b.include = []string{CsmithInclude()}
		p, err = csmithProgram(ctx, b, seed, strings.HasPrefix(name, "csmith-structs-"))
	} else {
		p = cgen.Generate(seed, &cgen.Options{Input: strings.HasPrefix(name, "input-")})
	}
	var c *Case
	if err == nil {
		c, err = settle(ctx, b, name, p)
	}
	if err != nil {
		pr.NoTruth = err.Error()
		return pr
	}
	pr.Asserts, pr.Fails = c.Asserts, c.Fails()
	j0 := &judge{ctx: ctx, opts: opts, c: c, dir: dir, keep: keep, pr: pr}
	j0.run(paths)
	return pr
}

// judge takes one Case through the paths.
type judge struct {
	ctx  context.Context
	opts *Options
	c    *Case
	dir  string
	keep string
	pr   *ProgramResult
	file string // the program, written in dir
	kept string // the program, kept in keep (once a verdict is wrong)
}

func (j *judge) factsOptions(engines []string) *viverra.FactsOptions {
	t := j.opts.Timeout
	if t == 0 {
		t = 30 * time.Second
	}
	return &viverra.FactsOptions{K: j.opts.K, Timeout: t, Engines: engines, Audit: "off"}
}

func (j *judge) run(paths []string) {
	j.file = filepath.Join(j.dir, j.c.Name+".c")
	if err := os.WriteFile(j.file, j.c.Source, 0o644); err != nil {
		j.pr.Errors = append(j.pr.Errors, err.Error())
		return
	}
	// results are the facts of each engine ("default": none chosen),
	// each run once with the audit of reachability and shared by the
	// paths that judge it.
	results := map[string]*viverra.FactsResult{}
	failed := map[string]error{}
	var cache *bmc.Cache
	factsOf := func(engine string) (*viverra.FactsResult, error) {
		if fr, ok := results[engine]; ok {
			return fr, nil
		}
		if err, ok := failed[engine]; ok {
			return nil, err
		}
		o := j.factsOptions([]string{engine})
		if slices.Contains(paths, "audit/"+engine) {
			o.Audit = "reach"
		}
		if slices.Contains(paths, "weak/"+engine) {
			o.Audit, o.Mutants = "full", weakMutants
		}
		if e, ok := strings.CutPrefix(engine, "raw:"); ok {
			o.Engines, o.NoRuns = []string{e}, true
		}
		var err error
		if engine == "default" {
			o.Engines = nil
			if cache, err = bmc.OpenCache(filepath.Join(j.dir, "cache")); err != nil {
				return nil, err
			}
			o.Cache = cache
		}
		fr, err := viverra.Facts(j.ctx, j.file, j.c.Source, o)
		if err != nil {
			failed[engine] = err
			return nil, err
		}
		results[engine] = fr
		return fr, nil
	}
	for _, path := range paths {
		start := time.Now()
		cnt := Count{Path: path, Programs: 1}
		kind, engine, _ := strings.Cut(path, "/")
		if kind == "raw" {
			kind, engine = "facts", "raw:"+engine
		}
		switch kind {
		case "facts", "audit", "weak", "cache":
			fr, err := factsOf(engine)
			if err != nil {
				j.fail(&cnt, err)
				break
			}
			switch kind {
			case "facts":
				j.facts(&cnt, fr)
			case "audit":
				j.audit(&cnt, fr)
			case "weak":
				j.weak(&cnt, fr)
			default:
				o := j.factsOptions(nil)
				o.Cache = cache
				if slices.Contains(paths, "audit/default") {
					o.Audit = "reach"
				}
				if slices.Contains(paths, "weak/default") {
					o.Audit, o.Mutants = "full", weakMutants
				}
				again, err := viverra.Facts(j.ctx, j.file, j.c.Source, o)
				if err != nil {
					j.fail(&cnt, err)
					break
				}
				j.cache(&cnt, fr, again)
			}
		case "task":
			j.task(&cnt)
		}
		cnt.Seconds = time.Since(start).Seconds()
		j.pr.Counts = append(j.pr.Counts, cnt)
	}
}

func (j *judge) fail(cnt *Count, err error) {
	cnt.Errors++
	j.pr.Errors = append(j.pr.Errors, cnt.Path+": "+err.Error())
}

// wrong records a wrong verdict and keeps the program.
func (j *judge) wrong(w Wrong) {
	if j.kept == "" {
		j.kept = filepath.Join(j.keep, j.c.Name+".c")
		if err := atomicfile.Write(j.kept, j.c.Source); err != nil {
			j.pr.Errors = append(j.pr.Errors, err.Error())
		}
	}
	w.Program = j.c.Name
	if w.File == "" {
		w.File = j.kept
	}
	if w.Assertion >= 0 {
		w.Line, w.Pred = j.c.Asserts[w.Assertion].Line, j.c.Asserts[w.Assertion].Pred
	}
	j.pr.Wrong = append(j.pr.Wrong, w)
}

func (j *judge) truthOf(i int) string {
	t := j.c.Asserts[i]
	switch {
	case t.Fails:
		return "fails"
	case t.Reached:
		return "holds"
	}
	return "holds (not reached)"
}

// Judge says whether verdict v of assertion i (with the fact's assumed
// set ig) contradicts the run: "" when it does not, else why.
func (c *Case) Judge(i int, v bmc.Verdict, ig []int) string {
	t := c.Asserts[i]
	switch v {
	case bmc.VerdictVerified:
		if t.Fails {
			return "VERIFIED, but the run fails it"
		}
	case bmc.VerdictCVerified:
		if c.FailsUnder(i, ig) {
			return "C-VERIFIED, but the run fails it before any assertion it assumes"
		}
	case bmc.VerdictFalsified:
		if !t.Fails {
			return "FALSIFIED, but the run never fails it"
		}
	}
	return ""
}

func (j *judge) facts(cnt *Count, fr *viverra.FactsResult) {
	for _, f := range fr.Report.Facts {
		if f.Index < 0 || f.Index >= len(j.c.Asserts) {
			continue
		}
		cnt.Assertions++
		why := j.c.Judge(f.Index, f.Status, f.IG)
		switch {
		case why != "":
			cnt.Wrong++
			reason := f.Engine
			if f.Reason != "" {
				reason += ": " + f.Reason
			}
			bounded := !f.BoundComplete && f.Status.Fact()
			if bounded {
				reason += " (bound incomplete: " + f.BoundReason + ")"
			}
			j.wrong(Wrong{Path: cnt.Path, Assertion: f.Index, Verdict: f.Status.String(), Truth: j.truthOf(f.Index), Reason: reason,
				Bounded: bounded})
		case f.Status == bmc.VerdictUnknown:
			cnt.Unknown++
		default:
			cnt.Right++
		}
	}
}

// audit judges the audit's claims: "unreachable code" on an assertion
// that the run reached is wrong.
func (j *judge) audit(cnt *Count, fr *viverra.FactsResult) {
	if fr.Audit == nil {
		return
	}
	for _, f := range fr.Report.Facts {
		if f.Index < 0 || f.Index >= len(j.c.Asserts) || !f.Status.Fact() {
			continue
		}
		cnt.Assertions++
		why := fr.Audit.Vacuous(f.Index)
		switch {
		case strings.HasPrefix(why, "unreachable code") && j.c.Asserts[f.Index].Reached:
			cnt.Wrong++
			j.wrong(Wrong{Path: cnt.Path, Assertion: f.Index, Verdict: "VACUOUS", Truth: "reached", Reason: why})
		default:
			cnt.Right++
		}
	}
}

// cache judges the second run over the cache: the same verdicts.
func (j *judge) cache(cnt *Count, first, again *viverra.FactsResult) {
	was := map[int]bmc.Verdict{}
	for _, f := range first.Report.Facts {
		was[f.Index] = f.Status
	}
	for _, f := range again.Report.Facts {
		if f.Index < 0 || f.Index >= len(j.c.Asserts) {
			continue
		}
		cnt.Assertions++
		switch {
		case was[f.Index] != f.Status:
			cnt.Wrong++
			j.wrong(Wrong{Path: cnt.Path, Assertion: f.Index, Verdict: f.Status.String(), Truth: j.truthOf(f.Index),
				Reason: "the first run said " + was[f.Index].String()})
		case f.Status == bmc.VerdictUnknown:
			cnt.Unknown++
		default:
			cnt.Right++
		}
	}
}

// assertCall matches an assertion statement of a generated program.
var assertCall = regexp.MustCompile(`(?m)^(\s*)assert\(`)

// svcompPrelude replaces line 2 of a task's program: SV-COMP's
// reach_error and __VERIFIER_assert.
const svcompPrelude = `extern void abort(void); extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__)); void reach_error(void) { __assert_fail("0", "task.c", 2, "reach_error"); } void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }`

// TaskSource writes src (a generated program) as an SV-COMP task's
// program: its assertions become __VERIFIER_assert calls.
func TaskSource(src []byte) []byte {
	lines := strings.SplitN(string(src), "\n", 3)
	if len(lines) == 3 && lines[1] == "#include <assert.h>" {
		lines[1] = svcompPrelude
	}
	return []byte(assertCall.ReplaceAllString(strings.Join(lines, "\n"), "${1}__VERIFIER_assert("))
}

func (j *judge) task(cnt *Count) {
	base := j.c.Name + "-task"
	cfile := filepath.Join(j.dir, base+".c")
	yml := filepath.Join(j.dir, base+".yml")
	expected := !j.c.Fails()
	ymlText := fmt.Sprintf("format_version: '2.0'\ninput_files: '%s.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: %t\noptions:\n  language: C\n  data_model: LP64\n", base, expected)
	if err := os.WriteFile(cfile, TaskSource(j.c.Source), 0o644); err != nil {
		j.fail(cnt, err)
		return
	}
	if err := os.WriteFile(yml, []byte(ymlText), 0o644); err != nil {
		j.fail(cnt, err)
		return
	}
	budget := j.opts.TaskBudget
	if budget == 0 {
		budget = 2 * time.Minute
	}
	fo := j.factsOptions(nil)
	res, err := svrun.RunTask(j.ctx, yml, &svrun.TaskOptions{Facts: *fo, Budget: budget})
	if err != nil {
		j.fail(cnt, err)
		return
	}
	cnt.Assertions++
	truth := map[bool]string{true: "true", false: "false"}[expected]
	switch {
	case res.Verdict == svcomp.Unknown:
		cnt.Unknown++
	case (res.Verdict == svcomp.True) != expected:
		cnt.Wrong++
		kept := filepath.Join(j.keep, base+".c")
		keptYml := filepath.Join(j.keep, base+".yml")
		err := errors.Join(atomicfile.Write(kept, TaskSource(j.c.Source)), atomicfile.Write(keptYml, []byte(ymlText)))
		if err != nil {
			j.pr.Errors = append(j.pr.Errors, err.Error())
		}
		j.wrong(Wrong{Path: cnt.Path, Assertion: -1, File: keptYml, Verdict: string(res.Verdict), Truth: truth, Reason: res.Reason})
	default:
		cnt.Right++
	}
}

// weakMutants caps the mutation queries of the weak/ paths' audit.
const weakMutants = 12

// weak judges the audit's strength claims: a fact audited weak, whose
// surviving mutant fails the assertion on a run, is wrong; the mutant
// changed what the assertion sees, and the fact does reject it. A
// survivor whose change cannot be placed in the source (its text is not
// found once on its line) or that does not build is not judged.
func (j *judge) weak(cnt *Count, fr *viverra.FactsResult) {
	if fr.Audit == nil {
		return
	}
	for _, fa := range fr.Audit.Facts {
		if fa.Strength == nil || fa.Index < 0 || fa.Index >= len(j.c.Asserts) {
			continue
		}
		cnt.Assertions++
		if !fa.Strength.Weak {
			cnt.Right++
			continue
		}
		pred := j.c.Asserts[fa.Index].Pred
		refuted := ""
		for k, m := range fa.Strength.Survivors {
			src, ok := applyMutant(j.c.Source, m.Line, m.Before, m.After)
			if !ok {
				continue
			}
			b := &builder{dir: j.dir}
			c, err := trace(j.ctx, b, fmt.Sprintf("%s-mutant%d", j.c.Name, k), src)
			if err != nil {
				continue
			}
			for _, a := range c.Asserts {
				if a.Pred == pred && a.Fails && !j.c.Asserts[fa.Index].Fails {
					refuted = fmt.Sprintf("weak, but the surviving mutant at line %d (%s: %q -> %q) fails it on a run", m.Line, m.Kind, m.Before, m.After)
				}
			}
			if refuted != "" {
				break
			}
		}
		if refuted == "" {
			cnt.Right++
			continue
		}
		cnt.Wrong++
		j.wrong(Wrong{Path: cnt.Path, Assertion: fa.Index, Verdict: "WEAK", Truth: "a mutant fails it", Reason: refuted})
	}
}

// applyMutant replaces before by after where it starts on line (1-based)
// of src: the first occurrence at or after the line's start, which must
// be the only one on that line.
func applyMutant(src []byte, line int, before, after string) ([]byte, bool) {
	if before == "" || line < 1 {
		return nil, false
	}
	s := string(src)
	start := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(s[start:], '\n')
		if i < 0 {
			return nil, false
		}
		start += i + 1
	}
	end := len(s)
	if i := strings.IndexByte(s[start:], '\n'); i >= 0 {
		end = start + i
	}
	at := strings.Index(s[start:], before)
	if at < 0 || start+at > end || strings.Count(s[start:end], before) > 1 {
		return nil, false
	}
	at += start
	return []byte(s[:at] + after + s[at+len(before):]), true
}
