package run

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// exactFail returns the sequence number at which run r failed target t
// first with no assertion of assume failing before, and whether that
// failure is exactly what the query's program does on r's input. The
// instrumented run and the query's program go the same way until a kept
// assertion (the target or an assumption) whose predicate has side
// effects is first evaluated: the query's program then has its effects,
// the instrumented run evaluated it apart. 0 means r does not fail t so.
func (st *state) exactFail(r *runRec, t int, assume []int) (seq int64, exact bool) {
	ff := r.stats[t].firstFail
	if ff == 0 {
		return 0, false
	}
	horizon := int64(math.MaxInt64)
	keep := append([]int{t}, assume...)
	for _, k := range keep {
		if k >= 0 && k < len(r.stats) && st.plan.effects[k] && r.stats[k].firstEval > 0 {
			horizon = min(horizon, r.stats[k].firstEval)
		}
	}
	for _, a := range assume {
		if a < 0 || a >= len(r.stats) || a == t {
			continue
		}
		if af := r.stats[a].firstFail; af > 0 && af < ff {
			if af <= horizon {
				return 0, false // the assumption failed first: the run does not count
			}
			return ff, false
		}
	}
	return ff, ff <= horizon
}

// firstExact reports whether the first failure of run r is one of the
// program with every other assertion assumed: no predicate with side
// effects was evaluated before it.
func (st *state) firstExact(r *runRec) bool {
	f := firstFailed(r)
	if f < 0 {
		return false
	}
	at := r.stats[f].firstFail
	for i, s := range r.stats {
		if st.plan.effects[i] && s.firstEval > 0 && s.firstEval < at {
			return false
		}
	}
	return true
}

// inexact reports whether run r went past the first evaluation of a
// predicate with side effects that the query keeps, with no assumption
// failing before: from there on the query's program may go another way.
func (st *state) inexact(r *runRec, t int, assume []int) bool {
	horizon := int64(math.MaxInt64)
	for _, k := range append([]int{t}, assume...) {
		if k >= 0 && k < len(r.stats) && st.plan.effects[k] && r.stats[k].firstEval > 0 {
			horizon = min(horizon, r.stats[k].firstEval)
		}
	}
	if horizon == math.MaxInt64 {
		return false
	}
	for _, a := range assume {
		if a >= 0 && a < len(r.stats) && a != t && r.stats[a].firstFail > 0 && r.stats[a].firstFail <= horizon {
			return false
		}
	}
	return true
}

// compiledOut reports whether the program as built never checks
// assertion i: runs reached the statement, none evaluated it (NDEBUG).
func (st *state) compiledOut(i int) bool {
	reached, evaluated := false, false
	for _, r := range st.runs {
		if r.flags&flagForkCap != 0 {
			return false
		}
		reached = reached || r.stats[i].at > 0
		evaluated = evaluated || r.stats[i].evals > 0
	}
	return reached && !evaluated
}

// answer decides a query from the runs.
func (c *Checker) answer(ctx context.Context, st *state, q *bmc.Query) (*bmc.Result, error) {
	res := &bmc.Result{Status: bmc.Unknown, Engine: c.Name(), Hazards: append([]bmc.Hazard(nil), st.hazards...)}
	if st.gccErr != "" {
		res.Reason = st.gccErr
		return res, nil
	}
	t := q.Target
	if st.compiledOut(t) {
		res.Reason = fmt.Sprintf("the program as built never checks a%d (assert is compiled out, NDEBUG): no run can fail it", t+1)
		return res, nil
	}
	var candidates []*runRec
	var found *runRec
	// An assumption that NDEBUG compiles out in the program is still an
	// assumption of the query (bmc.Query.Render's assume is no assert):
	// the runs did not evaluate it, so the query's own program decides.
	runs := st.runs
	for _, a := range q.Assume {
		if a >= 0 && a < len(st.p.Asserts) && a != t && st.compiledOut(a) {
			candidates, runs = st.runs, nil
			break
		}
	}
	for _, r := range runs {
		seq, exact := st.exactFail(r, t, q.Assume)
		if seq == 0 {
			if st.inexact(r, t, q.Assume) {
				candidates = append(candidates, r)
			}
			continue
		}
		if exact {
			// Prefer a run whose stdin is text, which survives JSON.
			if found == nil {
				found = r
			}
			if validText(st.programStdin(r)) {
				found = r
				break
			}
			continue
		}
		candidates = append(candidates, r)
	}
	if found != nil {
		res.Status, res.Replayed = bmc.Falsified, true
		res.Counterexample = st.counterexample(found.vals, found)
		return res, nil
	}
	// A failure past a kept predicate with side effects: run the query's
	// own program on those inputs.
	if len(candidates) > 0 {
		cex, why, err := c.confirm(ctx, st, q, candidates)
		if err != nil {
			return nil, err
		}
		if cex != nil {
			res.Status, res.Replayed, res.Counterexample = bmc.Falsified, true, cex
			return res, nil
		}
		res.Reason = "no run failed it: " + st.tried() + "; " + why
		return res, nil
	}
	res.Reason = "no run failed it: " + st.tried()
	return res, nil
}

