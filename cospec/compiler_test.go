package cospec

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
)

// strict is a compiler of one's own: it rejects every program that
// returns a literal zero.
type strict struct{ calls int }

func (c *strict) Compile(_ context.Context, src string) (string, error) {
	c.calls++
	if strings.Contains(src, "return 0;") {
		return "program.c:1: error: returning a literal zero is forbidden here", nil
	}
	return "", nil
}

// TestCompilerOption: Options.Compiler is the compile check, named to the
// model as "the C compiler" without a String method; gcc is not run.
func TestCompilerOption(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(props,
		code("int main(void) { return 0; }\n"),
		code("int main(void) { return 0; }\n"),
	))
	cc := &strict{}
	_, err := Synthesize(context.Background(), "Return zero.", &Options{
		Model: srv.Model(nil), Checker: noCheck, MaxCompileTries: 2, Compiler: cc, CC: "/nonexistent/gcc",
	})
	if !errors.Is(err, ErrNoCompile) || cc.calls != 2 {
		t.Fatalf("got %v after %d compiles, want ErrNoCompile after 2", err, cc.calls)
	}
	last := srv.Requests()[2].LastUser()
	if !strings.Contains(last, "the C compiler") || !strings.Contains(last, "returning a literal zero is forbidden") {
		t.Errorf("feedback: %q", last)
	}
}

// TestMissingCompiler: a CC that is not there is ErrNoCompiler, naming it.
func TestMissingCompiler(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(props, code("int main(void) { return 0; }\n")))
	_, err := Synthesize(context.Background(), "Return zero.", &Options{
		Model: srv.Model(nil), Checker: noCheck, CC: "/nonexistent/gcc",
	})
	if !errors.Is(err, ErrNoCompiler) || !strings.Contains(err.Error(), "/nonexistent/gcc") {
		t.Fatalf("got %v, want ErrNoCompiler naming the path", err)
	}
}
