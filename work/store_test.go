package work_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/work"
)

// TestDir checks the directory Store: today's layout (DIR/KE/KEY.json),
// ErrNotFound for a missing or deleted key, replacement, no temporary
// file left, invalid keys refused.
func TestDir(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := work.NewDir(dir)
	key := "abcdef0123"
	if _, err := s.Get(ctx, key); !errors.Is(err, work.ErrNotFound) {
		t.Fatalf("Get of a missing key: %v, want ErrNotFound", err)
	}
	for _, v := range []string{"one", "two"} {
		if err := s.Put(ctx, key, []byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, "ab", key+".json")
	if b, err := os.ReadFile(p); err != nil || string(b) != "two" {
		t.Fatalf("%s: %q, %v; want two", p, b, err)
	}
	if got := work.Where(s, key); got != p {
		t.Errorf("Where = %s, want %s", got, p)
	}
	if b, err := s.Get(ctx, key); err != nil || string(b) != "two" {
		t.Fatalf("Get = %q, %v", b, err)
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "ab"))
	if len(ents) != 1 {
		t.Errorf("%d files in %s, want 1 (a temporary one left?)", len(ents), filepath.Join(dir, "ab"))
	}
	for range 2 { // deleting a missing key is no error
		if err := s.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Get(ctx, key); !errors.Is(err, work.ErrNotFound) {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
	for _, bad := range []string{"", "../x", "a/b", "a.b", "a b"} {
		if err := s.Put(ctx, bad, []byte("x")); err == nil || !strings.Contains(err.Error(), "invalid key") {
			t.Errorf("Put(%q): %v, want invalid key", bad, err)
		}
	}
}
