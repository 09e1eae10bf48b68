package llm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheSources: sources are kept one per model name, sorted, replaced
// by a later write of the same name; a directory without sources.json has
// none; a file that does not decode is an error naming it.
func TestCacheSources(t *testing.T) {
	dir := t.TempDir()
	if srcs, err := ReadCacheSources(dir); err != nil || srcs != nil {
		t.Fatalf("empty directory: %v, %v", srcs, err)
	}
	for _, s := range []CacheSource{
		{Model: "scripted", Label: "scripted replies from a.txtar", Scripted: true},
		{Model: "gpt", Label: "replies of gpt"},
		{Model: "scripted", Label: "scripted replies from b.txtar", Scripted: true},
	} {
		if err := WriteCacheSource(dir, s); err != nil {
			t.Fatal(err)
		}
	}
	srcs, err := ReadCacheSources(dir)
	if err != nil || len(srcs) != 2 || srcs[0].Model != "gpt" || srcs[1].Label != "scripted replies from b.txtar" || !srcs[1].Scripted {
		t.Fatalf("sources: %+v, %v", srcs, err)
	}
	c := Cached(NewEstimator(&EstimateOptions{Model: "gpt"}), dir, CacheReplayOnly)
	if s, err := c.Source(); err != nil || s == nil || s.Label != "replies of gpt" {
		t.Errorf("Source: %+v, %v", s, err)
	}
	if s, err := CacheSourceOf(dir, "other"); err != nil || s != nil {
		t.Errorf("unknown model: %+v, %v", s, err)
	}
	if err := WriteCacheSource(dir, CacheSource{Model: "x"}); err == nil {
		t.Error("a source without a label was written")
	}
	bad := filepath.Join(dir, CacheSourcesFile)
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCacheSources(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("bad file: %v", err)
	}
}
