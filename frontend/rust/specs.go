package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// assertSpec returns the spec of an assert-family macro invocation n
// whose arguments are the tokens ts, opening with a delimiter.
func (x *extractor) assertSpec(name string, n *sitter.Node, ts []token) (frontend.Spec, bool) {
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
	var args []string
	start, angle := 1, 0
	end := len(ts)
	if ts[0].match >= 0 {
		end = int(ts[0].match)
	}
	for i := 1; i <= end && i < len(ts); i++ {
		if i < end {
			switch ts[i].kind {
			case lxOpen:
				if ts[i].match > 0 {
					i = int(ts[i].match)
				}
				continue
			case lxLt:
				if angle > 0 || ts[i-1].kind == lxColon2 {
					angle++
				}
				continue
			case lxGt:
				angle = max(0, angle-1)
				continue
			case lxShr:
				angle = max(0, angle-2)
				continue
			case lxComma:
				if angle > 0 {
					continue
				}
			default:
				continue
			}
		}
		if i > start {
			args = append(args, x.text[ts[start].start:ts[i-1].end])
		}
		start = i + 1
	}
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
	start, angle, pipe := -1, 0, false
	flush := func(end int) {
		if start >= 0 && end >= start {
			out = append(out, [2]int{start, end})
		}
		start = -1
	}
	for i := from; i < to; i++ {
		switch kindOf(ks[i]) {
		case tComma:
			if angle == 0 && !pipe {
				flush(i - 1)
				continue
			}
		case tPipe:
			// The parameters of a closure or quantifier, forall|i, j| ...,
			// hold commas that do not split.
			if pipe {
				pipe = false
			} else if start < 0 || kindOf(ks[i-1]) == kIdentifier || kindOf(ks[i-1]) == tKwOther {
				pipe = true
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
