package run

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemo: a value is made once for its concurrent callers; a failure,
// a value whose last waiting caller left, and the oldest beyond size are
// forgotten, and a forgotten value is freed once no one holds it.
func TestMemo(t *testing.T) {
	var made, freed atomic.Int64
	m := &memo[int]{size: 2, free: func(int) { freed.Add(1) }}
	mk := func(v int) func(context.Context) (int, error) {
		return func(context.Context) (int, error) {
			made.Add(1)
			time.Sleep(10 * time.Millisecond)
			return v, nil
		}
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, release, err := m.get(context.Background(), "a", mk(1))
			if err != nil || v != 1 {
				t.Errorf("a: %v, %v", v, err)
				return
			}
			release()
		})
	}
	wg.Wait()
	if made.Load() != 1 {
		t.Errorf("a made %d times, want once", made.Load())
	}
	// A failure is forgotten: the next caller makes the value anew.
	boom := errors.New("boom")
	if _, _, err := m.get(context.Background(), "b", func(context.Context) (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Errorf("b: %v", err)
	}
	if m.len() != 1 {
		t.Errorf("%d kept after a failure, want 1", m.len())
	}
	// The last waiting caller leaving cancels the making.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	stopped := false
	_, _, err := m.get(ctx, "c", func(ctx context.Context) (int, error) {
		<-ctx.Done()
		stopped = true
		return 0, ctx.Err()
	})
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) || !stopped || m.len() != 1 {
		t.Errorf("c: %v, making stopped %v, %d kept", err, stopped, m.len())
	}
	// Beyond size, the oldest goes, freed when its holder releases it.
	_, releaseD, _ := m.get(context.Background(), "d", mk(4))
	_, releaseE, _ := m.get(context.Background(), "e", mk(5))
	if m.len() != 2 || freed.Load() != 1 {
		t.Errorf("%d kept, %d freed; want 2 and 1 (a)", m.len(), freed.Load())
	}
	releaseD()
	_, releaseF, err := m.get(context.Background(), "f", mk(6))
	if err != nil {
		t.Fatal(err)
	}
	releaseE()
	releaseF()
	m.clear()
	time.Sleep(10 * time.Millisecond) // an evicted value is freed in a goroutine
	if m.len() != 0 || freed.Load() != 4 {
		t.Errorf("after clear: %d kept, %d freed; want 0 and 4", m.len(), freed.Load())
	}
}
