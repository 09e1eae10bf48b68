package contract_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/llm"
)

// synthetic writes a C program of modules*perModule functions, one
// directory per module, each function calling the next two of its module
// and every tenth one a function of the next module; and one knowledge
// document per module group, with a section per module.
func synthetic(tb testing.TB, modules, perModule int) (string, []contract.Document) {
	dir := tb.TempDir()
	for m := range modules {
		var b strings.Builder
		for i := range perModule {
			fmt.Fprintf(&b, "int m%d_f%d(int x) {\n", m, i)
			for _, j := range []int{i + 1, i + 2} {
				if j < perModule {
					fmt.Fprintf(&b, "    x = m%d_f%d(x) + 1;\n", m, j)
				}
			}
			if i%10 == 0 && m+1 < modules {
				fmt.Fprintf(&b, "    x += m%d_f%d(x);\n", m+1, i)
			}
			fmt.Fprintf(&b, "    return x;\n}\n\n")
		}
		p := filepath.Join(dir, fmt.Sprintf("mod%d", m), "code.c")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	var docs []contract.Document
	for d := range 4 {
		var b strings.Builder
		for m := d; m < modules; m += 4 {
			fmt.Fprintf(&b, "# mod%d\n", m)
			for k := range 12 {
				fmt.Fprintf(&b, "Module %d rule %d: every value it returns is at least the value it was given, and the counters it keeps never decrease. ", m, k)
			}
			b.WriteString("\n\n")
		}
		docs = append(docs, contract.Document{Name: fmt.Sprintf("spec%d.md", d), Text: b.String()})
	}
	return dir, docs
}

// BenchmarkPromptEconomy reports the prompt tokens per function that
// contract generation would send for a program of 8 modules of 40
// functions with 4 knowledge documents, with the knowledge cut by part
// (the cut itself as a model would give it: each module's section to that
// module) and with every document in every prompt. It asks nothing: an
// llm.Estimator counts the requests.
func BenchmarkPromptEconomy(b *testing.B) {
	dir, docs := synthetic(b, 8, 40)
	prog, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil {
		b.Fatal(err)
	}
	g := callgraph.Build(prog, nil)
	split := callgraph.Phases(g, &callgraph.PhaseOptions{By: callgraph.ByDirectory})
	partOf := func(n *callgraph.Node) string { return filepath.Base(split.Phases[split.Of[n.Index]].Name) }
	cut := &contract.Knowledge{Sections: contract.Sections(docs), ByPart: map[string][]int{}}
	for _, s := range cut.Sections {
		cut.ByPart[s.Title] = append(cut.ByPart[s.Title], s.Index)
	}
	for _, tc := range []struct {
		name string
		k    *contract.Knowledge
	}{{"cut", cut}, {"uncut", contract.Uncut(docs)}} {
		b.Run(tc.name, func(b *testing.B) {
			var perFn float64
			for b.Loop() {
				est := llm.NewEstimator(nil)
				_, err := contract.Generate(context.Background(), g, &contract.Options{
					Model: est, Knowledge: tc.k, PartOf: partOf, Workers: 2,
					ReadFile: os.ReadFile,
				})
				if err != nil {
					b.Fatal(err)
				}
				rep := est.Report()
				perFn = float64(rep.Total.PromptTokens) / float64(len(g.Nodes))
			}
			b.ReportMetric(float64(len(g.Nodes)), "functions")
			b.ReportMetric(perFn, "prompt-tokens/fn")
		})
	}
}