// tried says what runs were made.
func (st *state) tried() string {
	var s string
	switch {
	case !st.plan.readsInput && len(st.runs) == 1:
		s = "1 run, the program reads no input"
		r := st.runs[0]
		switch {
		case r.timedOut:
			s += " (the run ran out of time)"
		case r.signal != "":
			s += " (the run was killed by " + r.signal + ")"
		}
	case st.plan.in == 0:
		s = fmt.Sprintf("%d run, the program reads input the runs do not vary (%s)", len(st.runs), strings.Join(st.plan.uncontrol, ", "))
	default:
		s = fmt.Sprintf("%d seeded runs", st.seeded)
		if st.fuzzTime > 0 {
			s += fmt.Sprintf(" and %s of fuzzing (%d inputs from the fuzzer run)", st.fuzzTime.Round(100*time.Millisecond), st.fuzzed)
		}
	}
	if len(st.notes) > 0 {
		s += "; " + strings.Join(st.notes, "; ")
	}
	return s
}

// counterexample turns a run's consumed values and input into one that
// bmc.Replay reads.
func (st *state) counterexample(vals [][2]int64, r *runRec) *bmc.Counterexample {
	cex := &bmc.Counterexample{}
	count := map[string]int{}
	for _, v := range vals {
		id := int(v[0])
		if id < 0 || id >= len(st.plan.fns) {
			continue
		}
		f := st.plan.fns[id]
		count[f.Name]++
		cex.Inputs = append(cex.Inputs, bmc.Input{Name: fmt.Sprintf("%s#%d", f.Name, count[f.Name]), Value: literal(f, v[1])})
	}
	cex.Stdin = string(st.programStdin(r))
	return cex
}

// programStdin is what the program itself read on stdin in run r.
func (st *state) programStdin(r *runRec) []byte {
	in := st.plan.in
	switch {
	case in&inStdin == 0:
		return nil
	case r.gen != "" || in&inNondet == 0:
		return r.input
	}
	// Bytes mode of a program that reads both: [len][nondet][stdin].
	b := r.input
	if len(b) < 2 {
		return nil
	}
	l := int(b[0]) | int(b[1])<<8
	l = min(l, len(b)-2)
	return b[2+l:]
}

// literal writes a logged value as a C literal of the function's type.
func literal(f nondetFn, bits int64) string {
	switch f.kind {
	case 'f', 'd':
		d := math.Float64frombits(uint64(bits))
		switch {
		case math.IsNaN(d):
			return "NAN"
		case math.IsInf(d, 1):
			return "INF"
		case math.IsInf(d, -1):
			return "-INF"
		}
		return strconv.FormatFloat(d, 'x', -1, 64)
	case 'p':
		return "0"
	case 'b':
		return strconv.FormatInt(bits&1, 10)
	}
	if !f.sgn {
		u := uint64(bits)
		if f.size < 8 {
			u &= 1<<(8*uint(f.size)) - 1
		}
		return strconv.FormatUint(u, 10) + "u"
	}
	if bits == math.MinInt64 {
		return "0x8000000000000000"
	}
	return strconv.FormatInt(bits, 10)
}

