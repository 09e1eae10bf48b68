package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/suretydev/surety/bmc"
)

// Options control Audit. The zero value is valid; nil means the zero value.
type Options struct {
	// K is the bound; 0 means the report's.
	K int
	// Timeout is the budget of each query; 0 means bmc.DefaultTimeout.
	Timeout time.Duration
	// Budget caps the mutation queries per program; 0 means 200. Each fact
	// gets an equal share, at least MinMutants when the budget allows.
	Budget int
	// MinMutants is the number of decided mutants below which no fact is
	// called weak; 0 means 5.
	MinMutants int
	// LargerBound is the bound tried to tell "cut by the bound" apart; 0
	// means 2K+2.
	LargerBound int
	// SkipStrength skips the mutation analysis: reachability only.
	SkipStrength bool
	// Workers is the number of facts audited at once, each one query at a
	// time; 0 means 2.
	Workers int
}

// Why a fact is vacuous.
const (
	WhyBound       = "cut by the bound: no execution reaches it within the bound, one does with a larger bound"
	WhyAssumptions = "closed by assumptions: reachable without the assumptions it rests on, not with them"
	WhyDead        = "unreachable code: no execution reaches it, within a larger bound and without assumptions"
)

// A Reach is the outcome of the cover query for one fact.
type Reach struct {
	// Status is "reachable", "VACUOUS" or "unknown".
	Status string `json:"status"`
	// Why explains a VACUOUS or unknown status.
	Why string `json:"why,omitempty"`
}

// A Mutant is one small change of the program.
type Mutant struct {
	Line   int    `json:"line"`
	Kind   string `json:"kind"` // "operator", "constant", "negate", "delete"
	Before string `json:"before"`
	After  string `json:"after"`
	// Status is the fact's verdict on the mutant: FALSIFIED means the fact
	// rejects it.
	Status bmc.Status `json:"status"`
}

// A Strength is the outcome of the mutation analysis of one fact.
type Strength struct {
	Mutants  int `json:"mutants"`  // checked
	Rejected int `json:"rejected"` // the fact is FALSIFIED on them
	Survived int `json:"survived"` // the fact still holds
	Unknown  int `json:"unknown"`  // no verdict (timeout, a mutant that does not compile)
	// Weak: none of at least MinMutants decided mutants was rejected.
	Weak bool `json:"weak"`
	// Survivors lists some mutants the fact does not reject.
	Survivors []Mutant `json:"survivors,omitempty"`
}

// A FactAudit is the audit of one fact.
type FactAudit struct {
	Index    int       `json:"index"`
	Label    string    `json:"label"`
	Reach    Reach     `json:"reach"`
	Strength *Strength `json:"strength,omitempty"`
}

// A Report is the audit of every fact of a VerifyAll report. It is the
// report's bmc.Audit: set as its Audit, it makes the report's printers
// drop vacuous facts and mark weak ones.
type Report struct {
	// Facts are the audits in the order of the assertions' indices.
	Facts   []FactAudit `json:"facts"`
	Summary Summary     `json:"summary"`
}

// Summary counts an audit.
type Summary struct {
	Facts   int `json:"facts"`   // VERIFIED and C-VERIFIED assertions audited
	Vacuous int `json:"vacuous"` // never reached within the bound
	Weak    int `json:"weak"`    // reject no mutant
	Queries int `json:"queries"`
}

// Of returns the audit of the assertion with the given index, or nil.
func (r *Report) Of(index int) *FactAudit {
	i, ok := slices.BinarySearchFunc(r.Facts, index, func(fa FactAudit, index int) int { return fa.Index - index })
	if !ok {
		return nil
	}
	return &r.Facts[i]
}

// Vacuous says why no execution within the bound reaches assertion i, ""
// when one does or when i was not audited (bmc.Audit).
func (r *Report) Vacuous(i int) string {
	if fa := r.Of(i); fa != nil && fa.Reach.Status == "VACUOUS" {
		return fa.Reach.Why
	}
	return ""
}

