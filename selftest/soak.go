package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/suretydev/surety/work"
)

// SoakOptions configure Soak. The zero value is valid and a nil pointer
// means the defaults: Soak is then Run.
type SoakOptions struct {
	// State is the file of finished programs (OpenState): the programs
	// it holds are not checked again but counted in the report, and each
	// program is appended as it ends, so that a run stopped at any moment
	// resumes where it was. "" keeps none.
	State string
	// Runner, if not nil, checks each program as a job (RunJobs): the
	// workers of a NATS server (work/nats). nil checks them in this
	// process (Run).
	Runner work.Runner
	// Logf, if not nil, is told each program's end, one line
	// "N/COUNT NAME SECONDSs, STATUS; W wrong so far" (N and W counting
	// the programs of State too), and a program State could not keep.
	Logf func(format string, args ...any)
}

// Soak is a long self-test run as surety selftest makes it: Run, or
// RunJobs on so.Runner, resumed from and kept in so.State, with a line
// per program. Its report sums the programs State held and the new ones,
// in that order. opts.Skip and opts.Progress, if set, are asked too.
// Neither opts nor so is modified.
func Soak(ctx context.Context, opts *Options, so *SoakOptions) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	if so == nil {
		so = &SoakOptions{}
	}
	o := *opts
	var st *State
	var done []*ProgramResult
	if so.State != "" {
		var err error
		if st, err = OpenState(so.State); err != nil {
			return nil, err
		}
		defer st.Close()
		done = st.Done()
		o.Skip = func(name string) bool { return st.Skip(name) || opts.Skip != nil && opts.Skip(name) }
	}
	count := o.Count
	if count == 0 {
		count = 10
	}
	var mu sync.Mutex
	n, wrong := len(done), 0
	for _, pr := range done {
		wrong += len(pr.Wrong)
	}
	o.Progress = func(pr *ProgramResult) {
		mu.Lock()
		defer mu.Unlock()
		n++
		wrong += len(pr.Wrong)
		status := fmt.Sprintf("%d wrong", len(pr.Wrong))
		if pr.NoTruth != "" {
			status = "no truth: " + pr.NoTruth
		}
		if so.Logf != nil {
			so.Logf("%d/%d %s %.1fs, %s; %d wrong so far", n, count, pr.Name, pr.Seconds, status, wrong)
		}
		if st != nil {
			if err := st.Add(pr); err != nil && so.Logf != nil {
				so.Logf("%s not kept in %s: %v", pr.Name, so.State, err)
			}
		}
		if opts.Progress != nil {
			opts.Progress(pr)
		}
	}
	var rep *Report
	var err error
	if so.Runner != nil {
		rep, err = RunJobs(ctx, &o, so.Runner)
	} else {
		rep, err = Run(ctx, &o)
	}
	if err != nil {
		return nil, err
	}
	if len(done) > 0 {
		rep = Summarize(append(done, rep.Results...))
	}
	return rep, nil
}

// InterestingTest is the command side of Interesting, for a program's
// --interesting flag that ReduceOptions.Self names: wrong is the wrong
// verdict as JSON and file the candidate program, as Reduce passes them.
// Its errors are those of decoding and reading, unwrapped.
func InterestingTest(ctx context.Context, wrong, file string, opts *Options) (bool, error) {
	var w Wrong
	if err := json.Unmarshal([]byte(wrong), &w); err != nil {
		return false, err
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return false, err
	}
	return Interesting(ctx, src, w, opts)
}
