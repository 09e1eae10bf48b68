package fmagent

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/suretydev/surety/internal/atomicfile"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/internal/tsutil"
	"github.com/suretydev/surety/progress"
)

// GraphOptions control Graph. The zero value is valid; nil means the
// defaults. Graph does not modify it.
type GraphOptions struct {
	// Build says how calls are resolved: whether ambiguous edges take
	// part in SCCs and layers, the most candidate callees of one call,
	// extra edges (callgraph.LoadEdges reads them from a file); nil means
	// callgraph's defaults.
	Build *callgraph.BuildOptions
	// From and To, when set, keep only what is reachable from the
	// functions From names and what reaches those To names (see
	// callgraph.Slice).
	From, To []string
	// Phases says how phases are cut; the zero value is by weakly
	// connected component.
	Phases callgraph.PhaseBy
	// Languages are the frontends used; nil means every registered one.
	Languages []*frontend.Language
	// Cache, if set, keeps parsed files by content (see
	// frontend/filecache), so that an unchanged rerun skips parsing.
	Cache frontend.Cache
	// ModelFile, if set, is a file where Graph keeps the compact model
	// of every file it loads (callgraph.Builder.Save), each under a hash
	// of its language and content, and from which it takes the files
	// unchanged since: a rerun after an edit parses only the files
	// edited, and reads no per-file entry of Cache. A model file that
	// cannot be read or written is a warning; the run goes on without it.
	ModelFile string
	// Progress, if set, receives warnings ("load": a file skipped inside
	// a directory; "graph": an extra edge naming no single function).
	Progress func(progress.Event)
}

// A GraphResult is the call graph of some code and its summary.
type GraphResult struct {
	// Graph is the call graph, sliced when From or To was set. It is made
	// by a callgraph.Builder, so that a big tree's model is never whole in
	// memory: its nodes' functions have no calls, parameters or bodies,
	// and an edge has its call's line but most have no call site
	// (Edge.Call returns nil).
	Graph *callgraph.Graph `json:"-"`
	// Summary counts edges, SCCs, layers and phases, and lists the
	// recursions and the phases with their layers; it marshals to stable
	// JSON (what "surety graph --json" prints).
	Summary *callgraph.Summary `json:"summary"`
}

// Graph lays out the call graph of the code at paths (C, Rust, Dafny, Go,
// or any registered frontend): the functions, the calls resolved to them,
// the strongly connected components (recursions), the layers of top-down
// work, and the phases. A path that cannot be loaded is an error naming
// it, as is a set of paths with no source file; code with no function is
// an empty graph.
func Graph(ctx context.Context, paths []string, opts *GraphOptions) (*GraphResult, error) {
	if opts == nil {
		opts = &GraphOptions{}
	}
	send := progress.Send(opts.Progress)
	var build callgraph.BuildOptions
	if opts.Build != nil {
		build = *opts.Build
	}
	// Each file goes to the builder as soon as it is parsed, which keeps
	// its calls compact; the program holds only the files' headers.
	b := callgraph.NewBuilder(&build)
	cache := opts.Cache
	var kc *keptCache
	if opts.ModelFile != "" {
		kc = &keptCache{next: opts.Cache}
		kept, err := readKept(opts.ModelFile)
		if err != nil {
			send(progress.Event{Stage: "graph", Warning: fmt.Sprintf("model file %s: %v; every file is parsed", opts.ModelFile, err)})
		}
		kc.kept = kept
		b.Reuse(kept)
		cache = kc
	}
	keep := func(f *frontend.File) *frontend.File {
		b.Add(f)
		return &frontend.File{Path: f.Path, Language: f.Language, Size: f.Size, Lines: f.Lines}
	}
	if _, err := load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls, Languages: opts.Languages, Cache: cache, Keep: keep},
		false, progress.Warn(send, "load")); err != nil {
		return nil, err
	}
	// The parsing is over: what the parsers freed in the C heap goes back
	// to the system rather than stay resident while the graph is built.
	tsutil.ReleaseCMemory()
	if kc != nil {
		if err := writeKept(opts.ModelFile, b, kc); err != nil {
			send(progress.Event{Stage: "graph", Warning: fmt.Sprintf("model file %s: %v", opts.ModelFile, err)})
		}
	}
	g := b.Graph()
	for _, x := range g.UnmatchedExtra {
		send(progress.Event{Stage: "graph", Warning: fmt.Sprintf("%s: extra edge %s -> %s names no single function", x.Source, x.Caller, x.Callee)})
	}
	if len(opts.From) > 0 || len(opts.To) > 0 {
		var err error
		if g, err = callgraph.Slice(g, opts.From, opts.To); err != nil {
			return nil, err
		}
	}
	return &GraphResult{Graph: g, Summary: callgraph.Summarize(g, &callgraph.PhaseOptions{By: opts.Phases})}, nil
}

// keptCache hands out the files kept in a model file whose content has
// not changed, and passes the others on to next. It notes every file's
// key, for the model file written after the run.
type keptCache struct {
	kept *callgraph.Kept
	next frontend.Cache
	keys sync.Map // path -> key
}

