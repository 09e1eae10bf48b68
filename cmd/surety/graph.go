package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/filecache"
	"github.com/suretydev/surety/frontend/golang"
)

func init() {
	register(&command{
		name:  "graph",
		usage: "surety graph [--json|--dot] [--ambiguous] [--phases component|dir|module] [--edges FILE] [--from F,..] [--to F,..] [--max-candidates N] [--list] [--cache DIR|off] PATH...",
		short: "lay out the call graph of C, Rust, Dafny or Go code: SCCs, phases, and the layers of top-down work",
		run:   runGraph,
	})
}

// listCap bounds how many SCCs and phases the text output lists.
const listCap = 20

func runGraph(ctx context.Context, e *env, args []string) (code int) {
	fs := flag.NewFlagSet("graph", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print every function with its layer, and the layers as lists of components, as JSON")
	asDOT := fs.Bool("dot", false, "print the condensed graph for Graphviz, one rank per layer")
	ambiguous := fs.Bool("ambiguous", false, "let ambiguous edges (several candidate callees) take part in SCCs and layers")
	phases := fs.String("phases", "component", "cut phases by weakly connected `component`, by dir, or by module")
	edges := fs.String("edges", "", "read extra call edges from this JSON `file`")
	from := fs.String("from", "", "keep only what is reachable from these comma-separated functions")
	to := fs.String("to", "", "keep only what reaches these comma-separated functions")
	maxCands := fs.Int("max-candidates", 0, "give a call with more candidate callees than this no edges, listing it unresolved (too-many); 0: no bound")
	list := fs.Bool("list", false, "list the functions of every layer of every phase")
	goCalls := fs.String("go-calls", "vta", "resolve Go calls with `vta` (precise) or cha (cheaper, coarser)")
	cacheDir := fs.String("cache", "", "keep parsed files in this `dir`, keyed by content, so that an unchanged rerun skips parsing (default: the user cache directory; \"off\" to disable)")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "usage: surety graph [flags] PATH...")
		return 2
	}
	if err := notNegative("max-candidates", *maxCands, "0: no bound"); err != nil {
		return fail(e, "graph", err)
	}
	if *asJSON && *asDOT {
		return fail(e, "graph", fmt.Errorf("--json and --dot exclude each other"))
	}
	by, err := callgraph.ParsePhaseBy(*phases)
	if err != nil {
		return fail(e, "graph", err)
	}
	opts := &callgraph.BuildOptions{IncludeAmbiguous: *ambiguous, MaxCandidates: *maxCands}
	if *edges != "" {
		// A regular file only: a FIFO named by mistake is an error, not
		// a hang.
		data, err := frontend.ReadFile(ctx, *edges)
		if err != nil {
			return fail(e, "graph", fmt.Errorf("--edges %w", pathError(*edges, err)))
		}
		opts.Extra, err = callgraph.LoadEdges(bytes.NewReader(data), *edges)
		if err != nil {
			return fail(e, "graph", err)
		}
	}

	lopts := &frontend.LoadOptions{Mode: frontend.NeedCalls}
	switch *goCalls {
	case "vta":
	case "cha":
		lopts.Languages = withLanguage(golang.New(golang.CHA))
	default:
		return fail(e, "graph", fmt.Errorf("--go-calls %q: want vta or cha", *goCalls))
	}
	c := openFileCache(e, *cacheDir)
	if c != nil {
		lopts.Cache = c
	}
	// An unchanged tree gives again the output kept for it: nothing is
	// parsed or resolved.
	if key := graphResultKey(ctx, c, lopts, fs.Args(), args, opts.Extra); key != "" {
		if replayResult(e, c, key) {
			return 0
		}
		var store func()
		e, store = recordResult(e, c, key)
		defer func() {
			if code == 0 {
				store()
			}
		}()
	}
	prog, ferrs, err := frontend.Load(ctx, fs.Args(), lopts)
	if err != nil {
		return fail(e, "graph", err)
	}
	// A path named on the command line that gives nothing is an error; a
	// bad file found inside a directory is skipped with a warning.
	for _, fe := range ferrs {
		if slices.Contains(fs.Args(), fe.Path) {
			return fail(e, "graph", pathError(fe.Path, fe.Err))
		}
	}
	for i, fe := range ferrs {
		if i == listCap {
			fmt.Fprintf(e.stderr, "surety graph: and %d more files skipped\n", len(ferrs)-listCap)
			break
		}
		fmt.Fprintf(e.stderr, "surety graph: skipped %v\n", fe)
	}
	if len(prog.Files) == 0 {
		return fail(e, "graph", fmt.Errorf("no C or Rust files in %s", strings.Join(fs.Args(), " ")))
	}

	g := callgraph.Build(prog, opts)
	for _, x := range g.UnmatchedExtra {
		fmt.Fprintf(e.stderr, "surety graph: %s: extra edge %s -> %s names no single function\n", x.Source, x.Caller, x.Callee)
	}
	if *from != "" || *to != "" {
		g, err = callgraph.Slice(g, splitList(*from), splitList(*to))
		if err != nil {
			return fail(e, "graph", err)
		}
	}
	switch {
	case *asDOT:
		c := callgraph.Condense(g)
		err = callgraph.WriteDOT(e.stdout, c, callgraph.Layers(c))
	case *asJSON:
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(callgraph.Summarize(g, &callgraph.PhaseOptions{By: by}))
	default:
		err = writeGraphText(e.stdout, callgraph.Summarize(g, &callgraph.PhaseOptions{By: by}), *list)
	}
	if err != nil {
		return fail(e, "graph", err)
	}
	return 0
}

