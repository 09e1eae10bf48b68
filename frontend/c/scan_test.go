package c_test

import (
	"context"
	"slices"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

// TestCallsFromText checks what the scan of a body's text takes for a
// call, and what not.
func TestCallsFromText(t *testing.T) {
	src := `typedef int (*op_t)(int);
struct s { int (*op)(int); struct s *next; };
int g(int);
int f(struct s *p, int *a)
{
	int (*fp)(int) = g;       /* a declaration, not a call of int */
	u32 (*tab)[4];
	op_t h = g;
	const char *m = "g(1) in a string";
	// g(2) in a comment
#if defined(X) && IS_ENABLED(Y)
	x = sizeof(int) + (u64)(a[0]) + offsetof(struct s, op);
#endif
	if (p) (*fp)(1);
	p->next->op(2);
	p -> op (3);
	a[0] = h(4) + fp(5);
	tab[0][1](6);
	return g(g(7)) + __builtin_expect(p != 0, 1);
}
`
	file, err := c.Parse(context.Background(), &frontend.Source{Path: "t.c", Content: []byte(src)}, frontend.NeedCalls)
	if err != nil {
		t.Fatal(err)
	}
	var fn *frontend.Function
	for _, x := range file.Functions {
		if x.Name == "f" && x.Definition {
			fn = x
		}
	}
	if fn == nil {
		t.Fatal("no f")
	}
	var got []string
	for _, call := range fn.Calls {
		got = append(got, call.Kind.String()+" "+call.Callee+" ("+call.Qualifier+")")
	}
	want := []string{
		"indirect (*fp) ()",
		"indirect p->next->op (p->next)",
		"indirect p -> op (p)",
		"indirect h ()",
		"indirect fp ()",
		"indirect tab[0][1] ()",
		"direct g ()",
		"direct g ()",
		"direct __builtin_expect ()",
	}
	if !slices.Equal(got, want) {
		t.Errorf("calls:\n%q\nwant\n%q", got, want)
	}
	if c := fn.Calls[1]; c.Span.StartLine != 15 || c.Span.StartCol != 2 || c.Span.EndCol != 16 {
		t.Errorf("span of p->next->op(2): %+v", c.Span)
	}
	// g is stored in fp and h: both indirect calls have it as candidate.
	for _, i := range []int{0, 3, 4} {
		if h := fn.Calls[i].Hints; h == nil || !slices.Equal(h.Candidates, []string{"g"}) {
			t.Errorf("%s: hints %+v, want candidate g", fn.Calls[i].Callee, h)
		}
	}
}

// TestNestedInBrokenBody checks that a function whose unbalanced braces
// swallow the ones after it does not take their calls.
func TestNestedInBrokenBody(t *testing.T) {
	src := `int a(void)
{
#ifdef X
	if (x) {
#else
	if (y) {
#endif
		b();
	}
int c(void)
{
	return d();
}
`
	file, err := c.Parse(context.Background(), &frontend.Source{Path: "t.c", Content: []byte(src)}, frontend.NeedCalls)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string][]string{}
	for _, fn := range file.Functions {
		for _, call := range fn.Calls {
			calls[fn.Name] = append(calls[fn.Name], call.Callee)
		}
	}
	if !slices.Equal(calls["c"], []string{"d"}) || slices.Contains(calls["a"], "d") {
		t.Errorf("calls by function: %v", calls)
	}
}
