package c_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// outline writes a statement tree one statement per line, indented by
// depth, with "else:" before else branches.
func outline(b *strings.Builder, ss []*frontend.Stmt, depth int) {
	for _, s := range ss {
		fmt.Fprintf(b, "%s%s\n", strings.Repeat("  ", depth), frontendtest.RenderStmt(s))
		outline(b, s.Body, depth+1)
		if len(s.Else) > 0 {
			fmt.Fprintf(b, "%selse:\n", strings.Repeat("  ", depth))
			outline(b, s.Else, depth+1)
		}
	}
}

func TestStatementTreeShape(t *testing.T) {
	src := `int f(int *a, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] < 0)
			continue;
		else if (a[i] == 0) {
			break;
		} else
			s += a[i];
	}
	switch (s) {
	case 1:
	case 2:
		s++;
		break;
	default:
		return -1;
	}
#ifdef DEBUG
	trace(s);
#else
	s--;
#endif
	do s--; while (s > 10);
	if (s < 0)
		exit(1);
again:
	if (s > 5) goto again;
	return s;
}
`
	f, err := c.Parse(context.Background(), &frontend.Source{Path: "f.c", Content: []byte(src)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	outline(&b, []*frontend.Stmt{f.Functions[0].Body}, 0)
	want := `block
  simple int s = 0;
  loop for i < n
    if a[i] < 0
      continue
    else:
      if a[i] == 0
        break
      else:
        simple s += a[i];
  switch s
    case 1
    case 2
      simple s++;
      break
    default
      return -1
  simple trace(s);
  simple s--;
  loop do s > 10
    simple s--;
  if s < 0
    throw exit(1)
  label again
    if s > 5
      goto again
  return s
`
	if got := b.String(); got != want {
		t.Errorf("statement tree\n%s\nwant\n%s", got, want)
	}
	for _, e := range frontendtest.Check(f, []byte(src)) {
		t.Error(e)
	}
}

func TestIterationMacroIsALoop(t *testing.T) {
	src := "void f(struct list_head *head)\n{\n\tstruct foo *pos;\n\tlist_for_each_entry(pos, head, list) {\n\t\tpos->n++;\n\t}\n\tfor_each_cpu(c, mask)\n\t\tg(c);\n\tnot_a_loop(x)\n\t{ h(); }\n}\n"
	f, err := c.Parse(context.Background(), &frontend.Source{Path: "f.c", Content: []byte(src)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	outline(&b, []*frontend.Stmt{f.Functions[0].Body}, 0)
	want := `block
  simple struct foo *pos;
  loop macro list_for_each_entry(pos, head, list)
    simple pos->n++;
  loop macro for_each_cpu(c, mask)
    simple g(c);
  simple not_a_loop(x) { h(); }
`
	if got := b.String(); got != want {
		t.Errorf("statement tree\n%s\nwant\n%s", got, want)
	}
	for _, e := range frontendtest.Check(f, []byte(src)) {
		t.Error(e)
	}
}
