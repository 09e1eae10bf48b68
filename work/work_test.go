package work_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/registry"
	"github.com/suretydev/surety/work"
)

var calls atomic.Int64

func init() {
	work.Register("test.upper", func(ctx context.Context, in []byte) ([]byte, error) {
		calls.Add(1)
		if string(in) == "fail" {
			return nil, errors.New("asked to fail")
		}
		return []byte(strings.ToUpper(string(in))), nil
	})
}

func TestLocalRunsEachDistinctJobOnce(t *testing.T) {
	var jobs []work.Job
	for i := range 20 {
		jobs = append(jobs, work.NewJob("test.upper", fmt.Appendf(nil, "job %d", i%10)))
	}
	jobs = append(jobs, work.NewJob("test.upper", []byte("fail")), work.NewJob("test.nothing", nil))
	calls.Store(0)
	got := map[string]work.Result{}
	err := (&work.Local{Workers: 3}).Run(context.Background(), jobs, func(r work.Result) error {
		if _, dup := got[r.ID]; dup {
			t.Errorf("result of %s delivered twice", r.ID)
		}
		got[r.ID] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 12 || calls.Load() != 11 {
		t.Fatalf("%d results, %d handler calls: want 12 and 11", len(got), calls.Load())
	}
	for _, j := range jobs[:10] {
		r := got[j.ID]
		if string(r.Output) != strings.ToUpper(string(j.Input)) || r.Err != "" || r.Worker != "local" || r.Build == "" {
			t.Errorf("job %q: %+v", j.Input, r)
		}
	}
	if r := got[jobs[20].ID]; r.Err != "asked to fail" || r.Output != nil {
		t.Errorf("failing job: %+v", r)
	}
	if r := got[jobs[21].ID]; !strings.Contains(r.Err, "unknown job kind \"test.nothing\" (forgotten import?)") {
		t.Errorf("unknown kind: %+v", r)
	}
}

func TestLocalStopsOnDeliverError(t *testing.T) {
	stop := errors.New("stop")
	jobs := []work.Job{work.NewJob("test.upper", []byte("a")), work.NewJob("test.upper", []byte("b"))}
	n := 0
	err := (&work.Local{}).Run(context.Background(), jobs, func(work.Result) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("Run: %v after %d deliveries; want stop after 1", err, n)
	}
}

func TestCheckRefusesAForgedID(t *testing.T) {
	j := work.NewJob("test.upper", []byte("a"))
	j.Input = []byte("b")
	if _, err := work.Check([]work.Job{j}); err == nil {
		t.Error("Check of a job whose ID is not its hash: no error")
	}
	if _, err := work.Check([]work.Job{{Input: []byte("a")}}); err == nil {
		t.Error("Check of a job without a kind: no error")
	}
	js, err := work.Check([]work.Job{{Kind: "k", Input: []byte("a")}})
	if err != nil || js[0].ID != work.JobID("k", []byte("a")) {
		t.Errorf("Check of a job without an ID: %v, %v", js, err)
	}
}

func TestRegisterPanicsOnMisuse(t *testing.T) {
	for _, c := range []struct {
		kind string
		h    work.Handler
	}{{"", func(context.Context, []byte) ([]byte, error) { return nil, nil }}, {"x", nil}, {"test.upper", func(context.Context, []byte) ([]byte, error) { return nil, nil }}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q): no panic", c.kind)
				}
			}()
			work.Register(c.kind, c.h)
		}()
	}
	if !slices.Contains(work.Names(), "test.upper") {
		t.Errorf("Names: %v", work.Names())
	}
}

func TestLookup(t *testing.T) {
	if h, err := work.Lookup("test.upper"); err != nil || h == nil {
		t.Errorf("Lookup(test.upper) = %v, %v", h, err)
	}
	_, err := work.Lookup("test.nothing")
	if !errors.Is(err, work.ErrUnknownKind) || !errors.Is(err, registry.ErrUnknown) ||
		!strings.HasPrefix(err.Error(), `work: unknown job kind "test.nothing" (forgotten import?); registered: `) {
		t.Errorf("Lookup(test.nothing) error %v", err)
	}
}
