package callgraph

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"
)

// ScheduleOptions control Schedule. The zero value is valid; a nil
// *ScheduleOptions means the zero value. Schedule does not modify it.
type ScheduleOptions struct {
	// Workers is the number of batches run at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Batch is the largest number of components handed to one call of fn
	// (FM-Agent's N prompts per request); 0 means 1.
	Batch int
	// StopOnError stops at the first failed batch: no new batch starts,
	// the context given to running ones is cancelled, and Schedule
	// returns once they have returned. The zero value runs everything and
	// collects the errors.
	StopOnError bool
	// Progress, if set, is called after each batch finishes, from one
	// goroutine at a time, with an event of stage "schedule": the layer
	// of the batch just finished (from 1) and the layers, the components
	// finished (failed ones included) and in all layers, and the failed.
	Progress func(progress.Event)
}

// A ComponentError is the error of the batch that held Component.
type ComponentError struct {
	Layer     int // 1-based
	Component *Component
	Err       error
}

func (e *ComponentError) Error() string {
	return fmt.Sprintf("layer %d, %s: %v", e.Layer, e.Component.Nodes[0].ID, e.Err)
}

func (e *ComponentError) Unwrap() error { return e.Err }

// A ScheduleError lists the components whose batches failed, sorted by
// layer and then by the order of the layer.
type ScheduleError struct {
	Errors []*ComponentError
}

func (e *ScheduleError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "callgraph: %d component(s) failed", len(e.Errors))
	for i, ce := range e.Errors {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more", len(e.Errors)-3)
			break
		}
		b.WriteString("; ")
		b.WriteString(ce.Error())
	}
	return b.String()
}

// Unwrap gives the component errors to errors.Is and errors.As.
func (e *ScheduleError) Unwrap() []error {
	out := make([]error, len(e.Errors))
	for i, ce := range e.Errors {
		out[i] = ce
	}
	return out
}

// Schedule runs fn over layers, layer after layer: a layer starts only when
// every batch of the previous one has returned. The components of a layer
// are cut, in order, into batches of up to opts.Batch, and up to
// opts.Workers batches run at once. When fn returns an error, every
// component of its batch is recorded as failed; the rest go on unless
// opts.StopOnError.
//
// Schedule returns nil when every batch succeeded, a *ScheduleError listing
// the failed components otherwise, or ctx's error (wrapped, matching
// errors.Is(err, context.Canceled)) when ctx ends first: no batch starts
// after that, and Schedule returns as soon as the running calls of fn,
// whose context is ctx, have returned. fn must be safe to call from
// several goroutines.
func Schedule(ctx context.Context, layers [][]*Component, fn func(ctx context.Context, batch []*Component) error, opts *ScheduleOptions) error {
	if opts == nil {
		opts = &ScheduleOptions{}
	}
	workers := work.Workers(opts.Workers)
	size := opts.Batch
	if size <= 0 {
		size = 1
	}
	total := 0
	for _, l := range layers {
		total += len(l)
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		mu       sync.Mutex
		failures []*ComponentError
		done     int
		failed   int
		order    = map[*Component]int{} // position in its layer, for sorting errors
	)
	for li, l := range layers {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("callgraph: schedule stopped before layer %d: %w", li+1, err)
		}
		if opts.StopOnError && len(failures) > 0 {
			break
		}
		for i, c := range l {
			order[c] = i
		}
		var g errgroup.Group
		g.SetLimit(workers)
		for start := 0; start < len(l); start += size {
			if runCtx.Err() != nil {
				break
			}
			batch := l[start:min(start+size, len(l))]
			// Go waits for a free worker; a batch whose turn comes after
			// the run stopped does not start.
			g.Go(func() error {
				if runCtx.Err() != nil {
					return nil
				}
				err := safeCall(runCtx, fn, batch)
				mu.Lock()
				defer mu.Unlock()
				done += len(batch)
				if err != nil {
					failed += len(batch)
					for _, c := range batch {
						failures = append(failures, &ComponentError{Layer: li + 1, Component: c, Err: err})
					}
					if opts.StopOnError {
						cancel()
					}
				}
				if opts.Progress != nil {
					opts.Progress(progress.Event{Stage: "schedule", Layer: li + 1, Layers: len(layers), Done: done, Total: total, Failed: failed})
				}
				return nil
			})
		}
		_ = g.Wait() // every batch's error is in failures
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("callgraph: schedule stopped: %w", err)
	}
	if len(failures) == 0 {
		return nil
	}
	sort.SliceStable(failures, func(i, j int) bool {
		a, b := failures[i], failures[j]
		if a.Layer != b.Layer {
			return a.Layer < b.Layer
		}
		return order[a.Component] < order[b.Component]
	})
	return &ScheduleError{Errors: failures}
}

// safeCall runs fn, turning a panic into an error so that one bad
// component does not take down the others.
func safeCall(ctx context.Context, fn func(context.Context, []*Component) error, batch []*Component) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("callgraph: panic: %v", r)
		}
	}()
	return fn(ctx, batch)
}
