package smt

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// procSolver runs one solver program per query.
type procSolver struct {
	name string // "z3", "cvc5", "boolector" or "bitwuzla"
	opts Options
}

// Z3 returns a Solver that runs "z3 -in -smt2" per query.
func Z3(opts *Options) Solver { return &procSolver{name: "z3", opts: *opts.orZero()} }

// CVC5 returns a Solver that runs "cvc5 --lang smt2 --produce-models" per
// query. cvc5 needs a logic: the script's own, Options.Logic, or one
// inferred from the script (ALL when arithmetic or quantifiers appear).
func CVC5(opts *Options) Solver { return &procSolver{name: "cvc5", opts: *opts.orZero()} }

// Boolector returns a Solver that runs "boolector --smt2 -m" per query.
// Boolector knows bit-vectors and arrays only: a query with floating point
// is answered Unknown with Reason "unsupported: floating point" without
// running it. Its model lists only the array indices it needs; other
// elements are shown as zero, which any model extending it may choose.
// Values of terms other than declared constants are obtained through fresh
// constants defined equal to them, so their sort must follow from the
// script's declarations.
func Boolector(opts *Options) Solver { return &procSolver{name: "boolector", opts: *opts.orZero()} }

func (s *procSolver) Name() string { return s.name }

func (s *procSolver) program() string {
	if s.opts.Path != "" {
		return s.opts.Path
	}
	if s.name == "bitwuzla" {
		return "python3"
	}
	return s.name
}

// Available reports whether the solver can run here: its program is on
// PATH and, for Bitwuzla, the interpreter imports the bindings. The error
// wraps ErrNotFound and names the solver. It implements Prober.
func (s *procSolver) Available() error {
	if _, err := proc.LookPath(s.program()); err != nil {
		return notFound(s.name, s.program(), err)
	}
	if s.name == "bitwuzla" && !bitwuzlaPresent(s.program()) {
		return fmt.Errorf("%w: bitwuzla (%s does not import its Python bindings: pip install bitwuzla)", ErrNotFound, s.program())
	}
	return nil
}

const checkMarker = "surety:check"

func (s *procSolver) Check(ctx context.Context, q *Query) (*Result, error) {
	if ctx == nil {
		panic("smt: nil Context")
	}
	start := time.Now()
	res := &Result{Solver: s.name}
	sc, err := parseScript(q.Script)
	if err != nil {
		return nil, err
	}
	values := make([]sexp, len(q.Values))
	for i, v := range q.Values {
		es, err := parseSexps(v)
		if err != nil || len(es) != 1 {
			if err == nil {
				err = errors.New("want exactly one term")
			}
			return nil, fmt.Errorf("smt: value %q: %v", v, err)
		}
		values[i] = es[0]
		sc.features(es[0])
	}
	if _, err := proc.LookPath(s.program()); err != nil {
		return nil, notFound(s.name, s.program(), err)
	}
	if s.name == "boolector" && sc.fp {
		res.Status, res.Reason = Unknown, "unsupported: floating point"
		res.Duration = time.Since(start)
		return res, nil
	}
	if s.name == "bitwuzla" && sc.intReal {
		res.Status, res.Reason = Unknown, "unsupported: integer or real arithmetic"
		res.Duration = time.Since(start)
		return res, nil
	}

	var (
		path  = s.program()
		input string
		args  []string
		names []string // boolector: the model name of each value
		lines []int    // boolector: script line of each input line
	)
	hard := time.Duration(0)
	if q.Timeout > 0 {
		hard = q.Timeout + s.opts.grace(q.Timeout)
	}
	switch s.name {
	case "z3":
		args = []string{"-in", "-smt2"}
		if q.Timeout > 0 {
			args = append(args, "-t:"+strconv.FormatInt(max(1, q.Timeout.Milliseconds()), 10))
		}
		zq := *q
		zq.Script = z3Script(sc, q.Script)
		input = s.smtlibInput(sc, &zq, "")
	case "cvc5":
		args = []string{"--lang", "smt2", "--produce-models"}
		if q.Timeout > 0 {
			args = append(args, "--tlimit-per="+strconv.FormatInt(max(1, q.Timeout.Milliseconds()), 10))
		}
		input = s.smtlibInput(sc, q, sc.inferLogic())
	case "boolector":
		args = []string{"--smt2", "-m"}
		input, names, lines, err = boolectorInput(sc, s.opts.Logic, values)
		if err != nil {
			return nil, err
		}
		hard = q.Timeout // boolector's own limit counts whole seconds
	case "bitwuzla":
		if path = bitwuzlaPython(path); path == "" {
			return nil, fmt.Errorf("%w: bitwuzla (the Python bindings do not import in %s)", ErrNotFound, s.program())
		}
		args = []string{"-c", bitwuzlaDriver}
		input = string(bitwuzlaInput(q))
	}
	if s.name != "bitwuzla" {
		args = append(args, s.opts.Args...)
	}

	out, err := proc.Run(ctx, &proc.Cmd{
		Path:    path,
		Args:    args,
		Stdin:   []byte(input),
		Timeout: hard,
		Limits:  proc.Limits{MemoryBytes: s.opts.MemoryBytes},
	})
	res.Duration = time.Since(start)
	switch {
	case err != nil && errors.Is(err, proc.ErrTimeout):
		res.Status, res.Reason = Unknown, "timeout"
		return res, nil
	case errors.Is(err, proc.ErrNotFound):
		return nil, notFound(s.name, s.program(), err)
	case err != nil:
		return nil, fmt.Errorf("smt: %s: %w", s.name, err)
	}
	if s.name == "boolector" {
		err = parseBoolector(res, out, sc, q, values, names, lines)
	} else {
		err = parseReplies(res, out, sc, q, values)
	}
	if err != nil {
		return nil, err
	}
	if res.Status == Unknown && q.Timeout > 0 && (res.Reason == "canceled" || res.Reason == "resourceout") {
		res.Reason = "timeout"
	}
	return res, nil
}

