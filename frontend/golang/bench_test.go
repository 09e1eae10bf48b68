package golang

import (
	"context"
	"go/build"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
)

// BenchmarkStdlib loads the Go standard library and commands (GOROOT/src,
// std and cmd, without tests, testdata and vendored code) and resolves
// their calls, with VTA and with CHA. It reports files, lines, functions
// and resolved call edges.
func BenchmarkStdlib(b *testing.B) {
	root := filepath.Join(build.Default.GOROOT, "src")
	skip := func(path string, isDir bool) bool {
		base := filepath.Base(path)
		if isDir {
			return base == "testdata" || base == "vendor"
		}
		return strings.HasSuffix(base, "_test.go")
	}
	for _, algo := range []Algorithm{VTA, CHA} {
		b.Run(string(algo), func(b *testing.B) {
			lang := New(algo)
			for b.Loop() {
				prog, _, err := frontend.Load(context.Background(), []string{root},
					&frontend.LoadOptions{Languages: []*frontend.Language{lang}, Mode: frontend.NeedCalls, Skip: skip})
				if err != nil {
					b.Fatal(err)
				}
				var fns, edges, lines int
				for _, f := range prog.Files {
					lines += f.Lines
					for _, fn := range f.Functions {
						fns++
						for _, c := range fn.Calls {
							edges += len(c.Targets)
						}
					}
				}
				b.ReportMetric(float64(len(prog.Files)), "files")
				b.ReportMetric(float64(lines), "lines")
				b.ReportMetric(float64(fns), "functions")
				b.ReportMetric(float64(edges), "edges")
			}
		})
	}
}
