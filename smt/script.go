package smt

import (
	"fmt"
	"strconv"
	"strings"
)

// A script is a parsed Query.Script: its commands, the sorts of what it
// declares, and which theories it touches.
type script struct {
	cmds   []sexp
	consts map[string]sexp // 0-ary symbols (unquoted name) -> sort
	funcs  map[string]sexp // n-ary functions -> result sort
	logic  string          // the script's own (set-logic L), if any

	arrays, bv, fp, uf, arith, quant bool
	// intReal: an Int or Real sort or operator; a decimal literal alone,
	// as in ((_ to_fp 8 24) RNE 1.5), is arith but not intReal.
	intReal bool
}

func parseScript(text string) (*script, error) {
	cmds, err := parseSexps(text)
	if err != nil {
		return nil, fmt.Errorf("smt: script: %w", err)
	}
	s := &script{cmds: cmds, consts: map[string]sexp{}, funcs: map[string]sexp{}}
	for _, c := range cmds {
		if !c.isList || c.head() == "" {
			return nil, fmt.Errorf("smt: script: line %d: %s is not a command", c.line, c)
		}
		switch c.head() {
		case "check-sat", "check-sat-assuming":
			return nil, fmt.Errorf("smt: script: line %d: (%s) is added by the solver runner; leave it out of Query.Script", c.line, c.head())
		case "exit":
			return nil, fmt.Errorf("smt: script: line %d: (exit) would end the solver before the check", c.line)
		case "set-logic":
			if len(c.list) == 2 {
				s.logic = c.list[1].atom
			}
		case "declare-const":
			if len(c.list) == 3 {
				s.consts[c.list[1].symbol()] = c.list[2]
			}
		case "declare-fun", "define-fun":
			if len(c.list) >= 4 && c.list[2].isList {
				if len(c.list[2].list) == 0 {
					s.consts[c.list[1].symbol()] = c.list[3]
				} else {
					s.funcs[c.list[1].symbol()] = c.list[3]
					s.uf = true
				}
			}
		case "declare-sort", "define-sort":
			s.uf = true
		}
		s.features(c)
	}
	return s, nil
}

// features notes which theories e uses, from its atoms.
func (s *script) features(e sexp) {
	if e.isList {
		if e.head() == "_" && len(e.list) > 1 {
			s.features(e.list[1]) // the indices are numerals of no theory
			return
		}
		for _, sub := range e.list {
			s.features(sub)
		}
		return
	}
	a := e.atom
	switch {
	case a == "Array" || a == "select" || a == "store":
		s.arrays = true
	case a == "BitVec" || strings.HasPrefix(a, "#b") || strings.HasPrefix(a, "#x") || strings.HasPrefix(a, "bv") ||
		a == "concat" || a == "extract" || a == "zero_extend" || a == "sign_extend" || a == "repeat" ||
		a == "rotate_left" || a == "rotate_right":
		s.bv = true
	case a == "FloatingPoint" || a == "Float16" || a == "Float32" || a == "Float64" || a == "Float128" ||
		a == "RoundingMode" || a == "fp" || strings.HasPrefix(a, "fp.") || a == "to_fp" || a == "to_fp_unsigned" ||
		a == "RNE" || a == "RNA" || a == "RTP" || a == "RTN" || a == "RTZ" || a == "+zero" || a == "-zero" || a == "NaN" || a == "+oo" || a == "-oo":
		s.fp = true
	case isDecimal(a):
		s.arith = true
	case a == "Int" || a == "Real" || a == "+" || a == "-" || a == "*" || a == "/" || a == "<" || a == "<=" || a == ">" || a == ">=" ||
		a == "div" || a == "mod" || a == "abs" || a == "to_real" || a == "to_int" || a == "is_int":
		s.arith, s.intReal = true, true
	case a == "forall" || a == "exists":
		s.quant = true
	}
}

// inferLogic picks a logic for solvers that need one: the quantifier-free
// combination of arrays, uninterpreted functions, bit-vectors and floating
// point when that covers the script, ALL otherwise.
func (s *script) inferLogic() string {
	if s.arith || s.quant {
		return "ALL"
	}
	l := "QF_"
	if s.arrays {
		l += "A"
	}
	if s.uf || (!s.arrays && !s.bv && !s.fp) {
		l += "UF"
	}
	if s.bv {
		l += "BV"
	}
	if s.fp {
		l += "FP"
	}
	return l
}

// sortOf works out the sort of a term from the script's declarations and
// the usual operators; "" when it cannot tell.
func (s *script) sortOf(e sexp) string {
	if srt := s.sortExp(e); srt != nil {
		return srt.String()
	}
	return ""
}

func atomSort(a string) *sexp { x := sexp{atom: a}; return &x }

func listSort(parts ...string) *sexp {
	x := sexp{isList: true}
	for _, p := range parts {
		x.list = append(x.list, sexp{atom: p})
	}
	return &x
}

func bvSortExp(w int) *sexp { return listSort("_", "BitVec", strconv.Itoa(w)) }

// bvWidth returns the width of a (_ BitVec w) sort, or -1.
func bvWidth(srt *sexp) int {
	if srt == nil || !srt.isIndexed("BitVec") || len(srt.list) != 3 {
		return -1
	}
	w, err := strconv.Atoi(srt.list[2].atom)
	if err != nil {
		return -1
	}
	return w
}