// observation is what the runs showed, as a bmc.Observation.
func (st *state) observation(engine string, na int) *bmc.Observation {
	o := &bmc.Observation{Engine: engine, Runs: len(st.runs), ReadsInput: st.plan.readsInput, Asserts: make([]bmc.Seen, na)}
	o.Undefined = append(o.Undefined, st.hazards...)
	if st.gccErr != "" {
		o.Why = st.gccErr
		return o
	}
	var why []string
	all := make([]int, na)
	for i := range all {
		all[i] = i
	}
	for _, r := range st.runs {
		if len(r.stats) != na {
			continue
		}
		first := -1
		if st.firstExact(r) {
			first = firstFailed(r)
		}
		for i, s := range r.stats {
			seen := &o.Asserts[i]
			if s.evals > 0 {
				seen.Reached++
			}
			if seq, exact := st.exactFail(r, i, nil); seq > 0 && exact {
				seen.Failed++
				if seen.Fail == nil && st.plan.in != 0 {
					seen.Fail = st.counterexample(r.vals, r)
				}
			}
			if i == first {
				seen.First++
			}
		}
	}
	for i := range na {
		if st.compiledOut(i) {
			why = append(why, fmt.Sprintf("a%d is compiled out (NDEBUG): the program as built never checks it", i+1))
		}
	}
	complete := !st.plan.readsInput && len(st.runs) == 1 && len(why) == 0
	if complete {
		r := st.runs[0]
		switch {
		case r.timedOut:
			why = append(why, "the run ran out of time")
		case r.signal != "":
			why = append(why, "the run was killed by "+r.signal)
		case r.flags&(flagForkCap|flagForkBad) != 0:
			why = append(why, "a predicate with side effects could not be evaluated apart")
		case r.flags&flagAssume != 0:
			why = append(why, "an assumption of the program failed")
		case len(st.hazards) > 0:
			why = append(why, "the sanitizers saw undefined behaviour")
		case !st.sanOK || st.sanRuns == 0:
			why = append(why, "no sanitized run was made")
		}
		complete = len(why) == 0
	}
	if st.plan.readsInput {
		why = append(why, "the program reads input: "+strings.Join(append(append([]string{}, st.plan.inputWhy...), st.plan.uncontrol...), ", ")+"; "+st.tried())
	} else if len(why) == 0 && !complete {
		why = append(why, st.tried())
	}
	o.Complete = complete
	o.Why = strings.Join(why, "; ")
	return o
}

// confirm builds the query's own program (bmc.Query.Render, the target
// failing with a marker, assumptions ending the run) and runs it on the
// candidates' inputs. It returns the counterexample of the first run that
// fails the target, or why none did.
func (c *Checker) confirm(ctx context.Context, st *state, q *bmc.Query, cands []*runRec) (*bmc.Counterexample, string, error) {
	dir, remove, err := proc.TempDir("run-query")
	if err != nil {
		return nil, "", err
	}
	defer remove()
	src := "void __surety_fail(void);\nvoid __surety_infeasible(void);\n" +
		"#define __surety_assert(c) ((c) ? (void)0 : __surety_fail())\n" +
		"#define __surety_assume(c) ((c) ? (void)0 : __surety_infeasible())\n" +
		fmt.Sprintf("#line 1 %q\n", fileName(st.p)) + string(q.Render("__surety_assert", "__surety_assume"))
	spec := st.plan.spec
	spec.asserts, spec.query = 0, true
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(src), 0o644); err != nil {
		return nil, "", fmt.Errorf("run: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(harnessC(&spec)), 0o644); err != nil {
		return nil, "", fmt.Errorf("run: %w", err)
	}
	why, err := c.build(ctx, dir, "query", q.Program.BuildFlags())
	if err != nil || why != "" {
		return nil, why, err
	}
	r := c.newRunner(dir, filepath.Join(dir, "query"), 0, false)
	for i, cand := range cands {
		if i >= 8 {
			break
		}
		rec, res, err := r.run(ctx, cand.gen, cand.input)
		if err != nil {
			return nil, "", err
		}
		if res.ExitCode == 86 && strings.Contains(string(res.Stderr), queryMarker) {
			return st.counterexample(rec.vals, cand), "", nil
		}
	}
	return nil, fmt.Sprintf("%d of them run again with the kept predicates' side effects in place", min(len(cands), 8)), nil
}

