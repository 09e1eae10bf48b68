package cospec

import (
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/llm/llmtest"
)

// BenchmarkOnlyAssertionsAdded measures the annotation check (parse P0 and
// P+, compare their assertion-free token streams) on the bubblesort
// programs of the surety synth test (76 and 57 lines).
func BenchmarkOnlyAssertionsAdded(b *testing.B) {
	script, err := llmtest.Load("../cmd/surety/testdata/synth/model/bubblesort.txtar")
	if err != nil {
		b.Fatal(err)
	}
	srcs := map[string][]byte{}
	for _, st := range script.Steps {
		if st.Name == "fix" || st.Name == "annotate" {
			src, err := extractC(st.Reply)
			if err != nil {
				b.Fatal(err)
			}
			srcs[st.Name] = []byte(src)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		p0, err := bmc.ParseProgram("p0.c", srcs["fix"])
		if err != nil {
			b.Fatal(err)
		}
		plus, err := bmc.ParseProgram("plus.c", srcs["annotate"])
		if err != nil {
			b.Fatal(err)
		}
		if err := onlyAssertionsAdded(p0, plus); err != nil {
			b.Fatal(err)
		}
	}
}
