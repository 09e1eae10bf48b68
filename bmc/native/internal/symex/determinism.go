package symex

import (
	"fmt"
	"sort"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// deterministicLibrary are the library functions whose result and
// effects depend on their arguments alone (output goes nowhere the
// program reads back).
var deterministicLibrary = map[string]bool{
	"exit": true, "abort": true, "reach_error": true, "__VERIFIER_error": true, "__assert_fail": true, "assert": true,
	"__VERIFIER_assume": true, "assume": true, "__CPROVER_assume": true, "__ESBMC_assume": true,
	"printf": true, "puts": true, "putchar": true, "abs": true, "labs": true, "llabs": true,
	"memset": true, "memcpy": true, "memmove": true, "memcmp": true, "strlen": true, "strcmp": true, "strncmp": true,
	"strcpy": true, "strncpy": true, "strcat": true, "fabs": true, "fabsf": true, "sqrt": true, "sqrtf": true,
	ctree.VLAFunc: true,
}

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
			case !deterministicLibrary[e.Name] && (ctree.BitBuiltins[e.Name] == nil || ctree.UndefinedAtZero(e.Name)):
				why = fmt.Sprintf("line %d calls %s", e.Line, e.Name)
			}
		})
		if why != "" {
			return false, why
		}
	}
	return true, ""
}
