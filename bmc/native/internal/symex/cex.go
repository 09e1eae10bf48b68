package symex

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// CexData is a counterexample plus what replay needs: the values the
// nondet functions return, in order.
type CexData struct {
	Cex    *bmc.Counterexample
	Nondet []ReplayVal
}

// A ReplayVal is the value one nondet call returns in a replay.
type ReplayVal struct {
	Func string // "__VERIFIER_nondet_int", "malloc" (1: the allocation fails)
	T    *ctree.Type
	Int  *big.Int
	F    float64
}

// Values lists the terms whose values a counterexample needs.
func (tr *Translation) Values() []string { return tr.vals }

// collectValues lists the terms a counterexample is read from: inputs,
// stdin events and the guards of the steps. It runs once, when the
// translation is made, so that concurrent queries only read it.
func (tr *Translation) collectValues() []string {
	seen := map[string]bool{}
	var out []string
	add := func(t smt.Term) {
		if t == "" || t == smt.True || t == smt.False || seen[string(t)] {
			return
		}
		seen[string(t)] = true
		out = append(out, string(t))
	}
	for _, in := range tr.inputs {
		add(in.Guard)
		add(in.Term)
		add(in.Len)
		for _, g := range in.Reads {
			add(g)
		}
		for _, c := range in.Chars {
			add(c)
		}
	}
	for _, ev := range tr.events {
		add(ev.Guard)
		add(ev.Ret)
		add(ev.NL)
	}
	for _, st := range tr.steps {
		add(st.Guard)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// IsTrue reports whether the model m makes the Boolean term t true.
func IsTrue(m map[string]smt.Value, t smt.Term) bool {
	if t == smt.True {
		return true
	}
	if t == smt.False {
		return false
	}
	v, ok := m[string(t)]
	return ok && v.Bool != nil && *v.Bool
}

func intOf(m map[string]smt.Value, t smt.Term, ty *ctree.Type) *big.Int {
	v, ok := m[string(t)]
	if !ok || v.Int == nil {
		return big.NewInt(0)
	}
	if ty != nil && ty.Signed {
		return v.Signed()
	}
	return v.Int
}

func floatOf(m map[string]smt.Value, t smt.Term) float64 {
	v, ok := m[string(t)]
	if !ok || v.Float == nil {
		return 0
	}
	return *v.Float
}

func fmtFloat(f float64, t *ctree.Type) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', -1, t.Width)
}

func cLiteral(m map[string]smt.Value, in *input) string {
	switch {
	case in.Chars != nil:
		n := int(intOf(m, in.Len, ctree.TInt).Int64())
		var b []byte
		for i := 0; i < n && i < len(in.Chars); i++ {
			b = append(b, byte(intOf(m, in.Chars[i], ctree.TUChar).Int64()))
		}
		return strconv.Quote(string(b))
	case in.T.IsFloat():
		return fmtFloat(floatOf(m, in.Term), in.T)
	case in.T.IsPtr():
		return "pointer"
	case in.Kind == "malloc":
		if IsTrue(m, in.Term) {
			return "NULL"
		}
		return "a new block"
	}
	return intOf(m, in.Term, in.T).String()
}

// Counterexample reads a model into a counterexample. The inputs of the
// nondet functions and the allocations are named FUNC#N for the N-th call
// of FUNC on the model's run, as bmc.Replay reads them (the translation's
// own numbering counts the calls of every path).
func (tr *Translation) Counterexample(m map[string]smt.Value) *CexData {
	d := &CexData{Cex: &bmc.Counterexample{}}
	calls := map[string]int{}
	for _, in := range tr.inputs {
		if !IsTrue(m, in.Guard) || in.Kind == "skipped" || in.Kind == "uninit" && !slices.ContainsFunc(in.Reads, func(g smt.Term) bool { return IsTrue(m, g) }) {
			continue
		}
		name := in.Name
		if fn, _, ok := strings.Cut(name, "#"); ok && (in.Kind == "nondet" || in.Kind == "malloc") {
			calls[fn]++
			name = fn + "#" + strconv.Itoa(calls[fn])
		}
		d.Cex.Inputs = append(d.Cex.Inputs, bmc.Input{Name: name, Value: cLiteral(m, in), Line: in.Line, Uninit: in.Kind == "uninit"})
		// The replay supplies the nondet functions' values and the
		// allocations that fail; rand is glibc's own in a replayed run.
		switch in.Kind {
		case "nondet":
			rv := ReplayVal{Func: in.Name[:strings.IndexByte(in.Name, '#')], T: in.T}
			if in.T.IsFloat() {
				rv.F = floatOf(m, in.Term)
			} else {
				rv.Int = intOf(m, in.Term, in.T)
			}
			d.Nondet = append(d.Nondet, rv)
		case "malloc":
			rv := ReplayVal{Func: "malloc", T: ctree.TInt, Int: big.NewInt(0)}
			if IsTrue(m, in.Term) {
				rv.Int = big.NewInt(1)
			}
			d.Nondet = append(d.Nondet, rv)
		}
	}
	d.Cex.Stdin = tr.stdinText(m)
	last := -1
	for _, st := range tr.steps {
		if !IsTrue(m, st.Guard) {
			continue
		}
		if last >= 0 && d.Cex.Steps[last].Line == st.Line && d.Cex.Steps[last].Func == st.Func {
			continue
		}
		d.Cex.Steps = append(d.Cex.Steps, bmc.Step{Func: st.Func, Line: st.Line})
		last++
	}
	return d
}

// stdinText rebuilds the text that makes stdin deliver the model's input.
func (tr *Translation) stdinText(m map[string]smt.Value) string {
	var b strings.Builder
	sep := false // a token was written that the next number must not run into
	eof := false
	for _, ev := range tr.events {
		if eof || !IsTrue(m, ev.Guard) {
			continue
		}
		switch ev.Kind {
		case "getchar":
			c := intOf(m, ev.Ret, ctree.TInt).Int64()
			if c < 0 {
				eof = true
				continue
			}
			b.WriteByte(byte(c))
			sep = false
		case "fgets":
			if !IsTrue(m, ev.Ret) {
				eof = true
				continue
			}
			in := ev.Vals[0]
			n := int(intOf(m, in.Len, ctree.TInt).Int64())
			for i := 0; i < n && i < len(in.Chars); i++ {
				b.WriteByte(byte(intOf(m, in.Chars[i], ctree.TUChar).Int64()))
			}
			if IsTrue(m, ev.NL) {
				b.WriteByte('\n')
			}
			sep = false
		case "scanf":
			r := intOf(m, ev.Ret, ctree.TInt).Int64()
			if r < 0 {
				eof = true
				continue
			}
			k := 0
			stop := false
			for _, d := range ev.Dirs {
				if stop {
					break
				}
				switch d.Kind {
				case ' ':
					b.WriteByte(' ')
					sep = false
				case 'l':
					b.WriteByte(d.Lit)
					sep = false
				case '%':
					if d.Suppress {
						stop = true // cannot know what to write; replay will tell
						continue
					}
					if int64(k) >= r {
						// a conversion that fails: a character no number starts with
						if sep {
							b.WriteByte(' ')
						}
						b.WriteString("#")
						stop = true
						continue
					}
					in := ev.Vals[k]
					k++
					switch d.Conv {
					case 'c':
						b.WriteByte(byte(intOf(m, in.Term, ctree.TUChar).Int64()))
						sep = false
					case 's':
						if sep {
							b.WriteByte(' ')
						}
						n := int(intOf(m, in.Len, ctree.TInt).Int64())
						for i := 0; i < n && i < len(in.Chars); i++ {
							b.WriteByte(byte(intOf(m, in.Chars[i], ctree.TUChar).Int64()))
						}
						sep = true
					default:
						if sep {
							b.WriteByte(' ')
						}
						if in.T.IsFloat() {
							b.WriteString(fmtFloat(floatOf(m, in.Term), in.T))
						} else if d.Conv == 'x' {
							b.WriteString(intOf(m, in.Term, in.T).Text(16))
						} else if d.Conv == 'o' {
							b.WriteString(intOf(m, in.Term, in.T).Text(8))
						} else {
							b.WriteString(intOf(m, in.Term, in.T).String())
						}
						sep = true
					}
				}
			}
			if r < int64(len(ev.Vals)) {
				eof = true
			}
		}
	}
	if b.Len() > 0 && !eof {
		b.WriteByte('\n')
	}
	return b.String()
}
