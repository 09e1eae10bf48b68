package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/internal/atomicfile"
)

// A CacheSource says where the replies a cache directory holds for one
// model name came from, so that whoever replays them can say so rather
// than guess. The sources of a directory are kept in its file
// sources.json, one per model name.
type CacheSource struct {
	// Model is the model name the replies are keyed by (see CacheKey).
	Model string `json:"model"`
	// Label names the source for people, such as "scripted replies from
	// testdata/review.txtar" or "replies of gpt-4o-mini from
	// https://api.openai.com/v1".
	Label string `json:"label"`
	// Scripted is true when the replies were written by hand (a script
	// played by a test server), not by a language model.
	Scripted bool `json:"scripted,omitempty"`
}

// CacheSourcesFile is the file of a cache directory that holds its
// sources.
const CacheSourcesFile = "sources.json"

// ReadCacheSources returns the sources recorded in the cache directory
// dir, sorted by model name; none (and no error) when it has no
// sources.json. A file that does not decode is an error naming it.
func ReadCacheSources(dir string) ([]CacheSource, error) {
	p := filepath.Join(dir, CacheSourcesFile)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("llm: cache: %w", err)
	}
	var doc struct {
		Sources []CacheSource `json:"sources"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("llm: cache: %s: %v", p, err)
	}
	for i, s := range doc.Sources {
		if s.Label == "" {
			return nil, fmt.Errorf("llm: cache: %s: source %d (model %q) has no label", p, i+1, s.Model)
		}
	}
	slices.SortFunc(doc.Sources, func(a, b CacheSource) int { return strings.Compare(a.Model, b.Model) })
	return doc.Sources, nil
}

// CacheSourceOf returns the source of the replies of model in the cache
// directory dir, or nil when none is recorded.
func CacheSourceOf(dir, model string) (*CacheSource, error) {
	srcs, err := ReadCacheSources(dir)
	if err != nil {
		return nil, err
	}
	for _, s := range srcs {
		if s.Model == model {
			return &s, nil
		}
	}
	return nil, nil
}

// WriteCacheSource records src in the cache directory dir, replacing the
// source recorded for the same model name, and keeping the others. The
// file is replaced atomically; two processes writing at once may lose one
// of their sources, not corrupt the file. src.Label must not be empty.
func WriteCacheSource(dir string, src CacheSource) error {
	if src.Label == "" {
		return fmt.Errorf("llm: cache source of model %q has no label", src.Model)
	}
	srcs, err := ReadCacheSources(dir)
	if err != nil {
		return err
	}
	srcs = slices.DeleteFunc(srcs, func(s CacheSource) bool { return s.Model == src.Model })
	srcs = append(srcs, src)
	slices.SortFunc(srcs, func(a, b CacheSource) int { return strings.Compare(a.Model, b.Model) })
	data, err := json.MarshalIndent(struct {
		Sources []CacheSource `json:"sources"`
	}{srcs}, "", "  ")
	if err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, CacheSourcesFile), append(data, '\n')); err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	return nil
}

// Source returns the recorded source of the replies this Cache holds for
// its model's name, or nil when none is recorded or its store is not a
// directory.
func (c *Cache) Source() (*CacheSource, error) {
	if c.dir == "" {
		return nil, nil
	}
	return CacheSourceOf(c.dir, c.Name())
}
