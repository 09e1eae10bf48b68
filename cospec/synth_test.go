package cospec

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

func needGCC(t *testing.T) {
	t.Helper()
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func code(src string) string { return "```c\n" + src + "```" }

const props = `{"properties": ["The result is between 0 and MAX.", "A value already in range is returned unchanged."]}`

// An unused checker: these runs stop before verification.
var noCheck bmc.Checker = esbmc.New(nil)

func TestSynthesizeNoCompile(t *testing.T) {
	needGCC(t)
	srv := llmtest.New(t, llmtest.Steps(props,
		code("int main(void) { return undeclared; }\n"),
		code("int main(void) { return still_undeclared; }\n"),
	))
	var stages []string
	res, err := Synthesize(context.Background(), "Return zero.", &Options{
		Model: srv.Model(nil), Checker: noCheck, MaxCompileTries: 2,
		Progress: func(ev progress.Event) { stages = append(stages, ev.Stage) },
	})
	if !errors.Is(err, ErrNoCompile) {
		t.Fatalf("got %v, want ErrNoCompile", err)
	}
	if got := strings.Join(stages, " "); got != "properties synthesize" {
		t.Errorf("stages started: %s", got)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || !strings.Contains(reqs[2].LastUser(), "program.c:1:") || !strings.Contains(reqs[2].LastUser(), "undeclared (first use in this function)") {
		t.Fatalf("the compiler's error was not sent back: %d requests; last: %q", len(reqs), reqs[len(reqs)-1].LastUser())
	}
	st := res.Stages[1]
	if st.Name != "synthesize" || len(st.Problems) != 2 || st.Usage.Requests != 2 || res.Synthesized != "" {
		t.Fatalf("stage record: %+v", st)
	}
	if len(res.Properties) != 2 {
		t.Fatalf("properties: %v", res.Properties)
	}
}

func TestSynthesizeAnnotationChangesCode(t *testing.T) {
	needGCC(t)
	p0 := readFile(t, "testdata/clamp_p0.c")
	plus := readFile(t, "testdata/clamp_plus.c")
	changed := strings.Replace(plus, "if (r < 0) {", "if (r <= 0) {", 1)
	srv := llmtest.New(t, llmtest.Steps(props, code(p0), code(changed), code(changed)))
	_, err := Synthesize(context.Background(), "Clamp.", &Options{Model: srv.Model(nil), Checker: noCheck, MaxCompileTries: 2})
	if !errors.Is(err, ErrCodeChanged) || !strings.Contains(err.Error(), `line 9: code was changed: "<= 0 ) {`) {
		t.Fatalf("got %v, want ErrCodeChanged naming line 9", err)
	}
	last := srv.Requests()[3].LastUser()
	if !strings.Contains(last, "changed the program beyond inserting assertions") || !strings.Contains(last, "line 9") {
		t.Fatalf("the change was not sent back: %q", last)
	}
}

func TestSynthesizeOptions(t *testing.T) {
	if _, err := Synthesize(context.Background(), "x", nil); !errors.Is(err, ErrOptions) {
		t.Fatalf("nil options: %v", err)
	}
	srv := llmtest.New(t, llmtest.Steps())
	if _, err := Synthesize(context.Background(), "  ", &Options{Model: srv.Model(nil), Checker: noCheck}); err == nil {
		t.Fatal("an empty description was taken")
	}
}

// TestSynthesizeRepairs runs every stage with ESBMC; the bound reduction,
// the mapping and the translation each get one invalid reply first, which
// is sent back with what is wrong.
func TestSynthesizeRepairs(t *testing.T) {
	needGCC(t)
	if _, err := esbmc.Find(context.Background(), ""); err != nil {
		t.Skip("needs esbmc")
	}
	p0 := readFile(t, "testdata/clamp_p0.c")
	plus := readFile(t, "testdata/clamp_plus.c")
	srv := llmtest.New(t, llmtest.Steps(props, code(p0), code(plus),
		`{"defines": [{"name": "MAX", "value": 200}]}`,
		`{"defines": [{"name": "MAX", "value": 4}]}`,
		`{"mapping": [{"assertion": "a1", "property": 1}]}`,
		`{"mapping": [{"assertion": "a1", "property": 1}, {"assertion": "a2", "property": 2}]}`,
		`{"facts": [{"assertion": "a1", "fact": "At this point in the program, r is between 0 and 100."}]}`,
		`{"facts": [{"assertion": "a1", "fact": "At this point in the program, r is between 0 and MAX."}]}`,
	))
	res, err := Synthesize(context.Background(), "Clamp.", &Options{Model: srv.Model(nil), Checker: esbmc.New(nil), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	for i, want := range map[int]string{4: "MAX = 200 is larger than its value 100", 6: "assertions not mapped: a2", 8: "says 100, which its assertion"} {
		if !strings.Contains(reqs[i].LastUser(), want) {
			t.Errorf("request %d: %q lacks %q", i+1, reqs[i].LastUser(), want)
		}
	}
	if len(res.Reductions) != 1 || res.Reductions[0] != (Reduction{Name: "MAX", From: 100, To: 4}) || !strings.Contains(res.Reduced, "#define MAX 4\n") {
		t.Errorf("reductions: %+v", res.Reductions)
	}
	if s := res.Report.Summary; s.Verified != 1 || s.Falsified != 1 {
		t.Errorf("summary: %+v", s)
	}
	want := []Fact{{Assertion: "a1", Index: 0, Func: "clamp", Pred: "r >= 0 && r <= MAX", Status: bmc.VerdictVerified,
		Tag: "//FACT[k=5]", Sentence: "At this point in the program, r is between 0 and MAX.", Property: 1}}
	if len(res.Facts) != 1 || res.Facts[0] != want[0] {
		t.Errorf("facts: %+v", res.Facts)
	}
	if !strings.Contains(res.Final, "    //FACT[k=5]: At this point in the program, r is between 0 and MAX.\n    return r;") ||
		strings.Contains(res.Final, "assert(") || !strings.Contains(res.Final, "#define MAX 100\n") {
		t.Errorf("final program:\n%s", res.Final)
	}
	var total llm.Usage
	for _, st := range res.Stages {
		total.PromptTokens += st.Usage.PromptTokens
	}
	if res.Usage.Requests != 9 || total.PromptTokens != res.Usage.PromptTokens || res.Usage.PromptTokens == 0 {
		t.Errorf("usage: %+v", res.Usage)
	}
	if len(res.Stages) != 8 || res.Stages[3].Name != "reduce" || len(res.Stages[3].Problems) != 1 {
		t.Errorf("stages: %+v", res.Stages)
	}
}

// TestSynthesizeP0WithAssertions: a synthesized program with assertions is
// sent back (they would pass for the annotation's own); an annotation
// with no assertion is refused.
func TestSynthesizeP0WithAssertions(t *testing.T) {
	needGCC(t)
	withAssert := "#include <assert.h>\nint main(void) {\n    int x = 0;\n    assert(x == 0);\n    return x;\n}\n"
	without := "int main(void) {\n    int x = 0;\n    return x;\n}\n"
	srv := llmtest.New(t, llmtest.Steps(props, code(withAssert), code(without), code(without), code(without)))
	res, err := Synthesize(context.Background(), "Return zero.", &Options{Model: srv.Model(nil), Checker: noCheck, MaxCompileTries: 2})
	if !errors.Is(err, ErrCodeChanged) || !strings.Contains(err.Error(), "it has no assertion") {
		t.Fatalf("got %v", err)
	}
	if last := srv.Requests()[2].LastUser(); !strings.Contains(last, "must not contain assert statements") {
		t.Fatalf("not sent back: %q", last)
	}
	if res.Synthesized != without || len(res.Stages[1].Problems) != 1 || res.Stages[1].Problems[0] != "has 1 assertions" {
		t.Fatalf("synthesize: %q %+v", res.Synthesized, res.Stages[1])
	}
}

// TestSynthesizeCancel cancels the run while ESBMC is checking: Synthesize
// returns the context's error and leaves no child process behind.
func TestSynthesizeCancel(t *testing.T) {
	needGCC(t)
	if _, err := esbmc.Find(context.Background(), ""); err != nil {
		t.Skip("needs esbmc")
	}
	p0 := readFile(t, "testdata/clamp_p0.c")
	plus := readFile(t, "testdata/clamp_plus.c")
	srv := llmtest.New(t, llmtest.Steps(props, code(p0), code(plus), `{"defines": []}`))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Synthesize(ctx, "Clamp.", &Options{Model: srv.Model(nil), Checker: esbmc.New(nil), Progress: func(ev progress.Event) {
		if ev.Stage == "verify" {
			time.AfterFunc(300*time.Millisecond, cancel)
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if n := proc.Running(); n != 0 {
		t.Fatalf("%d child processes left running", n)
	}
	if last := res.Stages[len(res.Stages)-1]; last.Name != "verify" || res.Report != nil {
		t.Fatalf("stages: %+v", res.Stages)
	}
}
