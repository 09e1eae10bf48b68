package smt

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/internal/proc"
)

// boolectorInput rewrites a script into the SMT-LIB dialect boolector 1.5
// reads: declare-fun instead of declare-const, no set-option, set-info,
// echo or get-* commands, a logic always set. Each value that is not a
// declared constant gets a fresh constant defined equal to it; names
// returns the model name to read for each value; lines maps each line of
// the rewritten text (from 1) to the script line it came from (0 for lines
// surety added), so that errors name the caller's lines.
func boolectorInput(sc *script, logic string, values []sexp) (text string, names []string, lines []int, err error) {
	var b strings.Builder
	lines = []int{0}
	emit := func(s string, from int) {
		b.WriteString(s)
		b.WriteByte('\n')
		for range strings.Count(s, "\n") + 1 {
			lines = append(lines, from)
		}
	}
	if sc.logic == "" {
		if logic == "" {
			logic = "QF_BV"
			if sc.arrays {
				logic = "QF_ABV"
			}
		}
		emit("(set-logic "+logic+")", 0)
	}
	for _, c := range sc.cmds {
		switch c.head() {
		case "set-option", "set-info", "echo", "get-info", "get-value", "get-model", "get-assertions":
			continue
		case "declare-const":
			if len(c.list) == 3 {
				emit("(declare-fun "+c.list[1].atom+" () "+c.list[2].String()+")", c.line)
				continue
			}
		}
		emit(c.String(), c.line)
	}
	names = make([]string, len(values))
	for i, v := range values {
		if !v.isList {
			if _, ok := sc.consts[v.symbol()]; ok {
				names[i] = v.symbol()
				continue
			}
		}
		srt := sc.sortOf(v)
		if srt == "" {
			return "", nil, nil, fmt.Errorf("smt: boolector: cannot report the value of %s: its sort does not follow from the declarations", v)
		}
		name := "surety!value" + strconv.Itoa(i)
		names[i] = name
		emit("(declare-fun |"+name+"| () "+srt+")", 0)
		emit("(assert (= |"+name+"| "+v.String()+"))", 0)
	}
	emit("(check-sat)", 0)
	emit("(exit)", 0)
	return b.String(), names, lines, nil
}

var (
	btorError = regexp.MustCompile(`^<stdin>:(\d+): (.*)$`)
	btorArray = regexp.MustCompile(`^(.*)\[([01x]+)\] ([01x]+)$`)
	btorConst = regexp.MustCompile(`^(.*) ([01x]+)$`)
)

// parseBoolector reads boolector's answer and its model lines:
// "name 0101" for constants (don't-care bits printed as x, read as 0) and
// "name[index] 0101" for array elements.
func parseBoolector(res *Result, out *proc.Result, sc *script, q *Query, values []sexp, names []string, lines []int) error {
	var (
		errs   []string
		status bool
		consts = map[string]string{}
		arrays = map[string][][2]string{}
	)
	for _, line := range strings.Split(string(out.Stdout), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "[btorsmt2]") || strings.HasPrefix(line, "[boolector]"):
		case btorError.MatchString(line):
			m := btorError.FindStringSubmatch(line)
			n, _ := strconv.Atoi(m[1])
			switch {
			case n > 0 && n < len(lines) && lines[n] > 0:
				errs = append(errs, "line "+strconv.Itoa(lines[n])+": "+m[2])
			case n > 0 && n < len(lines):
				errs = append(errs, "in the value terms or the check: "+m[2])
			default:
				errs = append(errs, m[2])
			}
		case !status && (line == "sat" || line == "unsat" || line == "unknown"):
			status = true
			res.Status = map[string]Status{"sat": Sat, "unsat": Unsat, "unknown": Unknown}[line]
		case status && btorArray.MatchString(line):
			m := btorArray.FindStringSubmatch(line)
			name := unquoteSymbol(m[1])
			arrays[name] = append(arrays[name], [2]string{m[2], m[3]})
		case status && btorConst.MatchString(line):
			m := btorConst.FindStringSubmatch(line)
			consts[unquoteSymbol(m[1])] = m[2]
		}
	}
	if len(errs) > 0 {
		return &SolverError{Solver: res.Solver, Messages: errs}
	}
	if !status {
		return fmt.Errorf("smt: boolector: no answer (exit status %d%s): %s", out.ExitCode, signalNote(out),
			strings.TrimSpace(string(out.Stderr)+" "+string(out.Stdout)))
	}
	if res.Status == Unknown {
		res.Reason = "boolector gave no reason"
		return nil
	}
	if res.Status != Sat || len(values) == 0 {
		return nil
	}
	res.Model = make(map[string]Value, len(values))
	for i, v := range values {
		srt := sc.sortOf(v)
		srtExp, _ := parseSexps(srt)
		var val Value
		switch {
		case len(srtExp) == 1 && srtExp[0].head() == "Array" && len(srtExp[0].list) == 3:
			val = boolectorArray(srtExp[0], arrays[names[i]])
		case srt == "Bool":
			bits := consts[names[i]]
			t := "false"
			if bits == "1" {
				t = "true"
			}
			val = decodeValue(sexp{atom: t}, srt)
		default:
			bits, ok := consts[names[i]]
			if !ok {
				// Not in the model: unconstrained, any value will do.
				w := -1
				if len(srtExp) == 1 {
					w = bvWidth(&srtExp[0])
				}
				if w <= 0 {
					return fmt.Errorf("smt: boolector: no value for %s in the model", q.Values[i])
				}
				bits = strings.Repeat("0", w)
			}
			val = decodeValue(sexp{atom: "#b" + strings.ReplaceAll(bits, "x", "0")}, srt)
		}
		res.Model[q.Values[i]] = val
	}
	return nil
}

// boolectorArray renders boolector's listed array elements as a store
// chain over a zero constant array, indices in increasing order.
func boolectorArray(srt sexp, entries [][2]string) Value {
	w := bvWidth(&srt.list[2])
	zero := "#b" + strings.Repeat("0", max(w, 1))
	sort.Slice(entries, func(i, j int) bool {
		a, _ := new(big.Int).SetString(strings.ReplaceAll(entries[i][0], "x", "0"), 2)
		b, _ := new(big.Int).SetString(strings.ReplaceAll(entries[j][0], "x", "0"), 2)
		return a.Cmp(b) < 0
	})
	text := "((as const " + srt.String() + ") " + zero + ")"
	for _, e := range entries {
		text = "(store " + text + " #b" + strings.ReplaceAll(e[0], "x", "0") + " #b" + strings.ReplaceAll(e[1], "x", "0") + ")"
	}
	return Value{Sort: srt.String(), Text: text}
}
