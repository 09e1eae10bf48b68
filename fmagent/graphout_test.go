package fmagent_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/progress"
)

// countingC is the C frontend counting the files it parses.
func countingC(t *testing.T, n *atomic.Int64) *frontend.Language {
	c, err := frontend.Lookup("c")
	if err != nil {
		t.Fatal(err)
	}
	l := *c
	l.Parse = func(ctx context.Context, src *frontend.Source, mode frontend.Mode) (*frontend.File, error) {
		n.Add(1)
		return c.Parse(ctx, src, mode)
	}
	return &l
}

// TestWriteGraphKeepsOutput: with a cache that keeps results, a rerun over
// an unchanged tree writes the same output and sends the same warnings
// with nothing parsed; another format, or an edited file, is laid out
// again.
func TestWriteGraphKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.Mkdir(src, 0o755)
	for name, data := range map[string]string{
		"a.c":   "int b(void);\nint main(void) { return b(); }\n",
		"b.c":   "int b(void) { return 1; }\n",
		"bin.c": "int g\x00(void);\n",
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cache, err := fmagent.OpenFileCache(filepath.Join(dir, "cache"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var parsed atomic.Int64
	run := func(f fmagent.GraphFormat) (string, []string) {
		var out strings.Builder
		var warned []string
		opts := &fmagent.GraphOptions{Cache: cache, Languages: fmagent.Languages(countingC(t, &parsed)),
			Progress: func(ev progress.Event) { warned = append(warned, ev.Warning) }}
		if err := fmagent.WriteGraph(context.Background(), &out, []string{src}, f, opts); err != nil {
			t.Fatal(err)
		}
		return out.String(), warned
	}
	out1, warn1 := run(fmagent.GraphText)
	if !strings.HasPrefix(out1, "functions: 2\n") || len(warn1) != 1 || !strings.Contains(warn1[0], "bin.c") {
		t.Fatalf("first run: output %q, warnings %q", out1, warn1)
	}
	first := parsed.Load()
	if first != 2 {
		t.Fatalf("first run parsed %d files, want 2", first)
	}
	before := cache.Stats()
	out2, warn2 := run(fmagent.GraphText)
	if out2 != out1 || !slices.Equal(warn2, warn1) {
		t.Errorf("unchanged rerun: output %q, warnings %q; want %q, %q", out2, warn2, out1, warn1)
	}
	// The kept output was read (a hit) and nothing laid out again: no
	// file parsed, no result or model written.
	if n := parsed.Load(); n != first {
		t.Errorf("unchanged rerun parsed %d files", n-first)
	}
	if after := cache.Stats(); after.Hits <= before.Hits || after.Writes != before.Writes {
		t.Errorf("unchanged rerun: cache stats %+v, then %+v; want a hit and no write", before, after)
	}
	if out3, _ := run(fmagent.GraphJSON); !strings.HasPrefix(out3, "{") {
		t.Errorf("another format gave the kept output: %q", out3)
	}
	if err := os.WriteFile(filepath.Join(src, "b.c"), []byte("int c(void) { return 2; }\nint b(void) { return c(); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out4, _ := run(fmagent.GraphText); !strings.HasPrefix(out4, "functions: 3\n") {
		t.Errorf("after an edit: %q", out4)
	}
}