// Mutants gives the mutants of assertion i's code that were decided
// (rejected or survived), those its fact rejects, and whether the fact is
// weak; zeros when no mutant of i was checked (bmc.Audit).
func (r *Report) Mutants(i int) (decided, rejected int, weak bool) {
	fa := r.Of(i)
	if fa == nil || fa.Strength == nil {
		return 0, 0, false
	}
	s := fa.Strength
	return s.Rejected + s.Survived, s.Rejected, s.Weak
}

// Audit checks every fact of report (VERIFIED and C-VERIFIED) for
// reachability and, unless asked not to, for strength, with checker c. An
// engine error on a query makes that part unknown; the returned error is
// non-nil only when ctx ends.
func Audit(ctx context.Context, p *bmc.Program, report *bmc.Report, c bmc.Checker, opts *Options) (*Report, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.K <= 0 {
		o.K = report.K
	}
	if o.Budget <= 0 {
		o.Budget = 200
	}
	if o.MinMutants <= 0 {
		o.MinMutants = 5
	}
	if o.LargerBound <= 0 {
		o.LargerBound = 2*o.K + 2
	}
	if o.Workers <= 0 {
		o.Workers = 2
	}
	a := &auditor{p: p, c: c, o: o}
	out := &Report{}
	var facts []bmc.Fact
	for _, f := range report.Facts {
		if f.Status == bmc.VerdictVerified || f.Status == bmc.VerdictCVerified {
			facts = append(facts, f)
		}
	}
	out.Facts = make([]FactAudit, len(facts))
	share := 0
	if len(facts) > 0 {
		share = max(o.Budget/len(facts), 1)
	}
	// Every fact's mutants, all in one schema.
	muts := make([][]*mutant, len(facts))
	if !o.SkipStrength {
		var all []*mutant
		for i, f := range facts {
			for _, m := range spread(mutants(p, f.Assertion), max(share, o.MinMutants)) {
				muts[i] = append(muts[i], &m)
			}
			all = append(all, muts[i]...)
		}
		a.schema(all)
	}
	var g errgroup.Group
	g.SetLimit(o.Workers)
	for i, f := range facts {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			fa := FactAudit{Index: f.Index, Label: f.Label(), Reach: a.reach(ctx, f)}
			if !o.SkipStrength && fa.Reach.Status != "VACUOUS" {
				fa.Strength = a.strength(ctx, f, muts[i])
			}
			out.Facts[i] = fa
			return nil
		})
	}
	_ = g.Wait() // no fact's audit fails: an engine error makes its part unknown
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, fa := range out.Facts {
		out.Summary.Facts++
		if fa.Reach.Status == "VACUOUS" {
			out.Summary.Vacuous++
		}
		if fa.Strength != nil && fa.Strength.Weak {
			out.Summary.Weak++
		}
	}
	out.Summary.Queries = int(a.queries.Load())
	return out, nil
}

type auditor struct {
	p *bmc.Program
	c bmc.Checker
	o Options

	// schemaProg holds the mutants of variant, each switched on by its
	// number; a mutant not in it is checked as a program of its own.
	schemaProg *bmc.Program
	variant    map[*mutant]int

	queries atomic.Int64
}

// schema builds the mutant schema of ms. When the schema does not parse
// (it should), every mutant is checked as a program of its own.
func (a *auditor) schema(ms []*mutant) {
	if len(ms) == 0 || len(a.p.Funcs) == 0 {
		return
	}
	first := a.p.Funcs[0].Start
	for _, f := range a.p.Funcs {
		first = min(first, f.Start)
	}
	src, variant := buildSchema(a.p.Source, first, ms)
	prog, err := bmc.ParseProgram(a.p.File, src)
	if err == nil {
		prog, err = prog.WithSwitch(switchName)
	}
	if err != nil || len(prog.Asserts) != len(a.p.Asserts) {
		return
	}
	a.schemaProg, a.variant = prog, variant
}

