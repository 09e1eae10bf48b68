package work_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/work"
)

type sumIn struct {
	Xs []int `json:"xs"`
}

type sumOut struct {
	Sum int `json:"sum"`
}

var sumKind = work.Func("test.sum", func(ctx context.Context, in sumIn) (*sumOut, error) {
	if len(in.Xs) == 0 {
		return nil, errors.New("nothing to add")
	}
	if len(in.Xs) > 3 {
		return &sumOut{Sum: -1}, errors.New("too many")
	}
	out := &sumOut{}
	for _, x := range in.Xs {
		out.Sum += x
	}
	return out, nil
})

// A Func kind's job is its input as JSON, its ID that of NewJob, and its
// output fn's as JSON; fn's error and an input that does not decode are
// the result's Err, with what fn returned beside its error as the Output.
func TestFunc(t *testing.T) {
	if sumKind.Name() != "test.sum" {
		t.Errorf("Name = %q", sumKind.Name())
	}
	j, err := sumKind.Job(sumIn{Xs: []int{1, 2, 3}})
	if err != nil || string(j.Input) != `{"xs":[1,2,3]}` || j.ID != work.JobID("test.sum", j.Input) {
		t.Fatalf("Job = %+v, %v", j, err)
	}
	r := work.Do(context.Background(), j, "w", "b")
	if r.Err != "" || string(r.Output) != `{"sum":6}` {
		t.Errorf("Do = %+v", r)
	}
	empty, _ := sumKind.Job(sumIn{})
	if r := work.Do(context.Background(), empty, "w", "b"); r.Err != "nothing to add" || string(r.Output) != "null" {
		t.Errorf("Do of fn's error = %+v", r)
	}
	// What fn returns beside its error is the Output.
	many, _ := sumKind.Job(sumIn{Xs: []int{1, 2, 3, 4}})
	if r := work.Do(context.Background(), many, "w", "b"); r.Err != "too many" || string(r.Output) != `{"sum":-1}` {
		t.Errorf("Do of fn's error with an output = %+v", r)
	}
	bad := work.NewJob("test.sum", []byte(`{"xs":"no"}`))
	if r := work.Do(context.Background(), bad, "w", "b"); !strings.HasPrefix(r.Err, "work: test.sum job: its input: ") {
		t.Errorf("Do of a bad input = %+v", r)
	}
	var u *json.UnsupportedTypeError
	if _, err := work.Func("test.chan", func(context.Context, chan int) (int, error) { return 0, nil }).Job(make(chan int)); !errors.As(err, &u) {
		t.Errorf("Job of a channel: %v", err)
	}
}

func TestFuncPanicsOnMisuse(t *testing.T) {
	for _, c := range []struct {
		kind string
		fn   func(context.Context, int) (int, error)
	}{{"", func(context.Context, int) (int, error) { return 0, nil }}, {"test.nilfunc", nil}, {"test.sum", func(context.Context, int) (int, error) { return 0, nil }}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Func(%q): no panic", c.kind)
				}
			}()
			work.Func(c.kind, c.fn)
		}()
	}
}
