package rust_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	tsrust "github.com/smacker/go-tree-sitter/rust"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/internal/tsutil"
)

// readTree reads every .rs file under dir.
func readTree(b *testing.B, dir string) []*frontend.Source {
	b.Helper()
	var srcs []*frontend.Source
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".rs" {
			return err
		}
		c, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if frontend.CheckText(c) == nil {
			srcs = append(srcs, &frontend.Source{Path: filepath.ToSlash(p), Content: c})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return srcs
}

// parseAll parses srcs on GOMAXPROCS workers and returns the number of
// functions and calls found.
func parseAll(b *testing.B, srcs []*frontend.Source, mode frontend.Mode) (fns, calls int64) {
	var (
		wg   sync.WaitGroup
		next atomic.Int64
		nf   atomic.Int64
		nc   atomic.Int64
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(srcs) {
					return
				}
				f, err := rust.Parse(context.Background(), srcs[i], mode)
				if err != nil {
					b.Error(err)
					return
				}
				nf.Add(int64(len(f.Functions)))
				for _, fn := range f.Functions {
					nc.Add(int64(len(fn.Calls)))
				}
			}
		})
	}
	wg.Wait()
	return nf.Load(), nc.Load()
}

func benchSources(b *testing.B, srcs []*frontend.Source, mode frontend.Mode) {
	var size int64
	for _, s := range srcs {
		size += int64(len(s.Content))
	}
	b.SetBytes(size)
	b.ResetTimer()
	var fns, calls int64
	for b.Loop() {
		fns, calls = parseAll(b, srcs, mode)
	}
	b.ReportMetric(float64(len(srcs)), "files")
	b.ReportMetric(float64(fns), "funcs")
	b.ReportMetric(float64(calls), "calls")
}

// BenchmarkParseTree parses every .rs file under the directory named by
// SURETY_BENCH_RUST_TREE (the Rust standard library sources, say) with
// the call graph's mode (calls only) and with everything.
func BenchmarkParseTree(b *testing.B) {
	dir := os.Getenv("SURETY_BENCH_RUST_TREE")
	if dir == "" {
		b.Skip("set SURETY_BENCH_RUST_TREE to a directory of Rust sources")
	}
	srcs := readTree(b, dir)
	b.Run("parse-only", func(b *testing.B) { benchParseOnly(b, srcs) })
	b.Run("calls", func(b *testing.B) { benchSources(b, srcs, frontend.NeedCalls) })
	b.Run("all", func(b *testing.B) { benchSources(b, srcs, frontend.NeedAll) })
}

// benchParseOnly parses srcs with tree-sitter and extracts nothing: the
// floor that the extraction's cost is measured against.
func benchParseOnly(b *testing.B, srcs []*frontend.Source) {
	var size int64
	for _, s := range srcs {
		size += int64(len(s.Content))
	}
	b.SetBytes(size)
	lang := tsrust.GetLanguage()
	for b.Loop() {
		var wg sync.WaitGroup
		var next atomic.Int64
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= len(srcs) {
						return
					}
					err := tsutil.Parse(context.Background(), lang, srcs[i].Content, func(*sitter.Node) error { return nil })
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
	}
}

// BenchmarkParseTestdata parses the test cases, everything asked for.
func BenchmarkParseTestdata(b *testing.B) {
	benchSources(b, readTree(b, "testdata"), frontend.NeedAll)
}
