package audit

import (
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// issue36 is the program of issue 36: g is computed by f's loop, called
// before the assertion; t and h are not in what the assertion reads.
const issue36 = `#include <assert.h>
int g, h;
void f(void) { for (int i = 0; i < 3; i++) g = g * 3 + 7; }
int main(void) { int t = 0; t = t + 1; h = t * 2; h = h - 2; t = t - 1; h = h + t;
                 f(); assert(g == 91); return 0; }
`

// TestSlice: the mutants in the assertion's slice are those of f's loop
// (its condition, update and body), none of the lines computing t and h.
func TestSlice(t *testing.T) {
	p, err := bmc.ParseProgram("i.c", []byte(issue36))
	if err != nil {
		t.Fatal(err)
	}
	ms := mutants(p, p.Asserts[0])
	in := 0
	for _, m := range ms {
		t.Logf("line %d %s %q -> %q slice=%v", m.Line, m.Kind, m.Before, m.After, m.Slice)
		if m.Slice {
			in++
			if m.Line != 3 {
				t.Errorf("mutant at line %d (%q -> %q) in the slice", m.Line, m.Before, m.After)
			}
		} else if m.Line == 3 {
			t.Errorf("mutant of f (%s %q -> %q) not in the slice", m.Kind, m.Before, m.After)
		}
	}
	if in < 5 {
		t.Errorf("%d mutants in the slice, want at least 5", in)
	}
	// The budget goes to the slice first.
	for _, m := range pick(ms, 5) {
		if !m.Slice {
			t.Errorf("picked %q -> %q outside the slice", m.Before, m.After)
		}
	}
}

// TestSliceThrough: the slice follows values through calls (returns,
// parameters, arrays passed to a function), globals and the conditions
// around the statements.
func TestSliceThrough(t *testing.T) {
	src := `#include <assert.h>
int k;
int twice(int v) { return v * 2; }
void fill(int *a, int n) { for (int i = 0; i < n; i++) a[i] = i + k; }
int main(void) {
  int a[4], x = 3, y = 5, z = 1;
  k = 2;
  y = y + 1;
  fill(a, 4);
  if (x > 1) z = twice(x) + 1;
  z = z + a[2];
  assert(z > 0);
  y = y - 1;
  return 0;
}
`
	p, err := bmc.ParseProgram("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]bool{}
	for _, m := range mutants(p, p.Asserts[0]) {
		if m.Slice {
			lines[m.Line] = true
		}
	}
	for _, l := range []int{3, 4, 6, 7, 9, 10, 11} {
		if !lines[l] {
			t.Errorf("line %d (%s) not in the slice", l, strings.Split(src, "\n")[l-1])
		}
	}
	for _, l := range []int{8, 13} {
		if lines[l] {
			t.Errorf("line %d (%s) in the slice", l, strings.Split(src, "\n")[l-1])
		}
	}
}

// TestSlicePointer: a write through a pointer, or a subscript of one, may
// write what the assertion reads: it is in the slice.
func TestSlicePointer(t *testing.T) {
	src := `#include <assert.h>
int w, u;
int main(void) {
  int *q = &w;
  int a[2];
  q[0] = 4;
  a[1] = 2;
  u = 3;
  assert(w == 4);
  return 0;
}
`
	p, err := bmc.ParseProgram("p.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]bool{}
	for _, m := range mutants(p, p.Asserts[0]) {
		if m.Slice {
			lines[m.Line] = true
		}
	}
	if !lines[6] {
		t.Error("q[0] = 4, a write through a pointer, is not in the slice")
	}
	if lines[7] || lines[8] {
		t.Errorf("a[1] = 2 (a local array) or u = 3 in the slice: %v", lines)
	}
}
