package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend/golang"
)

func runGraph(ctx context.Context, e *env, args []string) int {
	fs := newFlags("graph")
	opts := &fmagent.GraphOptions{Build: &callgraph.BuildOptions{}, Progress: progressPrinter(e, "graph")}
	asJSON := fs.Bool("json", false, "print every function with its layer, and the layers as lists of components, as JSON")
	asDOT := fs.Bool("dot", false, "print the condensed graph for Graphviz, one rank per layer")
	fs.check(func() error { return check(!*asJSON || !*asDOT, "json", "and --dot", "exclude each other") })
	fs.BoolVar(&opts.Build.IncludeAmbiguous, "ambiguous", false, "let ambiguous edges (several candidate callees) take part in SCCs and layers")
	phases := fs.String("phases", "component", "cut phases by weakly connected `component`, by dir, or by module")
	fs.check(func() (err error) { opts.Phases, err = callgraph.ParsePhaseBy(*phases); return err })
	edges := fs.String("edges", "", "read extra call edges from this JSON `file`")
	fs.listVar(&opts.From, "from", "keep only what is reachable from these comma-separated functions")
	fs.listVar(&opts.To, "to", "keep only what reaches these comma-separated functions")
	fs.intVar(&opts.Build.MaxCandidates, "max-candidates", 0, 0, "give a call with more candidate callees than this no edges, listing it unresolved (too-many); 0: no bound")
	list := fs.Bool("list", false, "list the functions of every layer of every phase")
	goCalls := new(string)
	fs.choiceVar(goCalls, "go-calls", "vta", "resolve Go calls with `vta` (precise) or cha (cheaper, coarser)", "vta", "cha")
	cacheDir := fs.String("cache", "", "keep parsed files in this `dir`, keyed by content, so that a rerun parses only the files changed (default: the user cache directory; \"off\" to disable)")
	if code, ok := parseArgs(e, fs, args, someArgs); !ok {
		return code
	}
	var err error
	if *edges != "" {
		if opts.Build.Extra, err = fmagent.ReadEdges(ctx, *edges); err != nil && !errors.Is(err, callgraph.ErrEdgeFormat) {
			err = fmt.Errorf("--edges %w", err)
		}
		if err != nil {
			return fail(e, "graph", err)
		}
	}
	if *goCalls == "cha" {
		opts.Languages = fmagent.Languages(golang.New(golang.CHA))
	}
	if c, err := fmagent.OpenFileCache(*cacheDir, e.getenv); err != nil {
		fmt.Fprintf(e.stderr, "surety graph: no parse cache: %v\n", err)
	} else if c != nil {
		opts.Cache = c
	}
	format := fmagent.GraphText
	switch {
	case *asJSON:
		format = fmagent.GraphJSON
	case *asDOT:
		format = fmagent.GraphDOT
	case *list:
		format = fmagent.GraphList
	}
	fmagent.LimitGraphMemory(e.getenv("GOMEMLIMIT") != "")
	if err := fmagent.WriteGraph(ctx, e.stdout, fs.Args(), format, opts); err != nil {
		return fail(e, "graph", err)
	}
	return 0
}