// Sanitizer reports.
var (
	ubsanRE = regexp.MustCompile(`(?m)^(?:.*/)?([^/:\n]+):(\d+):(?:\d+:)? runtime error: (.+)$`)
	asanRE  = regexp.MustCompile(`(?m)^==\d+==ERROR: AddressSanitizer: (\S+)(.*)$`)
	sumRE   = regexp.MustCompile(`(?m)^SUMMARY: AddressSanitizer: (\S+) (?:.*/)?([^/:\s]+):(\d+)`)
)

// asanSkip are AddressSanitizer reports that are not undefined behaviour
// of the program: resource limits.
var asanSkip = map[string]bool{"stack-overflow": true, "allocation-size-too-big": true, "out-of-memory": true,
	"requested": true, "calloc-overflow": true, "malloc-limit": true, "rss-limit": true}

// sanitizerHazards reads what gcc's sanitizers printed on a run of the
// program named file, and turns each report into a hazard.
func sanitizerHazards(stderr, file string) []bmc.Hazard {
	const shown = ", shown by a run under gcc's sanitizers"
	var hs []bmc.Hazard
	for _, m := range ubsanRE.FindAllStringSubmatch(stderr, -1) {
		if m[1] != file {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		hs = append(hs, bmc.Hazard{Line: line, Construct: "undefined behaviour",
			Detail: "UndefinedBehaviorSanitizer: " + clip(m[3], 200) + shown})
	}
	if m := asanRE.FindStringSubmatch(stderr); m != nil && !asanSkip[m[1]] {
		h := bmc.Hazard{Construct: "undefined behaviour", Detail: "AddressSanitizer: " + m[1] + shown}
		if s := sumRE.FindStringSubmatch(stderr); s != nil && s[2] == file {
			h.Line, _ = strconv.Atoi(s[3])
		} else if s != nil {
			h.Detail = "AddressSanitizer: " + m[1] + " (in " + s[2] + ")" + shown
		}
		hs = append(hs, h)
	}
	return hs
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		s = s[:n] + "..."
	}
	return s
}

// stdinText is the stdin of seeded run i of a program that reads stdin:
// tokens of one boundary value for the first runs, then random tokens
// (small numbers, the source's literals, words) from a fixed seed.
func stdinText(pl *plan, i int) []byte {
	const tokens = 48
	fixed := []string{"0", "1", "-1", "-2147483648", "2147483647"}
	if i < len(fixed) {
		return []byte(strings.TrimSpace(strings.Repeat(fixed[i]+" ", tokens)) + "\n")
	}
	if i == len(fixed) {
		return nil // empty stdin
	}
	rng := uint64(i)*0x9e3779b97f4a7c15 + 12345
	next := func() uint64 {
		rng += 0x9e3779b97f4a7c15
		z := rng
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	n := 1 + int(next()%tokens)
	var b strings.Builder
	for k := range n {
		r := next()
		switch {
		case r%8 < 3:
			fmt.Fprintf(&b, "%d", int64(r>>8%11)-3)
		case r%8 < 5 && len(pl.literals) > 0:
			v := pl.literals[(r>>8)%uint64(len(pl.literals))]
			v += int64((r>>20)%3) - 1
			fmt.Fprintf(&b, "%d", v)
		case r%8 == 5 && len(pl.strs) > 0:
			b.WriteString(pl.strs[(r>>8)%uint64(len(pl.strs))])
		case r%8 == 6:
			fmt.Fprintf(&b, "%d", int32(r>>16))
		default:
			fmt.Fprintf(&b, "%d", int64(r>>8%2000)+1000)
		}
		if k+1 < n {
			if r>>40%4 == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
	}
	b.WriteByte('\n')
	return []byte(b.String())
}

// validText reports whether stdin survives a JSON round trip.
func validText(b []byte) bool { return utf8.Valid(b) }