// check runs one query: the assertion target of prog, variant v.
func (a *auditor) check(ctx context.Context, prog *bmc.Program, target int, assume []int, k, v int) (bmc.Status, error) {
	if target >= len(prog.Asserts) {
		return bmc.Unknown, errors.New("audit: the rewritten program lost an assertion")
	}
	if err := ctx.Err(); err != nil {
		return bmc.Unknown, err
	}
	a.queries.Add(1)
	res, err := a.c.Check(ctx, &bmc.Query{Program: prog, Target: target, Assume: assume, K: k, Timeout: a.o.Timeout, Variant: v})
	if err != nil {
		return bmc.Unknown, err
	}
	return res.Status, nil
}

// withTarget returns the program's source with assertion i's predicate
// replaced by pred, lines preserved.
func (a *auditor) withTarget(i int, pred string) []byte {
	as := a.p.Asserts[i]
	stmt := as.Form + "(" + pred + ");"
	stmt += string(bytes.Repeat([]byte{'\n'}, bytes.Count(a.p.Source[as.Start:as.End], []byte{'\n'})))
	var b bytes.Buffer
	b.Write(a.p.Source[:as.Start])
	b.WriteString(stmt)
	b.Write(a.p.Source[as.End:])
	return b.Bytes()
}

func (a *auditor) reach(ctx context.Context, f bmc.Fact) Reach {
	src := a.withTarget(f.Index, "0")
	cover, err := bmc.ParseProgram(a.p.File, src)
	if err != nil {
		return Reach{Status: "unknown", Why: err.Error()}
	}
	st, err := a.check(ctx, cover, f.Index, f.Deps, a.o.K, 0)
	switch {
	case err != nil:
		return Reach{Status: "unknown", Why: err.Error()}
	case st == bmc.Falsified:
		return Reach{Status: "reachable"}
	case st != bmc.Verified:
		return Reach{Status: "unknown", Why: "the cover query gave no verdict"}
	}
	// Vacuous: say why.
	if st, err := a.check(ctx, cover, f.Index, f.Deps, a.o.LargerBound, 0); err == nil && st == bmc.Falsified {
		return Reach{Status: "VACUOUS", Why: fmt.Sprintf("%s (reached at k=%d)", WhyBound, a.o.LargerBound)}
	}
	if len(f.Deps) > 0 {
		if st, err := a.check(ctx, cover, f.Index, nil, a.o.K, 0); err == nil && st == bmc.Falsified {
			return Reach{Status: "VACUOUS", Why: WhyAssumptions}
		}
	}
	return Reach{Status: "VACUOUS", Why: WhyDead}
}

func (a *auditor) strength(ctx context.Context, f bmc.Fact, ms []*mutant) *Strength {
	s := &Strength{}
	for _, m := range ms {
		prog, v := a.schemaProg, a.variant[m]
		var err error
		if v == 0 {
			prog, err = bmc.ParseProgram(a.p.File, m.src)
		}
		st := bmc.Unknown
		if err == nil {
			st, err = a.check(ctx, prog, f.Index, f.Deps, a.o.K, v)
		}
		if err != nil {
			st = bmc.Unknown
		}
		m.Mutant.Status = st
		s.Mutants++
		switch st {
		case bmc.Falsified:
			s.Rejected++
		case bmc.Verified:
			s.Survived++
			if len(s.Survivors) < 5 {
				s.Survivors = append(s.Survivors, m.Mutant)
			}
		default:
			s.Unknown++
		}
	}
	s.Weak = s.Rejected == 0 && s.Survived >= a.o.MinMutants
	return s
}

// spread keeps at most n of ms, evenly spaced, so a budget samples the
// whole function rather than its first lines.
func spread(ms []mutant, n int) []mutant {
	if len(ms) <= n {
		return ms
	}
	out := make([]mutant, 0, n)
	for i := range n {
		out = append(out, ms[i*len(ms)/n])
	}
	return out
}

var _ bmc.Audit = (*Report)(nil)
