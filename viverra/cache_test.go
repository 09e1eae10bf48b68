package viverra_test

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/viverra"
	"github.com/suretydev/surety/work"
)

// countingStore is a work.Dir that counts what is put in it.
type countingStore struct {
	*work.Dir
	puts atomic.Int32
}

func (s *countingStore) Put(ctx context.Context, key string, value []byte) error {
	s.puts.Add(1)
	return s.Dir.Put(ctx, key, value)
}

// OpenSharedCheckCache keeps the verdicts in the store it is given when
// it opens one, and in the directory otherwise; a store that fails to
// open is an error.
func TestOpenSharedCheckCache(t *testing.T) {
	ctx := context.Background()
	shared := &countingStore{Dir: work.NewDir(t.TempDir())}
	var names []string
	store := func(ctx context.Context, name string) (work.Store, error) {
		names = append(names, name)
		return shared, nil
	}
	c, err := viverra.OpenSharedCheckCache(ctx, store, "", nil)
	if err != nil || c == nil || len(names) != 1 || names[0] != "bmc" {
		t.Fatalf("cache %v, %v; stores opened %q", c, err, names)
	}
	for _, p := range []string{"gcc", "z3"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s", p)
		}
	}
	file := filepath.Join(t.TempDir(), "p.c")
	src := []byte("#include <assert.h>\nint main(void) { int x = 2; assert(x * 2 == 4); return 0; }\n")
	if _, err := viverra.Facts(ctx, file, src, &viverra.FactsOptions{Engines: []string{"native"}, Audit: "off", Cache: c}); err != nil {
		t.Fatal(err)
	}
	if shared.puts.Load() == 0 {
		t.Error("no verdict was put in the shared store")
	}

	// No shared store: the directory.
	dir := filepath.Join(t.TempDir(), "bmc")
	none := func(context.Context, string) (work.Store, error) { return nil, nil }
	if c, err := viverra.OpenSharedCheckCache(ctx, none, dir, nil); c == nil || err != nil {
		t.Errorf("directory: %v, %v", c, err)
	}
	if c, err := viverra.OpenSharedCheckCache(ctx, nil, dir, nil); c == nil || err != nil {
		t.Errorf("no store: %v, %v", c, err)
	}
	errDown := errors.New("down")
	failing := func(context.Context, string) (work.Store, error) { return nil, errDown }
	if c, err := viverra.OpenSharedCheckCache(ctx, failing, dir, nil); c != nil || !errors.Is(err, errDown) {
		t.Errorf("failing store: %v, %v", c, err)
	}
}
