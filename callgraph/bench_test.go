package callgraph_test

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"
	tsrust "github.com/smacker/go-tree-sitter/rust"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// graphAll is the work after loading: build, SCCs, layers, phases.
func graphAll(prog *frontend.Program) (*callgraph.Graph, *callgraph.Report) {
	return layOut(callgraph.Build(prog, nil))
}

// layOut is the work after building: SCCs, layers, phases.
func layOut(g *callgraph.Graph) (*callgraph.Graph, *callgraph.Report) {
	c := callgraph.Condense(g)
	callgraph.Layers(c)
	callgraph.Phases(g, nil)
	return g, callgraph.MakeReport(g, c)
}

// BenchmarkBuildLayer runs the whole pipeline over the tree named by
// SURETY_BENCH_TREE (C and Rust files under it): "parseonly" is the floor,
// tree-sitter parsing every file on GOMAXPROCS workers with nothing
// extracted; "load" is frontend.Load with NeedCalls; "graph" builds,
// condenses, layers and phases the loaded program; "pipeline" is what
// surety graph does: load with each file given to a Builder as it is
// parsed (LoadOptions.Keep), then build, condense, layer and phase. Run it once per sub-benchmark:
//
//	SURETY_BENCH_TREE=/tmp/linux-source-6.1 go test -run '^$' -bench BuildLayer -benchtime 1x ./callgraph
func BenchmarkBuildLayer(b *testing.B) {
	root := os.Getenv("SURETY_BENCH_TREE")
	if root == "" {
		b.Skip("set SURETY_BENCH_TREE to a C or Rust source tree")
	}
	var (
		paths []string
		size  int64
	)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir
		}
		if ext := filepath.Ext(p); !d.IsDir() && d.Type().IsRegular() && (ext == ".c" || ext == ".h" || ext == ".rs") {
			info, err := d.Info()
			if err != nil {
				return err
			}
			paths = append(paths, p)
			size += info.Size()
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	load := func(b *testing.B) *frontend.Program {
		prog, _, err := frontend.Load(context.Background(), []string{root}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
		if err != nil {
			b.Fatal(err)
		}
		return prog
	}
	report := func(b *testing.B, g *callgraph.Graph, r *callgraph.Report) {
		b.ReportMetric(float64(r.Functions), "funcs")
		b.ReportMetric(float64(r.Edges), "edges")
		b.ReportMetric(float64(r.LargestSCC), "largest-scc")
		b.ReportMetric(100*r.AmbiguousShare, "ambiguous-%")
		b.ReportMetric(float64(r.Layers), "layers")
	}
	b.Run("parseonly", func(b *testing.B) {
		b.SetBytes(size)
		start := cpuTime()
		for b.Loop() {
			parseOnly(paths)
		}
		reportCPU(b, start)
		b.ReportMetric(float64(len(paths)), "files")
	})
	var prog *frontend.Program
	b.Run("load", func(b *testing.B) {
		b.SetBytes(size)
		start := cpuTime()
		for b.Loop() {
			prog = load(b)
		}
		reportCPU(b, start)
		b.ReportMetric(float64(len(prog.Files)), "files")
		b.ReportMetric(float64(len(prog.Functions())), "decls")
	})
	b.Run("graph", func(b *testing.B) {
		var (
			g *callgraph.Graph
			r *callgraph.Report
		)
		start := cpuTime()
		for b.Loop() {
			g, r = graphAll(prog)
		}
		reportCPU(b, start)
		report(b, g, r)
	})
	prog = nil
	runtime.GC()
	b.Run("pipeline", func(b *testing.B) {
		b.SetBytes(size)
		var (
			g *callgraph.Graph
			r *callgraph.Report
		)
		start := cpuTime()
		var loadCPU, graphCPU time.Duration
		for b.Loop() {
			t0 := cpuTime()
			bld := callgraph.NewBuilder(nil)
			_, _, err := frontend.Load(context.Background(), []string{root}, &frontend.LoadOptions{Mode: frontend.NeedCalls,
				Keep: func(f *frontend.File) *frontend.File { bld.Add(f); return nil }})
			if err != nil {
				b.Fatal(err)
			}
			t1 := cpuTime()
			g, r = layOut(bld.Graph())
			loadCPU += t1 - t0
			graphCPU += cpuTime() - t1
		}
		reportCPU(b, start)
		b.ReportMetric(loadCPU.Seconds()/float64(b.N), "load-cpu-s/op")
		b.ReportMetric(graphCPU.Seconds()/float64(b.N), "graph-cpu-s/op")
		report(b, g, r)
	})
}

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU seconds per operation since start: on a
// machine shared with other work, a steadier figure than wall time.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}

// parseOnly parses every file with tree-sitter and closes the tree.
func parseOnly(paths []string) {
	next := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			pc, pr := sitter.NewParser(), sitter.NewParser()
			defer pc.Close()
			defer pr.Close()
			pc.SetLanguage(tsc.GetLanguage())
			pr.SetLanguage(tsrust.GetLanguage())
			for path := range next {
				src, err := os.ReadFile(path)
				if err != nil {
					continue
				}
				p := pc
				if strings.HasSuffix(path, ".rs") {
					p = pr
				}
				if tree, err := p.ParseCtx(context.Background(), nil, src); err == nil {
					tree.Close()
				}
			}
		})
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
}

