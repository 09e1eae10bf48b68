package fmagent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/filecache"
	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/progress"
)

// A GraphFormat says how a graph is written for a reader.
type GraphFormat string

// The formats of GraphResult.Write and WriteGraph.
const (
	// GraphText is the summary for people: the counts, the recursions
	// and the phases (GraphResult.WriteText).
	GraphText GraphFormat = "text"
	// GraphList is GraphText with the functions of every layer of every
	// phase.
	GraphList GraphFormat = "list"
	// GraphJSON is the summary as indented JSON.
	GraphJSON GraphFormat = "json"
	// GraphDOT is the condensed graph for Graphviz, one rank per layer
	// (GraphResult.WriteDOT).
	GraphDOT GraphFormat = "dot"
)

// Write writes r to w in format f; an unknown format is an error.
func (r *GraphResult) Write(w io.Writer, f GraphFormat) error {
	switch f {
	case GraphText, "":
		return r.WriteText(w, false)
	case GraphList:
		return r.WriteText(w, true)
	case GraphJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r.Summary)
	case GraphDOT:
		return r.WriteDOT(w)
	}
	return fmt.Errorf("surety: unknown graph format %q", f)
}

// A ResultCache is a parse cache (frontend.Cache) that also keeps whole
// results by key: frontend/filecache's Cache is one. When GraphOptions.Cache
// is one, WriteGraph keeps its output there.
type ResultCache interface {
	frontend.Cache
	// GetResult returns the bytes PutResult stored under key, or false.
	GetResult(key string) ([]byte, bool)
	// PutResult stores data under key; a failure only loses the entry.
	PutResult(key string, data []byte)
	// ResultFile is the path of a result too big for memory, kept under
	// key (GraphOptions.ModelFile).
	ResultFile(key string) string
}

// keptGraph is the output of WriteGraph as a ResultCache keeps it.
type keptGraph struct {
	Output []byte           `json:"output"`
	Events []progress.Event `json:"events,omitempty"`
}

// WriteGraph lays out the call graph of the code at paths (Graph) and
// writes it to w in format f (GraphResult.Write).
//
// When opts.Cache is a ResultCache, WriteGraph keeps there the compact
// model of every file (as GraphOptions.ModelFile, when that is unset), so
// that a rerun after an edit parses only the files edited; and it keeps the
// output itself, with the warnings sent to opts.Progress, under the tree's
// frontend.Fingerprint, the format and the options: a rerun over an
// unchanged tree writes the same output and sends the same warnings, with
// nothing parsed or resolved. A tree with Go files is laid out every time,
// since its load depends on more than its files. On an error nothing is
// kept and nothing written.
func WriteGraph(ctx context.Context, w io.Writer, paths []string, f GraphFormat, opts *GraphOptions) error {
	if opts == nil {
		opts = &GraphOptions{}
	}
	rc, _ := opts.Cache.(ResultCache)
	if rc == nil {
		res, err := Graph(ctx, paths, opts)
		if err != nil {
			return err
		}
		return res.Write(w, f)
	}
	o := *opts
	langs := languagesKey(o.Languages)
	if o.ModelFile == "" {
		o.ModelFile = rc.ResultFile("graph-model\x00" + langs + "\x00" + strings.Join(paths, "\x00"))
	}
	key := graphKey(ctx, paths, f, &o, langs)
	if key != "" {
		if data, ok := rc.GetResult(key); ok {
			var kept keptGraph
			if json.Unmarshal(data, &kept) == nil {
				for _, ev := range kept.Events {
					progress.Send(o.Progress)(ev)
				}
				_, err := w.Write(kept.Output)
				return err
			}
		}
	}
	var kept keptGraph
	send := progress.Send(opts.Progress)
	o.Progress = func(ev progress.Event) {
		kept.Events = append(kept.Events, ev)
		send(ev)
	}
	res, err := Graph(ctx, paths, &o)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := res.Write(&out, f); err != nil {
		return err
	}
	if _, err := w.Write(out.Bytes()); err != nil {
		return err
	}
	if key != "" {
		kept.Output = out.Bytes()
		if data, err := json.Marshal(&kept); err == nil {
			rc.PutResult(key, data)
		}
	}
	return nil
}

// graphKey is the key of WriteGraph's output: the tree's fingerprint, the
// format and every option that changes the output; "" when the tree's
// files do not determine it (frontend.Fingerprint).
func graphKey(ctx context.Context, paths []string, f GraphFormat, o *GraphOptions, langs string) string {
	fp, ok, err := frontend.Fingerprint(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls, Languages: o.Languages, Cache: o.Cache})
	if err != nil || !ok {
		return ""
	}
	opts, err := json.Marshal(struct {
		Build    *callgraph.BuildOptions
		From, To []string
		Phases   callgraph.PhaseBy
	}{o.Build, o.From, o.To, o.Phases})
	if err != nil {
		return ""
	}
	return fmt.Sprintf("graph\x00%s\x00%s\x00%s\x00%s\x00%s", fp, f, langs, strings.Join(paths, "\x00"), opts)
}

// languagesKey names a set of frontends, each by its name and description
// (which says, for Go's, the call graph algorithm); "" for every
// registered one.
func languagesKey(langs []*frontend.Language) string {
	var b strings.Builder
	for _, l := range langs {
		fmt.Fprintf(&b, "%s:%s;", l.Name, l.Doc)
	}
	return b.String()
}

// Languages returns every registered frontend, with each of replace in
// place of the registered one of the same name (or added, if none is):
// for GraphOptions.Languages, to load Go with a cheaper call graph
// algorithm, say.
func Languages(replace ...*frontend.Language) []*frontend.Language {
	var out []*frontend.Language
	used := map[string]bool{}
	for _, name := range frontend.Names() {
		l, err := frontend.Lookup(name)
		for _, r := range replace {
			if r.Name == name {
				l, err, used[name] = r, nil, true
			}
		}
		if err == nil {
			out = append(out, l)
		}
	}
	for _, r := range replace {
		if !used[r.Name] {
			out = append(out, r)
		}
	}
	return out
}

// OpenFileCache opens the parse cache (frontend/filecache) in dir: "" is
// files.UserCacheDir(getenv, "files"), and "off", or "" when that is unknown, is
// no cache (nil, and no error). The cache is salted with the build of the
// running program, so that a new build never reads an old build's
// extraction.
func OpenFileCache(dir string, getenv func(string) string) (*filecache.Cache, error) {
	if dir == "off" {
		return nil, nil
	}
	if dir == "" {
		if dir = files.UserCacheDir(getenv, "files"); dir == "" {
			return nil, nil
		}
	}
	return filecache.Open(dir, &filecache.Options{Salt: buildid.Self()})
}

// ReadEdges reads the extra call edges of the JSON file at path
// (callgraph.LoadEdges), for GraphOptions.Build. Only a regular file is
// read: a FIFO named by mistake is an error, not a hang. A file that cannot
// be read is a PathError; one that does not parse, an error that matches
// callgraph.ErrEdgeFormat and names its line.
func ReadEdges(ctx context.Context, path string) ([]callgraph.ExtraEdge, error) {
	data, err := files.ReadSource(ctx, path)
	if err != nil {
		return nil, err
	}
	return callgraph.LoadEdges(bytes.NewReader(data), path)
}
