package symex

import (
	"cmp"
	"github.com/suretydev/surety/smt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// A value is the result of evaluating an expression: an SMT term of the
// type's sort. For struct types the term is the address of the struct's
// first cell. b, when set, is the same value as a Bool term (conditions).
type value struct {
	t *ctree.Type
	s smt.Term
	b smt.Term
	// objs lists the objects a pointer may point to (object 0 is null);
	// known is false when any object is possible.
	objs  []int
	known bool
	// laid marks a pointer to a member or element that the layout of
	// its object's type gave (&q->m, &q->a[i], and pointer arithmetic
	// from there), not a conversion: see viewAs.
	laid bool
}

type vkey struct {
	f int
	v *ctree.Var
}

type mkey struct {
	o  int
	sk string
}

// A state is the symbolic state on the paths that reach a program point:
// guard is the condition for being there; regs the SSA registers, vobj the
// objects of memory-resident variables, mem the current array per object
// and cell sort (absent: the object's initial array).
type state struct {
	guard smt.Term
	regs  map[vkey]value
	vobj  map[vkey]int
	mem   map[mkey]smt.Term
	// cells holds the objects kept cell by cell (small objects of known
	// type): one term per cell; slices are shared and copied on write.
	cells map[mkey][]smt.Term
}

func newState() *state {
	return &state{guard: smt.True, regs: map[vkey]value{}, vobj: map[vkey]int{}, mem: map[mkey]smt.Term{}, cells: map[mkey][]smt.Term{}}
}

func (s *state) dead() bool { return s.guard == smt.False }

func (s *state) clone() *state {
	n := &state{guard: s.guard, regs: make(map[vkey]value, len(s.regs)), vobj: make(map[vkey]int, len(s.vobj)), mem: make(map[mkey]smt.Term, len(s.mem))}
	for k, v := range s.regs {
		n.regs[k] = v
	}
	for k, v := range s.vobj {
		n.vobj[k] = v
	}
	for k, v := range s.mem {
		n.mem[k] = v
	}
	n.cells = make(map[mkey][]smt.Term, len(s.cells))
	for k, v := range s.cells {
		n.cells[k] = v
	}
	return n
}

// withGuard returns a copy of s whose guard is g.
func (s *state) withGuard(g smt.Term) *state {
	n := s.clone()
	n.guard = g
	return n
}

func unionObjs(vs []value) ([]int, bool) {
	set := map[int]bool{}
	for _, v := range vs {
		if !v.known {
			return nil, false
		}
		for _, o := range v.objs {
			set[o] = true
		}
	}
	out := make([]int, 0, len(set))
	for o := range set {
		out = append(out, o)
	}
	sort.Ints(out)
	return out, true
}

// merge joins states at a control-flow join. Their guards are mutually
// exclusive; every differing register and array becomes an ite over them.
func (x *sym) merge(states []*state) *state {
	var live []*state
	for _, s := range states {
		if s != nil && !s.dead() {
			live = append(live, s)
		}
	}
	if len(live) == 0 {
		for _, s := range states {
			if s != nil {
				d := s.clone()
				d.guard = smt.False
				return d
			}
		}
		return nil
	}
	if len(live) == 1 {
		return live[0]
	}
	out := live[0].clone()
	var g []smt.Term
	for _, s := range live {
		g = append(g, s.guard)
	}
	out.guard = x.def(smt.BoolSort, smt.Or(g...))
	// registers
	keys := map[vkey]bool{}
	for _, s := range live {
		for k := range s.regs {
			keys[k] = true
		}
	}
	for _, k := range sortedVKeys(keys) {
		var vals []value
		var gs []smt.Term
		same := true
		var first *value
		for _, s := range live {
			v, ok := s.regs[k]
			if !ok {
				continue
			}
			if first == nil {
				first = &v
			} else if v.s != first.s {
				same = false
			}
			vals = append(vals, v)
			gs = append(gs, s.guard)
		}
		laid := true
		for _, v := range vals {
			laid = laid && v.laid
		}
		if same {
			o, kn := unionObjs(vals)
			nv := *first
			nv.objs, nv.known, nv.laid = o, kn, laid
			out.regs[k] = nv
			continue
		}
		t := vals[0].t
		term := vals[len(vals)-1].s
		for i := len(vals) - 2; i >= 0; i-- {
			term = ite(gs[i], vals[i].s, term)
		}
		o, kn := unionObjs(vals)
		out.regs[k] = value{t: t, s: x.def(t.SMTSort(), term), objs: o, known: kn, laid: laid}
		var ins []*input
		for _, v := range vals {
			ins = append(ins, x.uninit[v.s]...)
		}
		if len(ins) > 0 {
			x.uninit[out.regs[k].s] = ins
		}
	}
	for _, s := range live[1:] {
		for k, o := range s.vobj {
			if _, ok := out.vobj[k]; !ok {
				out.vobj[k] = o
			}
		}
	}
	// memory
	mkeys := map[mkey]bool{}
	for _, s := range live {
		for k := range s.mem {
			mkeys[k] = true
		}
	}
	for _, k := range sortedMKeys(mkeys) {
		var arrs []smt.Term
		same := true
		for i, s := range live {
			a, ok := s.mem[k]
			if !ok {
				a = x.initArr(k.o, k.sk)
			}
			arrs = append(arrs, a)
			if i > 0 && a != arrs[0] {
				same = false
			}
		}
		if same {
			out.mem[k] = arrs[0]
			continue
		}
		term := arrs[len(arrs)-1]
		for i := len(arrs) - 2; i >= 0; i-- {
			term = ite(live[i].guard, arrs[i], term)
		}
		out.mem[k] = x.def(arrSort(k.sk), term)
	}
	ckeys := map[mkey]bool{}
	for _, s := range live {
		for k := range s.cells {
			ckeys[k] = true
		}
	}
	for _, k := range sortedMKeys(ckeys) {
		var all [][]smt.Term
		for _, s := range live {
			all = append(all, x.getCells(s, k.o, k.sk))
		}
		merged := make([]smt.Term, len(all[0]))
		for i := range merged {
			term := all[len(all)-1][i]
			for j := len(all) - 2; j >= 0; j-- {
				term = ite(live[j].guard, all[j][i], term)
			}
			merged[i] = x.def(sortOfKey[k.sk], term)
		}
		out.cells[k] = merged
	}
	return out
}

// sortedVKeys and sortedMKeys order a merge's keys, so that the
// definitions it writes do not depend on map order.
func sortedVKeys(set map[vkey]bool) []vkey {
	out := slices.Collect(maps.Keys(set))
	slices.SortFunc(out, func(a, b vkey) int {
		return cmp.Or(cmp.Compare(a.f, b.f), cmp.Compare(a.v.ID, b.v.ID), strings.Compare(a.v.Name, b.v.Name))
	})
	return out
}

func sortedMKeys(set map[mkey]bool) []mkey {
	out := slices.Collect(maps.Keys(set))
	slices.SortFunc(out, func(a, b mkey) int { return cmp.Or(cmp.Compare(a.o, b.o), strings.Compare(a.sk, b.sk)) })
	return out
}

// dropFrame forgets the registers and variables of a returned call.
func (s *state) dropFrame(f int) {
	for k := range s.regs {
		if k.f == f {
			delete(s.regs, k)
		}
	}
	for k := range s.vobj {
		if k.f == f {
			delete(s.vobj, k)
		}
	}
}

var sortOfKey = map[string]smt.Sort{
	"b8": smt.BitVecSort(8), "b16": smt.BitVecSort(16), "b32": smt.BitVecSort(32), "b64": smt.BitVecSort(64),
	"f32": smt.Float32Sort, "f64": smt.Float64Sort, "p": smt.BitVecSort(64),
}

// zeroOfKey is the zero of a cell sort.
func zeroOfKey(sk string) smt.Term {
	switch sk {
	case "f32":
		return smt.FPZero(8, 24, false)
	case "f64":
		return smt.FPZero(11, 53, false)
	}
	return bvInt(0, map[string]int{"b8": 8, "b16": 16, "b32": 32, "b64": 64, "p": 64}[sk])
}

func arrSort(sk string) smt.Sort { return smt.ArraySort(offSort, sortOfKey[sk]) }