// syntheticProgram makes a C-like program of n functions in n/50 files,
// each making calls calls: most to functions nearby (so that the graph has
// structure), some anywhere, some to a static helper of its own file, and
// some to undefined names.
func syntheticProgram(n, calls int) *frontend.Program {
	r := rand.New(rand.NewPCG(1, 1))
	prog := &frontend.Program{}
	const perFile = 50
	for f := 0; f*perFile < n; f++ {
		path := fmt.Sprintf("dir%03d/f%05d.c", f%100, f)
		file := &frontend.File{Path: path, Language: "c"}
		helper := &frontend.Function{Name: "helper", Definition: true, Span: frontend.Span{File: path, StartLine: 1}}
		file.Functions = append(file.Functions, helper)
		for k := 0; k < perFile && f*perFile+k < n; k++ {
			i := f*perFile + k
			fn := &frontend.Function{Name: fmt.Sprintf("fn%07d", i), Definition: true, Exported: true,
				Span: frontend.Span{File: path, StartLine: 10 + 20*k}}
			for j := range calls {
				var name string
				switch x := r.IntN(10); {
				case x < 6:
					name = fmt.Sprintf("fn%07d", min(n-1, i+1+r.IntN(200)))
				case x < 7:
					name = fmt.Sprintf("fn%07d", r.IntN(n))
				case x < 9:
					name = "helper"
				default:
					name = fmt.Sprintf("lib%d", r.IntN(1000))
				}
				fn.Calls = append(fn.Calls, &frontend.Call{Callee: name, Name: name, Kind: frontend.CallDirect,
					Span: frontend.Span{File: path, StartLine: fn.Span.StartLine + 1 + j}})
			}
			file.Functions = append(file.Functions, fn)
		}
		prog.Files = append(prog.Files, file)
	}
	return prog
}

// BenchmarkSyntheticBuildLayer builds, condenses, layers and phases a
// synthetic program of 100,000 functions and 500,000 calls: the cost of
// the call graph itself, without parsing.
func BenchmarkSyntheticBuildLayer(b *testing.B) {
	prog := syntheticProgram(100_000, 5)
	var r *callgraph.Report
	start := cpuTime()
	for b.Loop() {
		_, r = graphAll(prog)
	}
	reportCPU(b, start)
	b.ReportMetric(float64(r.Edges), "edges")
	b.ReportMetric(float64(r.LargestSCC), "largest-scc")
}
