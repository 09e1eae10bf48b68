package fmagent_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/fmagent"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/llm/llmtest"
)

// chainProgram writes modules*per C functions, one file per module: f_i
// calls f_{i+1} and f_{i+2} of its module. It returns the directory and a
// script that answers every contract and Hoare request for them.
func chainProgram(b *testing.B, modules, per int) (string, *llmtest.Script) {
	dir := b.TempDir()
	s := &llmtest.Script{}
	for m := range modules {
		var src strings.Builder
		for i := range per {
			name := fmt.Sprintf("m%d_f%d", m, i)
			fmt.Fprintf(&src, "int %s(int x) {\n", name)
			var callees []string
			for _, j := range []int{i + 1, i + 2} {
				if j < per {
					fmt.Fprintf(&src, "    x = m%d_f%d(x) + 1;\n", m, j)
					callees = append(callees, fmt.Sprintf(`{"callee": "m%d_f%d", "pre": [{"text": "x is any int"}], "post": [{"text": "the result is at least x"}]}`, m, j))
				}
			}
			src.WriteString("    return x;\n}\n\n")
			s.Steps = append(s.Steps, llmtest.Step{Name: name, Match: `name: ` + name + `\s`, Repeat: -1,
				Reply: fmt.Sprintf(`{"functions": [{"id": "%s", "requires": [], "ensures": [{"text": "the result is at least x"}], "callees": [%s]}]}`,
					name, strings.Join(callees, ","))})
		}
		os.MkdirAll(filepath.Join(dir, fmt.Sprintf("mod%d", m)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("mod%d", m), "code.c"), []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	s.Steps = append(s.Steps,
		llmtest.Step{Name: "block", Match: "task: block", Repeat: -1, Reply: `{"post": "x is at least its initial value"}`},
		llmtest.Step{Name: "implies", Match: "task: implies", Repeat: -1, Reply: `{"holds": true, "explanation": "the result is at least x"}`})
	return dir, s
}

// BenchmarkUpdate compares a full review of a 320-function program with an
// update after one function's body changed: requests to the model and
// time, with a scripted model answering over HTTP.
func BenchmarkUpdate(b *testing.B) {
	dir, script := chainProgram(b, 8, 40)
	srv, err := llmtest.Start(script)
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	code := filepath.Join(dir, "mod3", "code.c")
	original, _ := os.ReadFile(code)

	b.Run("full", func(b *testing.B) {
		var reqs int
		for i := 0; i < b.N; i++ {
			state := b.TempDir()
			before := len(srv.Requests())
			if _, err := fmagent.Review(context.Background(), []string{dir}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(state)}); err != nil {
				b.Fatal(err)
			}
			reqs = len(srv.Requests()) - before
		}
		b.ReportMetric(float64(reqs), "requests")
	})
	b.Run("update", func(b *testing.B) {
		var reqs, redone int
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			os.WriteFile(code, original, 0o644)
			state := b.TempDir()
			if _, err := fmagent.Review(context.Background(), []string{dir}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(state)}); err != nil {
				b.Fatal(err)
			}
			os.WriteFile(code, []byte(strings.Replace(string(original), "int m3_f20(int x) {\n", "int m3_f20(int x) {\n    x = x * 1;\n", 1)), 0o644)
			before := len(srv.Requests())
			b.StartTimer()
			res, err := fmagent.Update(context.Background(), []string{dir}, &fmagent.UpdateOptions{Model: srv.Model(nil), State: fmagent.State(state)})
			if err != nil {
				b.Fatal(err)
			}
			reqs = len(srv.Requests()) - before
			redone = len(res.Reports)
		}
		os.WriteFile(code, original, 0o644)
		b.ReportMetric(float64(reqs), "requests")
		b.ReportMetric(float64(redone), "reasoned")
	})
}
