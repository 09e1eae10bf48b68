package bmc

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/suretydev/surety/work"
)

// CheckKind is the kind of job (package work) that runs one check of
// VerifyAll for a Runner (Options.Runner): any program that imports this
// package and the engines can run it as a worker.
const CheckKind = "surety.bmc-check"

var checkKind = work.Func(CheckKind, runCheckJob)

// checkJob is the input of a CheckKind job: the query, with its program
// as source, and the checker by the names of registered engines.
type checkJob struct {
	File    string  `json:"file"`
	Source  string  `json:"source"`
	Compile Compile `json:"compile"`
	Switch  *Switch `json:"switch,omitempty"`
	Target  int     `json:"target"`
	// Pred is the target's predicate: a worker whose parse of the source
	// finds another assertion at Target refuses the job.
	Pred                string        `json:"pred"`
	Assume              []int         `json:"assume,omitempty"`
	K                   int           `json:"k"`
	UnwindingAssertions bool          `json:"unwinding_assertions,omitempty"`
	Timeout             time.Duration `json:"timeout,omitempty"`
	Variant             int           `json:"variant,omitempty"`
	Engine              engineSpec    `json:"engine"`
	// Version is the checker's name and version (engineID) where the job
	// was made: a worker whose engine differs refuses the job, since its
	// answer would go into the cache under the other's key.
	Version string `json:"version"`
}

// engineSpec names a checker so that another process can rebuild it: a
// registered engine, or a portfolio of such.
type engineSpec struct {
	Name      string         `json:"name,omitempty"`
	Portfolio []engineSpec   `json:"portfolio,omitempty"`
	First     bool           `json:"first,omitempty"`
	Replay    *ReplayOptions `json:"replay,omitempty"`
	// Settings, with Name, are what Configure applied to the registered
	// engine (a binary's path must then be the same on the worker).
	Settings *Settings `json:"settings,omitempty"`
}

// specOf names c by registered engines, or says why it cannot be sent.
func specOf(c Checker) (engineSpec, error) {
	if p, ok := c.(*Portfolio); ok && p != nil {
		s := engineSpec{First: p.First, Replay: p.Replay}
		for _, m := range p.Checkers {
			ms, err := specOf(m)
			if err != nil {
				return engineSpec{}, err
			}
			s.Portfolio = append(s.Portfolio, ms)
		}
		if len(s.Portfolio) == 0 {
			return engineSpec{}, fmt.Errorf("bmc: checker %s cannot be sent to workers: the portfolio has no checkers", p.Name())
		}
		return s, nil
	}
	if c == nil || reflect.ValueOf(c).Kind() == reflect.Pointer && reflect.ValueOf(c).IsNil() {
		return engineSpec{}, fmt.Errorf("bmc: no checker to send to workers")
	}
	if registered(c) {
		return engineSpec{Name: c.Name()}, nil
	}
	if ns, ok := configuredFrom(c); ok {
		s := ns.settings
		return engineSpec{Name: ns.name, Settings: &s}, nil
	}
	return engineSpec{}, fmt.Errorf("bmc: checker %q cannot be sent to workers: it is not the engine registered under that name, "+
		"that engine with Settings (Configure), nor a portfolio of such (a job names its engines; a checker built with options of its own stays in this process)", c.Name())
}

// checker rebuilds the checker that s names from the registry.
func (s engineSpec) checker() (Checker, error) {
	if s.Name != "" {
		c, err := Lookup(s.Name)
		if err != nil || s.Settings == nil {
			return c, err
		}
		return Configure(c, *s.Settings), nil
	}
	if len(s.Portfolio) == 0 {
		return nil, fmt.Errorf("bmc: a check job names no engine")
	}
	p := &Portfolio{First: s.First, Replay: s.Replay}
	for _, m := range s.Portfolio {
		c, err := m.checker()
		if err != nil {
			return nil, err
		}
		p.Checkers = append(p.Checkers, c)
	}
	return p, nil
}

// runCheckJob is the handler of CheckKind: it rebuilds the query and the
// checker, runs the check and returns its Result. What the coordinator
// does with an answer (replaying a counterexample, the cache) it does
// itself.
func runCheckJob(ctx context.Context, j checkJob) (*Result, error) {
	p, err := ParseProgram(j.File, []byte(j.Source))
	if err != nil {
		return nil, fmt.Errorf("bmc: check job: %w", err)
	}
	if !j.Compile.Empty() {
		if p, err = p.WithCompile(j.Compile); err != nil {
			return nil, fmt.Errorf("bmc: check job: %w", err)
		}
	}
	p.Switch = j.Switch
	if j.Target < 0 || j.Target >= len(p.Asserts) || p.Asserts[j.Target].Pred != j.Pred {
		return nil, fmt.Errorf("bmc: check job: %s has no assertion %q at index %d here", j.File, j.Pred, j.Target)
	}
	for _, i := range j.Assume {
		if i < 0 || i >= len(p.Asserts) {
			return nil, fmt.Errorf("bmc: check job: %s has no assertion at index %d to assume", j.File, i)
		}
	}
	c, err := j.Engine.checker()
	if err != nil {
		return nil, fmt.Errorf("bmc: check job: %w", err)
	}
	if id := engineID(ctx, c); id != j.Version {
		return nil, fmt.Errorf("bmc: check job: the engine here is %s, the coordinator's %s", id, j.Version)
	}
	q := &Query{Program: p, Target: j.Target, Assume: j.Assume, K: j.K, UnwindingAssertions: j.UnwindingAssertions,
		Timeout: j.Timeout, Variant: j.Variant}
	res, err := c.Check(ctx, q)
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, fmt.Errorf("bmc: checker %s returned no result", c.Name())
	}
	return res, nil
}

