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
	"strings"

	"github.com/suretydev/surety"
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
	cacheDir := fs.String("cache", "", "keep parsed files in this `dir`, keyed by content, so that a rerun parses only the files changed (default: the user cache directory; \"off\" to disable)")
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
	opts := &surety.GraphOptions{Build: &callgraph.BuildOptions{IncludeAmbiguous: *ambiguous, MaxCandidates: *maxCands},
		From: splitList(*from), To: splitList(*to), Phases: by, Progress: progressPrinter(e, "graph")}
	if *edges != "" {
		// A regular file only: a FIFO named by mistake is an error, not
		// a hang.
		data, err := frontend.ReadFile(ctx, *edges)
		if err != nil {
			return fail(e, "graph", fmt.Errorf("--edges %w", surety.PathError(*edges, err)))
		}
		if opts.Build.Extra, err = callgraph.LoadEdges(bytes.NewReader(data), *edges); err != nil {
			return fail(e, "graph", err)
		}
	}
	switch *goCalls {
	case "vta":
	case "cha":
		opts.Languages = withLanguage(golang.New(golang.CHA))
	default:
		return fail(e, "graph", fmt.Errorf("--go-calls %q: want vta or cha", *goCalls))
	}
	c := openFileCache(e, *cacheDir)
	if c != nil {
		opts.Cache = c
		// The compact model of every file, for a rerun after an edit to
		// parse only what changed.
		opts.ModelFile = c.ResultFile("graph-model\x00" + *goCalls + "\x00" + strings.Join(fs.Args(), "\x00"))
	}
	// An unchanged tree gives again the output kept for it: nothing is
	// parsed or resolved.
	lopts := &frontend.LoadOptions{Mode: frontend.NeedCalls, Languages: opts.Languages, Cache: opts.Cache}
	if key := graphResultKey(ctx, c, lopts, fs.Args(), args, opts.Build.Extra); key != "" {
		if replayResult(e, c, key) {
			return 0
		}
		var store func()
		e, store = recordResult(e, c, key)
		opts.Progress = progressPrinter(e, "graph")
		defer func() {
			if code == 0 {
				store()
			}
		}()
	}
	res, err := surety.Graph(ctx, fs.Args(), opts)
	if err != nil {
		return fail(e, "graph", err)
	}
	switch {
	case *asDOT:
		err = res.WriteDOT(e.stdout)
	case *asJSON:
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(res.Summary)
	default:
		err = res.WriteText(e.stdout, *list)
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
		if dir = userCacheDir(e, "files"); dir == "" {
			return nil
		}
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
