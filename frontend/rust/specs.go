package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// assertSpec returns the spec of an assert-family macro invocation n
// whose arguments are the token tree tt.
func (x *extractor) assertSpec(name string, n, tt *sitter.Node) (frontend.Spec, bool) {
	var op string
	switch name {
	case "assert", "debug_assert":
	case "assert_eq", "debug_assert_eq":
		op = " == "
	case "assert_ne", "debug_assert_ne":
		op = " != "
	default:
		return frontend.Spec{}, false
	}
	args := x.splitArgs(x.tokens(tt), 1)
	var expr string
	switch {
	case op == "" && len(args) >= 1:
		expr = args[0]
	case op != "" && len(args) >= 2:
		expr = args[0] + op + args[1]
	default:
		return frontend.Spec{}, false
	}
	return frontend.Spec{Kind: frontend.SpecAssert, Expr: expr, Form: name + "!", Span: x.span(n)}, true
}

// splitArgs splits the tokens ks[from:] at top-level commas and returns
// each part's text, empty parts (a trailing comma) left out. The closing
// delimiter of a token tree, if ks ends with one, is not part of the last
// argument. Commas inside turbofish generics (a::<K, V>) do not split.
func (x *extractor) splitArgs(ks []*sitter.Node, from int) []string {
	var out []string
	for _, r := range splitRanges(ks, from, len(ks)) {
		out = append(out, x.text[ks[r[0]].StartByte():ks[r[1]].EndByte()])
	}
	return out
}

// splitRanges splits the tokens ks[from:to] at top-level commas and
// returns the first and last index of each non-empty part. A closing
// delimiter at the end of ks[from:to] is left out.
func splitRanges(ks []*sitter.Node, from, to int) [][2]int {
	if to > from {
		switch kindOf(ks[to-1]) {
		case tRParen, tRBracket, tRBrace:
			to--
		}
	}
	var out [][2]int
	start, angle := -1, 0
	flush := func(end int) {
		if start >= 0 && end >= start {
			out = append(out, [2]int{start, end})
		}
		start = -1
	}
	for i := from; i < to; i++ {
		switch kindOf(ks[i]) {
		case tComma:
			if angle == 0 {
				flush(i - 1)
				continue
			}
		case tLt:
			if angle > 0 || i > 0 && kindOf(ks[i-1]) == tColonColon {
				angle++
			}
		case tGt:
			if angle > 0 {
				angle--
			}
		case tShr:
			angle = max(0, angle-2)
		}
		if start < 0 {
			start = i
		}
	}
	flush(to - 1)
	return out
}

// throwMacros end the function abnormally.
func isThrowMacro(name string) bool {
	switch name {
	case "panic", "unreachable", "todo", "unimplemented":
		return true
	}
	return false
}

// isThrowCall reports whether a callee ends the process: process::exit
// and process::abort, however qualified.
func isThrowCall(callee string) bool {
	callee = strings.TrimPrefix(callee, "::")
	for _, p := range []string{"std::process::", "process::"} {
		if rest, ok := strings.CutPrefix(callee, p); ok {
			return rest == "exit" || rest == "abort"
		}
	}
	return false
}