// job is the CheckKind job of q.
func (r *runner) job(q *Query) (work.Job, error) {
	p := q.Program
	j, err := checkKind.Job(checkJob{File: p.File, Source: string(p.Source), Compile: p.Compile, Switch: p.Switch,
		Target: q.Target, Pred: p.Asserts[q.Target].Pred, Assume: q.Assume, K: q.K, UnwindingAssertions: q.UnwindingAssertions,
		Timeout: q.Timeout, Variant: q.Variant, Engine: r.spec, Version: r.engineID})
	if err != nil {
		return work.Job{}, fmt.Errorf("bmc: %w", err)
	}
	return j, nil
}

// A pending assertion of waves: its decision, the position of the
// assertion in the sequence, and the cache key of its query.
type pending struct {
	d   *decision
	pos int
	key string
}

// waves decides the assertions of todo with their checks handed out by
// Options.Runner. A check that needs another's answer (the compositional
// check after the standalone one, the bound check after the verdict) is
// sent only once that answer is in: each wave is one Runner.Run of the
// checks due, in sequence order, and the next wave holds the checks their
// answers called for. Cached answers are taken here, as the pool takes
// them. Every fact is the one the pool would give (decision); with
// Options.Need, the run stops as the pool's does, and the assertions not
// decided by then are UNKNOWN, saying why. ctx is cancelled when nothing
// more is needed; outer is the run's own context.
func (r *runner) waves(ctx, outer context.Context, todo []pending) error {
	stopped := func() bool {
		need, _ := r.needs()
		return need == NeedNothing && outer.Err() == nil
	}
	// next puts p back in todo when its decision asks for another check.
	next := func(p pending, res *Result, fresh int) {
		if p.d.answer(res, fresh); p.d.query() != nil {
			todo = append(todo, p)
			return
		}
		p.d.done()
		if r.opts.Need != nil {
			r.told(p.d.f)
		}
	}
	for len(todo) > 0 && !stopped() {
		// The cache's answers first: they may call for more checks.
		var due []pending
		for len(todo) > 0 && !stopped() {
			p := todo[0]
			todo = todo[1:]
			var res *Result
			if p.key, res = r.cached(ctx, p.d.q); res != nil {
				next(p, res, 0)
				continue
			}
			due = append(due, p)
		}
		if stopped() {
			todo = append(due, todo...)
			break
		}
		if len(due) == 0 {
			break
		}
		jobs := make([]work.Job, len(due))
		byID := make(map[string][]int, len(due))
		for i, p := range due {
			j, err := r.job(p.d.q)
			if err != nil {
				return err
			}
			jobs[i] = j
			byID[j.ID] = append(byID[j.ID], i)
		}
		r.checks.Add(int64(len(due)))
		got := make([]bool, len(due))
		err := r.opts.Runner.Run(ctx, jobs, func(wr work.Result) error {
			for _, i := range byID[wr.ID] {
				if stopped() {
					return nil // what comes now is not needed
				}
				p := due[i]
				var res *Result
				var err error
				if wr.Err != "" {
					err = fmt.Errorf("on worker %s: %s", wr.Worker, wr.Err)
				} else if err = json.Unmarshal(wr.Output, &res); err != nil {
					err = fmt.Errorf("worker %s sent a result that is not a check's: %w", wr.Worker, err)
				}
				if res, err = r.answered(ctx, p.d.q, p.key, res, err); err != nil {
					return err
				}
				got[i] = true
				next(p, res, 1)
			}
			return nil
		})
		if err != nil && !stopped() {
			if outer.Err() != nil {
				return outer.Err()
			}
			return err
		}
		for i, p := range due {
			if !got[i] {
				todo = append(todo, p) // not delivered: the run stopped
			}
		}
		slices.SortFunc(todo, func(a, b pending) int { return a.pos - b.pos })
	}
	if stopped() {
		_, why := r.needs()
		for _, p := range todo {
			r.skip(p.d.f, why)
		}
	}
	return outer.Err()
}
