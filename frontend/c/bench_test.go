package c_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// BenchmarkParseTestdata parses the test cases in memory, one file after
// another: the cost of parse and extraction on small files.
func BenchmarkParseTestdata(b *testing.B) {
	seeds, err := frontendtest.Seeds(frontendtest.TestData(), c.C)
	if err != nil {
		b.Fatal(err)
	}
	size := 0
	for _, s := range seeds {
		size += len(s)
	}
	for _, mode := range []struct {
		name string
		mode frontend.Mode
	}{{"calls", frontend.NeedCalls}, {"all", frontend.NeedAll}} {
		b.Run(mode.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range seeds {
					if _, err := c.Parse(context.Background(), &frontend.Source{Path: "x.c", Content: s}, mode.mode); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkParseTree loads every .c and .h file under the directory named
// by SURETY_BENCH_C_TREE (a Linux or GCC source tree, say) with
// frontend.Load on GOMAXPROCS workers, and reports MB/s, files and
// functions. "parseonly" is the floor: tree-sitter parsing the same files
// on as many workers, with nothing extracted. Run it with -benchtime=1x:
//
//	SURETY_BENCH_C_TREE=/tmp/linux-source-6.1 go test -run XXX -bench ParseTree -benchtime=1x ./frontend/c/
func BenchmarkParseTree(b *testing.B) {
	root := os.Getenv("SURETY_BENCH_C_TREE")
	if root == "" {
		b.Skip("set SURETY_BENCH_C_TREE to a C source tree")
	}
	var (
		paths []string
		size  int64
	)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(p); !d.IsDir() && d.Type().IsRegular() && (ext == ".c" || ext == ".h") {
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
	for _, mode := range []struct {
		name string
		mode frontend.Mode
	}{{"calls", frontend.NeedCalls}, {"all", frontend.NeedCalls | frontend.NeedBodies | frontend.NeedSpecs}} {
		b.Run(mode.name, func(b *testing.B) {
			b.SetBytes(size)
			var funcs, files, bad int
			for b.Loop() {
				prog, ferrs, err := frontend.Load(context.Background(), []string{root},
					&frontend.LoadOptions{Mode: mode.mode, Languages: []*frontend.Language{c.C}})
				if err != nil {
					b.Fatal(err)
				}
				files, funcs, bad = len(prog.Files), len(prog.Functions()), len(ferrs)
			}
			b.ReportMetric(float64(files), "files")
			b.ReportMetric(float64(funcs), "funcs")
			b.ReportMetric(float64(bad), "unreadable")
		})
	}
	b.Run("parseonly", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			next := make(chan string)
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					p := sitter.NewParser()
					defer p.Close()
					p.SetLanguage(tsc.GetLanguage())
					for path := range next {
						src, err := os.ReadFile(path)
						if err != nil {
							continue
						}
						tree, err := p.ParseCtx(context.Background(), nil, src)
						if err == nil {
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
	})
}