// openFileCache opens the parse cache in dir ("" for the default, "off"
// for none), salted with the hash of this executable so that a new build
// never reads an old build's extraction. A cache that cannot be opened is
// a warning, not an error: the run goes on without it.
func openFileCache(e *env, dir string) *filecache.Cache {
	if dir == "off" {
		return nil
	}
	if dir == "" {
		base := e.getenv("XDG_CACHE_HOME")
		if base == "" {
			home := e.getenv("HOME")
			if home == "" {
				return nil
			}
			base = filepath.Join(home, ".cache")
		}
		dir = filepath.Join(base, "surety", "files")
	}
	salt, err := executableHash()
	if err != nil {
		fmt.Fprintf(e.stderr, "surety graph: no parse cache: %v\n", err)
		return nil
	}
	c, err := filecache.Open(dir, &filecache.Options{Salt: salt})
	if err != nil {
		fmt.Fprintf(e.stderr, "surety graph: no parse cache: %v\n", err)
		return nil
	}
	return c
}

// executableHash returns the SHA-256 of the running binary.
func executableHash() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func splitList(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// writeGraphText prints a summary for people.
func writeGraphText(w io.Writer, s *callgraph.Summary, list bool) error {
	r := s.Report
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("functions: %d\n", r.Functions)
	p("call edges: %d (%d ambiguous, %.1f%%; %d extra)\n", r.Edges, r.AmbiguousEdges, 100*r.AmbiguousShare, r.ExtraEdges)
	if !r.IncludeAmbiguous && r.AmbiguousEdges > 0 {
		p("  ambiguous edges are left out of SCCs and layers (--ambiguous to include them)\n")
	}
	if r.ByNameEdges > 0 || r.IndirectEdges > 0 {
		p("  %d resolved by name alone (one method of that name), %d through function pointers\n", r.ByNameEdges, r.IndirectEdges)
	}
	var reasons []string
	for _, k := range []string{"indirect", "library", "unknown", "too-many"} {
		if n := r.UnresolvedBy[k]; n > 0 {
			reasons = append(reasons, fmt.Sprintf("%s %d", k, n))
		}
	}
	p("unresolved calls: %d", r.Unresolved)
	if len(reasons) > 0 {
		p(" (%s)", strings.Join(reasons, ", "))
	}
	p("\n")
	p("largest SCC: %d\n", r.LargestSCC)
	p("SCCs larger than one: %d\n", len(s.Recursions))
	for i, c := range s.Recursions {
		if i == listCap {
			p("  ... and %d more\n", len(s.Recursions)-listCap)
			break
		}
		p("  %s\n", componentText(c, 8))
	}
	p("layers: %d\n", r.Layers)
	p("phases: %d (by %s, %d of one function), %d cross-phase edges\n", s.LayerStats.Phases, s.PhaseBy, s.LayerStats.Single, s.CrossPhaseEdges)
	for i, ph := range s.Phases {
		if i == listCap && !list {
			p("  ... and %d more\n", len(s.Phases)-listCap)
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
	return nil
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

// withLanguage returns every registered frontend, with l in place of the
// one of the same name.
func withLanguage(l *frontend.Language) []*frontend.Language {
	var out []*frontend.Language
	for _, name := range frontend.Names() {
		if name == l.Name {
			out = append(out, l)
			continue
		}
		if x, err := frontend.Lookup(name); err == nil {
			out = append(out, x)
		}
	}
	return out
}
