package filecache_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/filecache"
)

const src = `#include <assert.h>
static int sq(int x) { return x * x; }
int main(void) { int (*f)(int) = sq; assert(sq(3) == 9); return f(2); }
`

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadTwiceHitsAndMatches(t *testing.T) {
	tree := t.TempDir()
	write(t, tree, "a.c", src)
	write(t, tree, "b.c", "int b(void) { return 1; }\n")
	cache, err := filecache.Open(t.TempDir(), &filecache.Options{Salt: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	opts := &frontend.LoadOptions{Cache: cache}
	first, _, err := frontend.Load(context.Background(), []string{tree}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := cache.Stats(); s.Writes != 2 || s.Hits != 0 || s.Errors != 0 {
		t.Fatalf("first load: %+v", s)
	}
	second, _, err := frontend.Load(context.Background(), []string{tree}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := cache.Stats(); s.Hits != 2 {
		t.Fatalf("second load: %+v", s)
	}
	if !reflect.DeepEqual(first, second) {
		t.Errorf("cached program differs from the parsed one")
	}
	if len(second.Files[0].Source) == 0 || second.Files[0].Functions[1].Body == nil {
		t.Errorf("source or bodies lost in the cache")
	}

	// A changed file misses; the unchanged one still hits.
	write(t, tree, "b.c", "int b(void) { return 2; }\n")
	if _, _, err := frontend.Load(context.Background(), []string{tree}, opts); err != nil {
		t.Fatal(err)
	}
	if s := cache.Stats(); s.Hits != 3 || s.Writes != 3 {
		t.Errorf("after a change: %+v", s)
	}

	// Another salt sees nothing.
	other, _ := filecache.Open(cache.Dir(), &filecache.Options{Salt: "v2"})
	if _, _, err := frontend.Load(context.Background(), []string{tree}, &frontend.LoadOptions{Cache: other}); err != nil {
		t.Fatal(err)
	}
	if s := other.Stats(); s.Hits != 0 || s.Writes != 2 {
		t.Errorf("other salt: %+v", s)
	}
}

func TestCorruptEntryIsAMiss(t *testing.T) {
	tree := t.TempDir()
	write(t, tree, "a.c", src)
	dir := t.TempDir()
	cache, _ := filecache.Open(dir, nil)
	opts := &frontend.LoadOptions{Cache: cache, Mode: frontend.NeedCalls}
	want, _, _ := frontend.Load(context.Background(), []string{tree}, opts)
	entries, _ := filepath.Glob(filepath.Join(dir, "*", "*.gob"))
	if len(entries) != 1 {
		t.Fatalf("%d entries", len(entries))
	}
	if err := os.WriteFile(entries[0], []byte("not gob"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _, err := frontend.Load(context.Background(), []string{tree}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := cache.Stats(); s.Errors != 1 || s.Hits != 0 {
		t.Errorf("stats %+v", s)
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("a corrupt entry changed the result")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "*", ".tmp-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %q", leftovers)
	}
}

func TestResults(t *testing.T) {
	dir := t.TempDir()
	cache, _ := filecache.Open(dir, &filecache.Options{Salt: "v1"})
	if _, ok := cache.GetResult("k"); ok {
		t.Fatal("a result before any was stored")
	}
	cache.PutResult("k", []byte("the output"))
	if got, ok := cache.GetResult("k"); !ok || string(got) != "the output" {
		t.Errorf("GetResult = %q, %v", got, ok)
	}
	if _, ok := cache.GetResult("other key"); ok {
		t.Errorf("another key hit")
	}
	other, _ := filecache.Open(dir, &filecache.Options{Salt: "v2"})
	if _, ok := other.GetResult("k"); ok {
		t.Errorf("another salt hit")
	}
	if s := cache.Stats(); s.Hits != 1 || s.Writes != 1 || s.Errors != 0 {
		t.Errorf("stats %+v", s)
	}
}