// smtlibInput builds the stdin for z3 and cvc5: the script, a marker that
// separates the script's replies from the check's, the check, the values
// and the reason for unknown. The set-logic prefix, if any, shares the
// script's first line so that error line numbers stay the script's own.
func (s *procSolver) smtlibInput(sc *script, q *Query, inferred string) string {
	var b strings.Builder
	if sc.logic == "" {
		logic := s.opts.Logic
		if logic == "" {
			logic = inferred
		}
		if logic != "" {
			b.WriteString("(set-logic " + logic + ") ")
		}
	}
	b.WriteString(q.Script)
	b.WriteString("\n(echo \"" + checkMarker + "\")\n(check-sat)\n")
	if len(q.Values) > 0 {
		b.WriteString("(get-value (")
		for i, v := range q.Values {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(v)
		}
		b.WriteString("))\n")
	}
	b.WriteString("(get-info :reason-unknown)\n(exit)\n")
	return b.String()
}

// parseReplies reads z3's and cvc5's replies to smtlibInput.
func parseReplies(res *Result, out *proc.Result, sc *script, q *Query, values []sexp) error {
	replies, perr := parseSexps(string(out.Stdout))
	var (
		scriptErrs []string
		phase      int // 0: script, 1: status, 2: values, 3: reason
		seenStatus bool
	)
	for _, r := range replies {
		if r.head() == "error" {
			msg := ""
			if len(r.list) > 1 {
				msg = r.list[1].stringValue()
			}
			switch {
			case phase <= 1:
				scriptErrs = append(scriptErrs, msg)
			case phase == 2:
				if res.Status == Sat {
					return &SolverError{Solver: res.Solver, Messages: []string{"get-value: " + msg}}
				}
				phase = 3
			}
			continue
		}
		switch phase {
		case 0:
			if !r.isList && r.stringValue() == checkMarker {
				phase = 1
			}
		case 1:
			switch r.atom {
			case "sat":
				res.Status = Sat
			case "unsat":
				res.Status = Unsat
			case "unknown":
				res.Status = Unknown
			default:
				continue
			}
			seenStatus = true
			phase = 2
			if len(values) == 0 {
				phase = 3
			}
		case 2:
			phase = 3
			if res.Status != Sat {
				// The bitwuzla driver answers no get-value after
				// unknown: this is already the reason.
				if r.head() == ":reason-unknown" && len(r.list) == 2 {
					res.Reason = r.list[1].stringValue()
				}
				continue
			}
			if !r.isList || len(r.list) != len(values) {
				return fmt.Errorf("smt: %s: get-value reply %s does not match %d terms", res.Solver, r, len(values))
			}
			res.Model = make(map[string]Value, len(values))
			for i, pair := range r.list {
				if !pair.isList || len(pair.list) != 2 {
					return fmt.Errorf("smt: %s: bad get-value pair %s", res.Solver, pair)
				}
				res.Model[q.Values[i]] = decodeValue(pair.list[1], sc.sortOf(values[i]))
			}
		case 3:
			if r.head() == ":reason-unknown" && len(r.list) == 2 && res.Status == Unknown {
				res.Reason = r.list[1].stringValue()
			}
		}
	}
	if len(scriptErrs) > 0 {
		return &SolverError{Solver: res.Solver, Messages: scriptErrs}
	}
	if !seenStatus {
		msg := strings.TrimSpace(string(out.Stderr))
		if perr != nil {
			msg = strings.TrimSpace(msg + " (unreadable output: " + perr.Error() + ")")
		}
		if msg == "" {
			msg = strings.TrimSpace(string(out.Stdout))
		}
		return fmt.Errorf("smt: %s: no answer (exit status %d%s): %s", res.Solver, out.ExitCode, signalNote(out), msg)
	}
	if res.Status == Sat && len(values) > 0 && res.Model == nil {
		return fmt.Errorf("smt: %s: sat but no reply to get-value (exit status %d%s): %s", res.Solver, out.ExitCode,
			signalNote(out), strings.TrimSpace(string(out.Stderr)))
	}
	if res.Status == Unknown && res.Reason == "" {
		res.Reason = "solver gave no reason"
	}
	return nil
}

func signalNote(out *proc.Result) string {
	if out.Signal != "" {
		return ", " + out.Signal
	}
	return ""
}
