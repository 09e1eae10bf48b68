package callgraph

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/frontend"
)

// layeredGraph makes a graph with the given number of components per
// layer: layer i's functions each call every function of layer i+1.
func layeredGraph(widths ...int) (*Graph, [][]*Component) {
	var fns []*frontend.Function
	for li, w := range widths {
		for k := range w {
			var calls []string
			if li+1 < len(widths) {
				for k2 := range widths[li+1] {
					calls = append(calls, fmt.Sprintf("l%dn%03d@%d", li+1, k2, k2+1))
				}
			}
			fns = append(fns, def("s.c", fmt.Sprintf("l%dn%03d", li, k), 1000*li+k, calls...))
		}
	}
	g := Build(prog(file("s.c", "c", fns...)), nil)
	return g, Layers(Condense(g))
}

func TestScheduleOrderBatchesWorkers(t *testing.T) {
	_, layers := layeredGraph(3, 10, 7)
	var (
		mu        sync.Mutex
		doneLayer = map[*Component]int{}
		layerOf   = map[*Component]int{}
		running   atomic.Int32
		peak      atomic.Int32
		sizes     []int
	)
	for i, l := range layers {
		for _, c := range l {
			layerOf[c] = i
		}
	}
	var events []progress.Event
	err := Schedule(context.Background(), layers, func(ctx context.Context, batch []*Component) error {
		n := running.Add(1)
		defer running.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
		mu.Lock()
		defer mu.Unlock()
		sizes = append(sizes, len(batch))
		for _, c := range batch {
			// Every component of earlier layers must be finished.
			for _, l := range doneLayer {
				if l > layerOf[c] {
					t.Errorf("layer %d ran after layer %d", layerOf[c], l)
				}
			}
			for c2, l := range layerOf {
				if l < layerOf[c] {
					if _, ok := doneLayer[c2]; !ok {
						t.Errorf("component of layer %d ran before one of layer %d finished", layerOf[c], l)
					}
				}
			}
			doneLayer[c] = layerOf[c]
		}
		return nil
	}, &ScheduleOptions{Workers: 2, Batch: 3, Progress: func(ev progress.Event) { events = append(events, ev) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(doneLayer) != 20 {
		t.Errorf("%d components ran, want 20", len(doneLayer))
	}
	if peak.Load() > 2 {
		t.Errorf("%d batches ran at once with 2 workers", peak.Load())
	}
	for _, s := range sizes {
		if s > 3 || s < 1 {
			t.Errorf("batch of %d with Batch 3", s)
		}
	}
	// 3 -> 1 batch, 10 -> 4 batches, 7 -> 3 batches.
	if len(sizes) != 8 {
		t.Errorf("%d batches, want 8", len(sizes))
	}
	if last := events[len(events)-1]; last.Done != 20 || last.Total != 20 || last.Layer != 3 || last.Layers != 3 {
		t.Errorf("last progress %+v", last)
	}
}

func TestScheduleCollectsErrors(t *testing.T) {
	_, layers := layeredGraph(2, 4, 2)
	boom := errors.New("boom")
	var ran atomic.Int32
	bad := layers[1][1]
	err := Schedule(context.Background(), layers, func(ctx context.Context, batch []*Component) error {
		ran.Add(int32(len(batch)))
		for _, c := range batch {
			if c == bad {
				return boom
			}
			if c == layers[1][3] {
				panic("bad component")
			}
		}
		return nil
	}, &ScheduleOptions{Workers: 2})
	var se *ScheduleError
	if !errors.As(err, &se) || len(se.Errors) != 2 {
		t.Fatalf("want a ScheduleError with 2 failures, got %v", err)
	}
	if se.Errors[0].Component != bad || !errors.Is(err, boom) || se.Errors[0].Layer != 2 {
		t.Errorf("first failure: %v", se.Errors[0])
	}
	if ran.Load() != 8 {
		t.Errorf("without StopOnError all 8 components run, %d did", ran.Load())
	}
}

func TestScheduleStopOnError(t *testing.T) {
	_, layers := layeredGraph(1, 6, 3)
	var ran atomic.Int32
	err := Schedule(context.Background(), layers, func(ctx context.Context, batch []*Component) error {
		ran.Add(1)
		if batch[0] == layers[1][0] {
			return errors.New("first of layer 2 fails")
		}
		return nil
	}, &ScheduleOptions{Workers: 1, StopOnError: true})
	var se *ScheduleError
	if !errors.As(err, &se) || len(se.Errors) != 1 {
		t.Fatalf("got %v", err)
	}
	if ran.Load() != 2 {
		t.Errorf("with StopOnError and one worker, 2 batches run, %d did", ran.Load())
	}
}

func TestScheduleCancel(t *testing.T) {
	_, layers := layeredGraph(4, 50, 50)
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	start := time.Now()
	err := Schedule(ctx, layers, func(ctx context.Context, batch []*Component) error {
		if ran.Add(1) == 3 {
			cancel()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
			return nil
		}
	}, &ScheduleOptions{Workers: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if n := ran.Load(); n > 4 {
		t.Errorf("%d batches started after cancellation, want at most 4", n)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("cancellation took %v", d)
	}
}
