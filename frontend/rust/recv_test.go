package rust_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/rust"
)

// TestRecvTypes checks the receiver chains of testdata/recv against the
// "recv: NAME=CHAIN" comments on the calls' lines.
func TestRecvTypes(t *testing.T) {
	src, err := os.ReadFile("testdata/recv/src/lib.rs")
	if err != nil {
		t.Fatal(err)
	}
	f := parse(t, string(src), frontend.NeedCalls)
	got := map[int]map[string]string{} // line -> name -> chain
	for _, fn := range f.Functions {
		for _, c := range fn.Calls {
			if c.Kind != frontend.CallMethod {
				continue
			}
			l := c.Span.StartLine
			if got[l] == nil {
				got[l] = map[string]string{}
			}
			if c.Hints != nil {
				got[l][c.Name] = c.Hints.RecvType
			} else {
				got[l][c.Name] = ""
			}
		}
	}
	rx := regexp.MustCompile(`// recv: (\w+)=(\S*)`)
	n := 0
	for i, line := range strings.Split(string(src), "\n") {
		m := rx.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		chain, ok := got[i+1][m[1]]
		if !ok {
			t.Errorf("line %d: no method call %s", i+1, m[1])
			continue
		}
		if chain != m[2] {
			t.Errorf("line %d: %s: RecvType %q, want %q", i+1, m[1], chain, m[2])
		}
	}
	if n < 10 {
		t.Fatalf("only %d expectations read", n)
	}
}

func TestImports(t *testing.T) {
	src, err := os.ReadFile("testdata/recv/src/lib.rs")
	if err != nil {
		t.Fatal(err)
	}
	f, err2 := parseAt("src/parse/mod.rs", src)
	if err2 != nil {
		t.Fatal(err2)
	}
	var got []string
	for _, im := range f.Imports {
		got = append(got, im.Module+" "+im.Name+" "+im.As)
	}
	want := []string{"lexer Lexer ", "lexer tokenize tok", "util * "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("imports %q, want %q", got, want)
	}
}

func parseAt(path string, src []byte) (*frontend.File, error) {
	return rust.Parse(context.Background(), &frontend.Source{Path: path, Content: src}, frontend.NeedCalls)
}

// TestGuardNotReceiver: in a macro's arguments, the guard of a pattern is
// not part of a method call's receiver (issue 20).
func TestGuardNotReceiver(t *testing.T) {
	f := parse(t, "fn g(x: Option<char>) -> bool { matches!(x, Some(c) if c.is_alphanumeric()) }\n", frontend.NeedCalls)
	var got []string
	for _, c := range f.Functions[0].Calls {
		got = append(got, c.Callee)
	}
	want := []string{"matches!", "Some", "c.is_alphanumeric"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("calls %q, want %q", got, want)
	}
}
