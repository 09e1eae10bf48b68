package frontendtest

import (
	"fmt"
	"sort"

	"github.com/suretydev/surety/frontend"
)

// Check reports every way in which f, parsed from src, breaks the model's
// invariants:
//
//   - Size is len(src) and Lines the number of lines (a last line without
//     its newline counts);
//   - every span names f.Path, lies inside src, has StartLine <= EndLine,
//     and its lines (and columns, where set) agree with its bytes;
//   - every function has a name; its calls, specs and statements lie inside
//     its span, every statement inside its parent, and every Stmt.Spec is
//     one of the function's Specs.
//
// It returns nil for a consistent file.
func Check(f *frontend.File, src []byte) []error {
	c := &checker{f: f, src: src}
	for i, b := range src {
		if b == '\n' {
			c.nl = append(c.nl, i)
		}
	}
	if f.Size != len(src) {
		c.errorf("Size is %d, the file has %d bytes", f.Size, len(src))
	}
	lines := len(c.nl)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		lines++
	}
	if f.Lines != lines {
		c.errorf("Lines is %d, the file has %d lines", f.Lines, lines)
	}
	for _, e := range f.Errors {
		c.span(e.Span, "syntax error")
	}
	for _, fn := range f.Functions {
		what := "function " + fn.QualifiedName()
		if fn.Name == "" {
			c.errorf("function at %s has no name", fn.Span)
		}
		if !c.span(fn.Span, what) {
			continue
		}
		for _, call := range fn.Calls {
			if c.span(call.Span, what+": call "+call.Callee) {
				c.inside(call.Span, fn.Span, what+": call "+call.Callee)
			}
		}
		for _, s := range fn.Specs {
			if c.span(s.Span, what+": spec "+s.Expr) {
				c.inside(s.Span, fn.Span, what+": spec "+s.Expr)
			}
		}
		if fn.Body != nil {
			c.stmt(fn, fn.Body, fn.Span, what)
		}
	}
	return c.errs
}

type checker struct {
	f    *frontend.File
	src  []byte
	nl   []int // offsets of the newlines of src
	errs []error
}

func (c *checker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf(format, args...))
}

// lineCol returns the 1-based line and byte column of offset off.
func (c *checker) lineCol(off int) (int, int) {
	i := sort.SearchInts(c.nl, off) // newlines before off
	start := 0
	if i > 0 {
		start = c.nl[i-1] + 1
	}
	return i + 1, off - start + 1
}

// span checks s on its own and reports whether it is usable for further
// checks.
func (c *checker) span(s frontend.Span, what string) bool {
	ok := true
	if s.File != c.f.Path {
		c.errorf("%s: span file %q, want %q", what, s.File, c.f.Path)
		ok = false
	}
	if s.StartByte < 0 || s.StartByte > s.EndByte || s.EndByte > len(c.src) {
		c.errorf("%s: bytes [%d,%d) outside the file's %d bytes", what, s.StartByte, s.EndByte, len(c.src))
		return false
	}
	if s.StartLine > s.EndLine {
		c.errorf("%s: StartLine %d > EndLine %d", what, s.StartLine, s.EndLine)
		ok = false
	}
	sl, sc := c.lineCol(s.StartByte)
	el, ec := c.lineCol(s.EndByte)
	if s.StartLine != sl || s.EndLine != el {
		c.errorf("%s: lines %d-%d, its bytes [%d,%d) are on lines %d-%d", what, s.StartLine, s.EndLine, s.StartByte, s.EndByte, sl, el)
		ok = false
	}
	if (s.StartCol != 0 && s.StartCol != sc) || (s.EndCol != 0 && s.EndCol != ec) {
		c.errorf("%s: columns %d-%d, its bytes give %d-%d", what, s.StartCol, s.EndCol, sc, ec)
		ok = false
	}
	return ok
}

func (c *checker) inside(s, outer frontend.Span, what string) {
	if s.StartByte < outer.StartByte || s.EndByte > outer.EndByte {
		c.errorf("%s: bytes [%d,%d) outside the enclosing [%d,%d)", what, s.StartByte, s.EndByte, outer.StartByte, outer.EndByte)
	}
}

func (c *checker) stmt(fn *frontend.Function, s *frontend.Stmt, parent frontend.Span, what string) {
	w := fmt.Sprintf("%s: stmt %q at line %d", what, RenderStmt(s), s.Span.StartLine)
	if !c.span(s.Span, w) {
		return
	}
	c.inside(s.Span, parent, w)
	if s.Spec != nil && !hasSpec(fn, s.Spec) {
		c.errorf("%s: its Spec %s: %s is not among the function's Specs", w, s.Spec.Kind, s.Spec.Expr)
	}
	for _, k := range s.Body {
		c.stmt(fn, k, s.Span, what)
	}
	for _, k := range s.Else {
		c.stmt(fn, k, s.Span, what)
	}
}

func hasSpec(fn *frontend.Function, sp *frontend.Spec) bool {
	for _, s := range fn.Specs {
		if s == *sp {
			return true
		}
	}
	return false
}
