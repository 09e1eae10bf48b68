package symex

import (
	"fmt"
	"sort"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// InputFree reports whether the program reads no input, so that it has
// one execution (the order of evaluation that could make two is refused
// by ctree): no nondet value, no function without a body, no read of an
// uninitialised variable, no library function whose result depends on
// more than its arguments (stdin, time, rand, allocation), main's
// parameters unused. why names the first input found.
func InputFree(cp *ctree.Program) (ok bool, why string) {
	main := cp.Funcs["main"]
	if main == nil || main.Body == nil {
		return false, "no main"
	}
	for _, p := range main.Params {
		if usesVar(main.Body, p) {
			return false, "main reads its parameter " + p.Name
		}
	}
	names := make([]string, 0, len(cp.Funcs))
	for n, f := range cp.Funcs {
		if f.Body != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		walkExprs(cp.Funcs[n].Body, func(e *ctree.Expr) {
			if why != "" {
				return
			}
			switch {
			case e.Op == ctree.ONondet:
				why = fmt.Sprintf("line %d reads an uninitialised value", e.Line)
			case e.Op != ctree.OCall || e.Fn != nil || e.X != nil:
			case e.Havoc:
				why = fmt.Sprintf("line %d calls %s, which has no body", e.Line, e.Name)
			case !ctree.Deterministic(e.Name) && e.Name != ctree.VLAFunc:
				why = fmt.Sprintf("line %d calls %s", e.Line, e.Name)
			}
		})
		if why != "" {
			return false, why
		}
	}
	return true, ""
}
