package work_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/suretydev/surety/work"
)

// RunUntil stops when stop says so and jobs remain, and returns the jobs
// whose results were not delivered; without a stop it is Run, and a
// delivery's error is returned as it is.
func TestRunUntil(t *testing.T) {
	var jobs []work.Job
	for i := range 6 {
		jobs = append(jobs, work.NewJob("test.upper", fmt.Appendf(nil, "job %d", i)))
	}
	jobs = append(jobs, jobs[0]) // twice: one result
	enough := errors.New("enough")
	seen := map[string]bool{}
	left, err := work.RunUntil(context.Background(), &work.Local{Workers: 1}, jobs, func(r work.Result) error {
		seen[r.ID] = true
		return nil
	}, func() error {
		if len(seen) >= 2 {
			return enough
		}
		return nil
	})
	if err != nil || len(seen) < 2 || len(seen)+len(left) != 6 {
		t.Fatalf("%d delivered, %d left (%v), want 6 in all and a stop after 2", len(seen), len(left), err)
	}
	for _, j := range left {
		if seen[j.ID] {
			t.Errorf("job %q delivered and left", j.Input)
		}
	}
	// Never stopped: every result, nothing left, even when stop would
	// say so after the last.
	n := 0
	left, err = work.RunUntil(context.Background(), &work.Local{Workers: 2}, jobs, func(work.Result) error { n++; return nil },
		func() error {
			if n == 6 {
				t.Error("stop asked after the last result")
			}
			return nil
		})
	if err != nil || n != 6 || len(left) != 0 {
		t.Errorf("%d delivered, %v left, %v", n, left, err)
	}
	boom := errors.New("boom")
	if left, err := work.RunUntil(context.Background(), &work.Local{}, jobs, func(work.Result) error { return boom },
		func() error { return enough }); err != boom || left != nil {
		t.Errorf("a delivery's error: %v, %v left", err, left)
	}
}