// contentKey names a file's language and content.
func contentKey(lang string, content []byte) string {
	h := sha256.New()
	h.Write([]byte(lang))
	h.Write([]byte{0})
	h.Write(content)
	return string(h.Sum(nil))
}

func (c *keptCache) Get(lang string, mode frontend.Mode, src *frontend.Source) *frontend.File {
	key := contentKey(lang, src.Content)
	c.keys.Store(src.Path, key)
	if f := c.kept.File(src.Path, key); f != nil {
		return f
	}
	if c.next != nil {
		return c.next.Get(lang, mode, src)
	}
	return nil
}

func (c *keptCache) Put(lang string, mode frontend.Mode, src *frontend.Source, f *frontend.File) {
	if c.next != nil {
		c.next.Put(lang, mode, src, f)
	}
}

// readKept reads a model file; none there is no error.
func readKept(path string) (*callgraph.Kept, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, files.UnwrapPath(err)
	}
	defer f.Close()
	return callgraph.ReadKept(f)
}

// writeKept writes the model file of b, each file under the key kc noted,
// atomically.
func writeKept(path string, b *callgraph.Builder, kc *keptCache) error {
	return atomicfile.WriteFunc(path, func(w io.Writer) error {
		return b.Save(w, func(p string) string {
			k, _ := kc.keys.Load(p)
			s, _ := k.(string)
			return s
		})
	})
}

// WriteDOT writes the condensed graph for Graphviz, one rank per layer.
func (r *GraphResult) WriteDOT(w io.Writer) error {
	c := callgraph.Condense(r.Graph)
	return callgraph.WriteDOT(w, c, callgraph.Layers(c))
}

// graphListCap bounds how many SCCs and phases WriteText lists.
const graphListCap = 20

// WriteText writes the summary for people: the counts, the recursions
// and the phases (the first 20 of each), and with list the functions of
// every layer of every phase.
func (r *GraphResult) WriteText(w io.Writer, list bool) error {
	s := r.Summary
	rep := s.Report
	ew := &files.ErrWriter{W: w}
	p := ew.Printf
	p("functions: %d\n", rep.Functions)
	p("call edges: %d (%d ambiguous, %.1f%%; %d extra)\n", rep.Edges, rep.AmbiguousEdges, 100*rep.AmbiguousShare, rep.ExtraEdges)
	if !rep.IncludeAmbiguous && rep.AmbiguousEdges > 0 {
		p("  ambiguous edges are left out of SCCs and layers (--ambiguous to include them)\n")
	}
	if rep.ByNameEdges > 0 || rep.IndirectEdges > 0 {
		p("  %d resolved by name alone (one method of that name), %d through function pointers\n", rep.ByNameEdges, rep.IndirectEdges)
	}
	var reasons []string
	for _, k := range []string{"indirect", "library", "unknown", "too-many"} {
		if n := rep.UnresolvedBy[k]; n > 0 {
			reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
		}
	}
	p("unresolved calls: %d", rep.Unresolved)
	if len(reasons) > 0 {
		p(" (%s)", strings.Join(reasons, ", "))
	}
	p("\n")
	p("largest SCC: %d\n", rep.LargestSCC)
	p("SCCs larger than one: %d\n", len(s.Recursions))
	for i, c := range s.Recursions {
		if i == graphListCap {
			p("  ... and %d more\n", len(s.Recursions)-graphListCap)
			break
		}
		p("  %s\n", componentText(c, 8))
	}
	p("layers: %d\n", rep.Layers)
	p("phases: %d (by %s, %d of one function), %d cross-phase edges\n", s.LayerStats.Phases, s.PhaseBy, s.LayerStats.Single, s.CrossPhaseEdges)
	for i, ph := range s.Phases {
		if i == graphListCap && !list {
			p("  ... and %d more\n", len(s.Phases)-graphListCap)
			break
		}
		p("  phase %d: %s (%d functions, %d layers)\n", i+1, ph.Name, ph.Functions, len(ph.Layers))
		if list {
			for li, l := range ph.Layers {
				var comps []string
				for _, c := range l {
					comps = append(comps, componentText(c, 0))
				}
				p("    layer %d: %s\n", li+1, strings.Join(comps, " "))
			}
		}
	}
	st := s.LayerStats
	p("layers per phase: max %d, median %d, min %d\n", st.Max, st.Median, st.Min)
	return ew.Err
}

// componentText writes a component as its qualified names, braced when it
// has several; limit > 0 caps the names shown.
func componentText(c *callgraph.Component, limit int) string {
	if len(c.Nodes) == 1 {
		return c.Nodes[0].Name()
	}
	var names []string
	for i, n := range c.Nodes {
		if limit > 0 && i == limit {
			names = append(names, fmt.Sprintf("(+%d more)", len(c.Nodes)-limit))
			break
		}
		names = append(names, n.Name())
	}
	return "{" + strings.Join(names, " ") + "}"
}
