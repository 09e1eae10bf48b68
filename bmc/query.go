package bmc

import (
	"bytes"
	"time"
)

// DefaultTimeout is the per-check time budget when Query.Timeout is 0,
// VIVERRA's 60 s.
const DefaultTimeout = 60 * time.Second

// A Query asks whether one target assertion holds at bound K, with some
// assertions turned into assumptions (Definition 5) and every other
// assertion removed.
type Query struct {
	Program *Program
	Target  int   // index into Program.Asserts
	Assume  []int // indices turned into assumptions
	K       int   // unwind bound (loops and recursion)
	// UnwindingAssertions also checks that no loop can run more than K
	// times; a VERIFIED answer then has BoundComplete=true (the fact holds
	// on every execution, not only k-bounded ones).
	UnwindingAssertions bool
	Timeout             time.Duration // per check; 0 means DefaultTimeout
	// Variant selects one variant of a variant schema (Program.Switch):
	// the program runs with the switch equal to Variant. 0 is the program
	// as written; a program without a switch ignores it.
	Variant int
}

// TimeoutOrDefault returns q.Timeout, or DefaultTimeout when it is 0.
func (q *Query) TimeoutOrDefault() time.Duration {
	if q.Timeout > 0 {
		return q.Timeout
	}
	return DefaultTimeout
}

// Render writes the query as a C program. The target becomes
// `assertFn(pred);` (assertFn "" means C's assert, which every engine
// knows, whatever the source's spelling: a program's own __VERIFIER_assert
// may call an error function an engine takes for another property), each
// assumption `assumeFn(pred);`, and every other assertion an empty
// statement `;`. Physical lines are preserved: each rewritten statement is
// followed by as many newlines as the original spanned, so counterexample
// lines map back to the source. A call of reach_error or __VERIFIER_error
// that is not the target stays as written when the program defines that
// function (its body runs, as on a real run), and is removed otherwise.
// Everything else is copied verbatim.
func (q *Query) Render(assertFn, assumeFn string) []byte {
	p := q.Program
	assume := make(map[int]bool, len(q.Assume))
	for _, i := range q.Assume {
		assume[i] = true
	}
	// A call of an error function the program defines itself stays when
	// it is not the target: its body is part of what the program does.
	keepCall := map[string]bool{}
	for _, fn := range []string{"reach_error", "__VERIFIER_error"} {
		keepCall[fn] = p.Func(fn) != nil
	}
	var b bytes.Buffer
	b.Grow(len(p.Source) + 64)
	last := 0
	for _, a := range p.Asserts {
		writeSwitch(&b, p.Source, last, a.Start, p.Switch, q.Variant)
		switch {
		case a.Index == q.Target:
			fn := assertFn
			if fn == "" {
				fn = "assert"
			}
			b.WriteString(fn + "(" + a.Pred + ");")
		case assume[a.Index]:
			b.WriteString(assumeFn + "(" + a.Pred + ");")
		case keepCall[a.Form]:
			b.Write(p.Source[a.Start:a.End])
			last = a.End
			continue
		default:
			b.WriteString(";")
		}
		for _, c := range p.Source[a.Start:a.End] {
			if c == '\n' {
				b.WriteByte('\n')
			}
		}
		last = a.End
	}
	writeSwitch(&b, p.Source, last, len(p.Source), p.Switch, q.Variant)
	return b.Bytes()
}
