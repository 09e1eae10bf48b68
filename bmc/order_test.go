package bmc

import (
	"reflect"
	"testing"
)

func TestOrderCGTraversal(t *testing.T) {
	src := `#include <assert.h>
int g(int x) {
    assert(x > 0);          /* a1 */
    return x;
}
int f(int x) {
    assert(x > 1);          /* a2 */
    int y = g(x);
    assert(y == x);         /* a3 */
    return y;
}
int unused(int x) {
    assert(x == 0);         /* a4 */
    return x;
}
int main(void) {
    int a = 5;
    assert(a == 5);         /* a5 */
    int b = f(a);
    assert(b == 5);         /* a6 */
    int c = g(b);
    assert(c == b);         /* a7 */
    return 0;
}
`
	p, err := ParseProgram("o.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// main: a5, then f (a2, then g: a1, then a3), then a6; g is already
	// visited at the second call; then a7; unreached a4 last.
	want := []int{4, 1, 0, 2, 5, 6, 3}
	if got := Order(p); !reflect.DeepEqual(got, want) {
		t.Errorf("Order = %v, want %v", got, want)
	}
}
