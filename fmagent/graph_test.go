package fmagent_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/progress"
)

// countingCache counts the files Graph asks a cache for: the files it
// would parse.
type countingCache struct {
	mu    sync.Mutex
	asked []string
}

func (c *countingCache) Get(_ string, _ frontend.Mode, src *frontend.Source) *frontend.File {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, filepath.Base(src.Path))
	return nil
}

func (c *countingCache) Put(string, frontend.Mode, *frontend.Source, *frontend.File) {}

// A rerun of Graph with a model file parses only the files edited since
// the last run, and gives the graph a run from scratch gives.
func TestGraphModelFileParsesOnlyEdited(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.CopyFS(src, os.DirFS("../examples/graph/c")); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "cache", "model")
	text := func(res *fmagent.GraphResult) string {
		var b bytes.Buffer
		if err := res.WriteText(&b, true); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	run := func(opts *fmagent.GraphOptions) (string, []string) {
		t.Helper()
		c := &countingCache{}
		opts.Cache = c
		opts.Progress = func(ev progress.Event) { t.Errorf("warning: %s", ev.Warning) }
		res, err := fmagent.Graph(ctx, []string{src}, opts)
		if err != nil {
			t.Fatal(err)
		}
		return text(res), c.asked
	}
	first, asked := run(&fmagent.GraphOptions{ModelFile: model})
	if len(asked) != 4 {
		t.Fatalf("first run parsed %v, want the 4 files", asked)
	}
	if _, err := os.Stat(model); err != nil {
		t.Fatalf("no model file written: %v", err)
	}
	again, asked := run(&fmagent.GraphOptions{ModelFile: model})
	if len(asked) != 0 || again != first {
		t.Errorf("unchanged rerun parsed %v; same graph: %v", asked, again == first)
	}
	// main calls a new function defined in lexer.c.
	edit := func(name, old, new string) {
		p := filepath.Join(src, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(old)) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("lexer.c", "#include", "int extra_helper(void) { return 1; }\n#include")
	edit("main.c", "{", "{ extra_helper();")
	edited, asked := run(&fmagent.GraphOptions{ModelFile: model})
	scratch, _ := run(&fmagent.GraphOptions{})
	slices.Sort(asked)
	if strings.Join(asked, " ") != "lexer.c main.c" {
		t.Errorf("rerun after editing lexer.c and main.c parsed %v", asked)
	}
	if edited != scratch || edited == first {
		t.Errorf("rerun after the edit gives\n%s\nfrom scratch\n%s", edited, scratch)
	}
	// A damaged model file is a warning and every file is parsed.
	if err := os.WriteFile(model, []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	var warned []string
	res, err := fmagent.Graph(ctx, []string{src}, &fmagent.GraphOptions{ModelFile: model,
		Progress: func(ev progress.Event) { warned = append(warned, ev.Warning) }})
	if err != nil || text(res) != scratch {
		t.Fatalf("with a damaged model file: %v", err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], model) {
		t.Errorf("damaged model file: warnings %q, want one naming it", warned)
	}
}
