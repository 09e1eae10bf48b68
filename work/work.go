// Package work hands out independent units of work (jobs) and gathers
// their results, in this process or on other machines.
//
// A Job is a kind and an input: the kind names a Handler registered with
// Register (as database/sql drivers are), so any process of the same
// build can run any job its build knows; the job's ID is the hash of its
// kind and input, so a job done twice (a redelivery after a worker died)
// is recognised by its ID and its second result dropped. Func registers
// the handler of a kind whose input and output are JSON values of Go
// types, as every job kind of surety is. A Runner runs a set of jobs and
// delivers each distinct job's Result exactly once.
//
// Two Runners exist: Local, the pool of goroutines in this process (the
// default; it needs nothing), and the NATS JetStream runner in work/nats,
// whose workers are `surety worker` processes on any number of machines.
// What a job does is its handler's business; a Runner only carries bytes.
//
// A Store keeps the content-addressed caches' entries (bmc's verdicts,
// llm's replies): Dir, a directory of this machine (the default), or the
// store of work/nats, on a NATS server every machine reaches, so that what
// one machine computed is reused on all.
package work

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/registry"
)

// A Job is one independent unit of work.
type Job struct {
	// ID is the hex SHA-256 of Kind and Input (see NewJob); a Runner fills
	// it in when it is empty and refuses one that does not match.
	ID string
	// Kind names the registered Handler that runs the job.
	Kind string
	// Input is the handler's input, as it reads it.
	Input []byte
}

// NewJob returns the job of the given kind and input, with its ID.
func NewJob(kind string, input []byte) Job {
	return Job{ID: JobID(kind, input), Kind: kind, Input: input}
}

// JobID is the ID of a job of the given kind and input: the hex SHA-256 of
// the kind, a zero byte and the input.
func JobID(kind string, input []byte) string {
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(input)
	return hex.EncodeToString(h.Sum(nil))
}

// A Result is what a job's handler returned, and where it ran.
type Result struct {
	// ID is the job's ID.
	ID string
	// Output is the handler's output. With Err set it is what the handler
	// returned beside its error, often nil: a handler that spent
	// something before it failed (the tokens of a model's replies) says
	// so there, for the caller to count.
	Output []byte
	// Err is the handler's error text, "" when it succeeded. A handler's
	// error is the job's answer, not the Runner's failure.
	Err string
	// Worker names the worker that ran the job ("local" for Local).
	Worker string
	// Build is the build id of the worker (internal/buildid.Self).
	Build string
}

// A Handler runs one kind of job: it reads the input and returns the
// output, or an error that becomes the Result's Err (with what output it
// returned beside it). It must stop
// promptly when ctx is cancelled, and give the same output for the same
// input whenever it can (a job may run more than once).
type Handler func(ctx context.Context, input []byte) ([]byte, error)

// A Runner runs jobs and gathers their results.
type Runner interface {
	// Run runs jobs and calls deliver once for each distinct job ID with
	// its result, in the order the results come, never concurrently.
	// It returns nil when every job has been delivered; an error when it
	// could not run them (ctx is done, the transport failed, deliver
	// returned an error, which Run returns as it is).
	Run(ctx context.Context, jobs []Job, deliver func(Result) error) error
}

var handlers = registry.Set[Handler]{Kind: "work: job kind"}

// Register makes a handler available by kind, as every surety plug-in
// registers (package registry). It panics when kind is empty, h is nil, or
// the kind is registered already: those are programming errors. Call it
// from an init function.
func Register(kind string, h Handler) { handlers.Register(kind, h) }

// Names returns the registered kinds, sorted.
func Names() []string { return handlers.Names() }

// Kinds returns the registered kinds, sorted.
//
// Deprecated: use Names, as for every plug-in kind.
func Kinds() []string { return handlers.Names() }

// ErrUnknownKind reports a job whose kind no handler is registered for.
var ErrUnknownKind = errors.New("work: unknown job kind")

// Lookup returns the handler registered for kind. Its error wraps both
// ErrUnknownKind and registry.ErrUnknown, and lists the kinds registered.
func Lookup(kind string) (Handler, error) {
	h, err := handlers.Lookup(kind)
	if err != nil {
		return nil, unknownKind{err}
	}
	return h, nil
}

// unknownKind is Lookup's error: the registry's, which also matches
// ErrUnknownKind.
type unknownKind struct{ error }

func (e unknownKind) Unwrap() []error { return []error{e.error, ErrUnknownKind} }

// Check fills in the IDs of jobs that have none, refuses a job whose ID
// does not match its kind and input or whose kind is empty, and returns
// the jobs with distinct IDs, in their first order. Runners call it.
func Check(jobs []Job) ([]Job, error) {
	seen := make(map[string]bool, len(jobs))
	out := make([]Job, 0, len(jobs))
	for i, j := range jobs {
		if j.Kind == "" {
			return nil, fmt.Errorf("work: job %d has no kind", i)
		}
		id := JobID(j.Kind, j.Input)
		if j.ID == "" {
			j.ID = id
		} else if j.ID != id {
			return nil, fmt.Errorf("work: job %d: ID %s is not the hash of its kind and input", i, j.ID)
		}
		if !seen[j.ID] {
			seen[j.ID] = true
			out = append(out, j)
		}
	}
	return out, nil
}

// Do runs one job with the handler registered for its kind, as a worker
// does: the handler's error becomes the result's Err, and so does an
// unknown kind.
func Do(ctx context.Context, j Job, worker, build string) Result {
	r := Result{ID: j.ID, Worker: worker, Build: build}
	h, err := Lookup(j.Kind)
	if err == nil {
		r.Output, err = h(ctx, j.Input)
	}
	if err != nil {
		r.Err = err.Error()
	}
	return r
}

// Local runs jobs on goroutines of this process. The zero value is valid.
type Local struct {
	// Workers is how many jobs run at once; 0 means one per CPU (Workers).
	Workers int
	// Name is the worker name in results; "" means "local".
	Name string
}

// Run implements Runner. A job whose handler is still running when ctx
// is cancelled is not delivered; Run then returns ctx.Err().
func (l *Local) Run(ctx context.Context, jobs []Job, deliver func(Result) error) error {
	jobs, err := Check(jobs)
	if err != nil {
		return err
	}
	n := min(Workers(l.Workers), len(jobs))
	name := l.Name
	if name == "" {
		name = "local"
	}
	build := buildid.Self()
	ctx, cancel := context.WithCancel(ctx)
	todo := make(chan Job)
	done := make(chan Result)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	for range n {
		wg.Go(func() {
			for j := range todo {
				r := Do(ctx, j, name, build)
				select {
				case done <- r:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(todo)
		for _, j := range jobs {
			select {
			case todo <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range jobs {
		select {
		case r := <-done:
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := deliver(r); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
