package frontend

import (
	"context"
	"testing"
)

func TestFingerprint(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.lines", []byte("a b\n"))
	write(t, dir, "sub/b.lines", []byte("b\n"))
	write(t, dir, "notes.txt", []byte("not read"))
	opts := &LoadOptions{Languages: []*Language{lines}}
	fp := func(o *LoadOptions) string {
		t.Helper()
		d, ok, err := Fingerprint(context.Background(), []string{dir}, o)
		if err != nil || !ok || len(d) != 64 {
			t.Fatalf("Fingerprint: %q, %v, %v", d, ok, err)
		}
		return d
	}
	first := fp(opts)
	if again := fp(opts); again != first {
		t.Errorf("unchanged tree: %s then %s", first, again)
	}
	write(t, dir, "notes.txt", []byte("a file no frontend reads"))
	if d := fp(opts); d != first {
		t.Errorf("a file Load does not read changed the digest")
	}
	if d := fp(&LoadOptions{Languages: []*Language{lines}, Mode: NeedCalls}); d == first {
		t.Errorf("another mode gave the same digest")
	}
	write(t, dir, "sub/b.lines", []byte("b a\n"))
	changed := fp(opts)
	if changed == first {
		t.Errorf("a changed file left the digest as it was")
	}
	write(t, dir, "sub/c.lines", []byte("c\n"))
	if d := fp(opts); d == changed {
		t.Errorf("a new file left the digest as it was")
	}

	// A batch frontend's result depends on more than its files.
	batch := &Language{Name: "batch", Doc: "loads together", Exts: []string{".batch"},
		LoadFiles: func(ctx context.Context, paths []string, mode Mode) ([]*File, error) { return nil, nil }}
	write(t, dir, "x.batch", []byte("x"))
	d, ok, err := Fingerprint(context.Background(), []string{dir}, &LoadOptions{Languages: []*Language{lines, batch}})
	if err != nil || ok || d != "" {
		t.Errorf("with a batch frontend: %q, %v, %v; want no digest", d, ok, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Fingerprint(ctx, []string{dir}, opts); err == nil {
		t.Errorf("cancelled context: no error")
	}
}
