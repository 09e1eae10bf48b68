package bmc

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

const schema = `#include <assert.h>
int __v = 0; int main(void) {
  int x = 3;
  int y = (__v == 1 ? x - 1 : x + 1);
  assert(y == 4);
  return 0;
}
`

func TestWithSwitchRender(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.WithSwitch("__v")
	if err != nil {
		t.Fatal(err)
	}
	if p.Switch != nil {
		t.Fatal("WithSwitch modified its receiver")
	}
	for _, v := range []int{0, 1, 17} {
		got := string((&Query{Program: s, Target: 0, Variant: v}).Render("", ""))
		want := strings.Replace(schema, "int __v = 0;", "int __v = "+strconv.Itoa(v)+";", 1)
		if got != want {
			t.Errorf("variant %d rendered\n%s\nwant\n%s", v, got, want)
		}
	}
	// A program without a switch ignores Variant.
	if got := string((&Query{Program: p, Target: 0, Variant: 3}).Render("", "")); got != schema {
		t.Errorf("no switch: Variant changed the text:\n%s", got)
	}
	// Cache keys tell variants apart.
	if cacheKey(&Query{Program: s, Variant: 1}, "e") == cacheKey(&Query{Program: s, Variant: 2}, "e") {
		t.Error("two variants share a cache key")
	}
}

func TestWithSwitchErrors(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	var pe *ParseError
	if _, err := p.WithSwitch("__w"); !errors.As(err, &pe) || !strings.Contains(err.Error(), "int __w = 0;") {
		t.Errorf("missing switch: got %v, want a ParseError naming the declaration", err)
	}
	local := strings.Replace(schema, "int x = 3;", "int __w = 0; int x = 3;", 1)
	p, err = ParseProgram("s.c", []byte(local))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.WithSwitch("__w"); !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("switch inside a function: got %v, want a ParseError at line 3", err)
	}
}