func (s *script) sortExp(e sexp) *sexp {
	if !e.isList {
		a := e.atom
		switch {
		case a == "true" || a == "false":
			return atomSort("Bool")
		case isNumeral(a):
			return atomSort("Int")
		case isDecimal(a):
			return atomSort("Real")
		}
		if _, w, ok := bitsLiteral(a); ok {
			return bvSortExp(w)
		}
		if srt, ok := s.consts[e.symbol()]; ok {
			return normalizeSort(srt)
		}
		return nil
	}
	if len(e.list) == 0 {
		return nil
	}
	// Indexed operator applications: ((_ extract i j) x) and friends.
	if op := e.list[0]; op.isList {
		if op.head() == "_" && len(op.list) >= 3 && len(e.list) >= 2 {
			idx := make([]int, 0, 2)
			for _, a := range op.list[2:] {
				n, err := strconv.Atoi(a.atom)
				if err != nil {
					return nil
				}
				idx = append(idx, n)
			}
			w := bvWidth(s.sortExp(e.list[len(e.list)-1]))
			switch op.list[1].atom {
			case "extract":
				if len(idx) == 2 {
					return bvSortExp(idx[0] - idx[1] + 1)
				}
			case "zero_extend", "sign_extend":
				if w >= 0 {
					return bvSortExp(w + idx[0])
				}
			case "repeat":
				if w >= 0 {
					return bvSortExp(w * idx[0])
				}
			case "rotate_left", "rotate_right":
				if w >= 0 {
					return bvSortExp(w)
				}
			case "to_fp", "to_fp_unsigned":
				if len(idx) == 2 {
					return listSort("_", "FloatingPoint", strconv.Itoa(idx[0]), strconv.Itoa(idx[1]))
				}
			case "fp.to_ubv", "fp.to_sbv":
				return bvSortExp(idx[0])
			}
		}
		if op.head() == "as" && len(op.list) == 3 && op.list[1].atom == "const" {
			srt := op.list[2]
			return &srt
		}
		return nil
	}
	args := e.list[1:]
	arg := func(i int) *sexp {
		if i < len(args) {
			return s.sortExp(args[i])
		}
		return nil
	}
	switch op := e.head(); op {
	case "_":
		if len(e.list) == 3 && strings.HasPrefix(e.list[1].atom, "bv") {
			if w, err := strconv.Atoi(e.list[2].atom); err == nil {
				return bvSortExp(w)
			}
		}
		if len(e.list) == 4 {
			return listSort("_", "FloatingPoint", e.list[2].atom, e.list[3].atom)
		}
	case "not", "and", "or", "xor", "=>", "=", "distinct", "<", "<=", ">", ">=",
		"bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge",
		"bvumul_noovfl", "bvsmul_noovfl", "bvuadd_ovfl", "bvsadd_ovfl",
		"fp.lt", "fp.leq", "fp.gt", "fp.geq", "fp.eq", "fp.isNaN", "fp.isInfinite", "fp.isZero",
		"fp.isNormal", "fp.isSubnormal", "fp.isNegative", "fp.isPositive", "forall", "exists":
		return atomSort("Bool")
	case "ite":
		if srt := arg(1); srt != nil {
			return srt
		}
		return arg(2)
	case "select":
		if a := arg(0); a != nil && a.head() == "Array" && len(a.list) == 3 {
			return normalizeSort(a.list[2])
		}
	case "store":
		return arg(0)
	case "concat":
		total := 0
		for i := range args {
			w := bvWidth(arg(i))
			if w < 0 {
				return nil
			}
			total += w
		}
		return bvSortExp(total)
	case "bvcomp":
		return bvSortExp(1)
	case "fp":
		if len(args) == 3 {
			eb, sb := bvWidth(arg(1)), bvWidth(arg(2))
			if eb > 0 && sb >= 0 {
				return listSort("_", "FloatingPoint", strconv.Itoa(eb), strconv.Itoa(sb+1))
			}
		}
	case "fp.add", "fp.sub", "fp.mul", "fp.div", "fp.sqrt", "fp.roundToIntegral", "fp.fma":
		return arg(1)
	case "fp.to_real", "/", "to_real":
		return atomSort("Real")
	case "to_int":
		return atomSort("Int")
	default:
		if strings.HasPrefix(op, "bv") || strings.HasPrefix(op, "fp.") || op == "+" || op == "-" || op == "*" ||
			op == "div" || op == "mod" || op == "abs" {
			return arg(0)
		}
		if srt, ok := s.funcs[unquoteSymbol(op)]; ok {
			return normalizeSort(srt)
		}
	}
	return nil
}

// normalizeSort spells the FloatN abbreviations out as (_ FloatingPoint e s)
// and prints every sort the same way, so that sorts compare as text.
func normalizeSort(srt sexp) *sexp {
	if !srt.isList {
		switch srt.atom {
		case "Float16":
			return listSort("_", "FloatingPoint", "5", "11")
		case "Float32":
			return listSort("_", "FloatingPoint", "8", "24")
		case "Float64":
			return listSort("_", "FloatingPoint", "11", "53")
		case "Float128":
			return listSort("_", "FloatingPoint", "15", "113")
		}
		return &srt
	}
	out := sexp{isList: true, list: make([]sexp, len(srt.list))}
	for i, sub := range srt.list {
		out.list[i] = *normalizeSort(sub)
	}
	return &out
}
