package callgraph_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// This file checks the call graph's precision against a compiler's view:
// the MIR rustc prints with --emit=mir, where every Call terminator names
// the callee rustc resolved. A call is compared when both its caller and
// its callee are functions of the crate and the callee is static (not a
// call through dyn Trait or a function value).

// mirIndex finds the graph's node for a function as MIR names it.
type mirIndex struct {
	byName map[string][]*callgraph.Node // simple name -> nodes
}

func newMIRIndex(g *callgraph.Graph) *mirIndex {
	ix := &mirIndex{byName: map[string][]*callgraph.Node{}}
	for _, n := range g.Nodes {
		if n.Func() != nil && n.Func().Parent == "" {
			ix.byName[n.Func().Name] = append(ix.byName[n.Func().Name], n)
		}
	}
	return ix
}

var implOf = regexp.MustCompile(`<impl [^<>]+>`)

var implAt = regexp.MustCompile(`<impl at ([^:>]+):(\d+):\d+: \d+:\d+>::(\w+)$`)

// header returns the node of a MIR function header's path: "m::<impl at
// f.rs:5:1: 5:11>::name" (the first method called name after line 5 of
// f.rs), "Trait::name" (a default method), "m::name" or "name".
func (ix *mirIndex) header(p string) *callgraph.Node {
	if i := strings.Index(p, "::{"); i >= 0 {
		p = p[:i] // a closure or constant belongs to its function
	}
	if m := implAt.FindStringSubmatch(p); m != nil {
		var line int
		fmt.Sscan(m[2], &line)
		var best *callgraph.Node
		for _, n := range ix.byName[m[3]] {
			f := filepath.ToSlash(n.File())
			if n.Func().Receiver == "" || !strings.HasSuffix(f, "/"+m[1]) && f != m[1] || n.Func().Span.StartLine < line {
				continue
			}
			if best == nil || n.Func().Span.StartLine < best.Func().Span.StartLine {
				best = n
			}
		}
		return best
	}
	segs := strings.Split(stripTurbofish(p), "::")
	name := segs[len(segs)-1]
	var out []*callgraph.Node
	for _, n := range ix.byName[name] {
		if len(segs) >= 2 && n.Func().Receiver != "" && n.Func().Receiver == segs[len(segs)-2] && n.Func().Receiver == n.Func().Trait {
			out = append(out, n) // a trait's default method
		}
		if n.Func().Receiver == "" && strings.HasSuffix("::"+n.Func().Module+"::"+name, "::"+strings.Join(segs, "::")) {
			out = append(out, n)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return nil
}

// callee returns the node a MIR call names, "" reasons: "dyn" for a
// dynamic or indirect call, "outside" for a callee not in the crate.
func (ix *mirIndex) callee(p string) (*callgraph.Node, string) {
	// m::<impl T>::f names a method of an inherent impl of T in m.
	p = implOf.ReplaceAllStringFunc(p, func(s string) string { return baseOf(s[6 : len(s)-1]) })
	p = stripTurbofish(p)
	if strings.HasPrefix(p, "move ") || strings.HasPrefix(p, "copy ") || strings.HasPrefix(p, "(") {
		return nil, "dyn"
	}
	recv, trait, name := "", "", p
	if strings.HasPrefix(p, "<") {
		end := closeAngle(p)
		if end < 0 || !strings.HasPrefix(p[end+1:], "::") {
			return nil, "outside"
		}
		inner, rest := p[1:end], p[end+3:]
		name = rest
		t, tr, ok := strings.Cut(inner, " as ")
		if !ok {
			return nil, "outside"
		}
		recv, trait = baseOf(t), baseOf(tr)
		if strings.HasPrefix(strings.TrimLeft(t, "&"), "dyn ") || t == "Self" || len(recv) == 1 {
			return nil, "dyn"
		}
	} else {
		segs := strings.Split(p, "::")
		name = segs[len(segs)-1]
		if len(segs) >= 2 {
			recv = segs[len(segs)-2]
		}
		var out []*callgraph.Node
		for _, n := range ix.byName[name] {
			if n.Func().Receiver != "" && n.Func().Receiver == recv {
				out = append(out, n)
			} else if n.Func().Receiver == "" && strings.HasSuffix("::"+n.Func().Module+"::"+name, "::"+p) {
				out = append(out, n)
			}
		}
		if len(out) > 1 && len(segs) > 2 {
			// Several types of one name: the path's modules tell them apart.
			mod := "::" + strings.Join(segs[:len(segs)-2], "::")
			var in []*callgraph.Node
			for _, n := range out {
				if strings.HasSuffix("::"+n.Func().Module, mod) {
					in = append(in, n)
				}
			}
			out = in
		}
		if len(out) == 1 {
			return out[0], ""
		}
		return nil, "outside"
	}
	var out []*callgraph.Node
	for _, n := range ix.byName[name] {
		if n.Func().Receiver == recv && (n.Func().Trait == trait || trait == "") {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		// A default method the type does not override.
		for _, n := range ix.byName[name] {
			if n.Func().Receiver == trait {
				out = append(out, n)
			}
		}
	}
	if len(out) == 1 {
		return out[0], ""
	}
	return nil, "outside"
}

func closeAngle(p string) int {
	d := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '<':
			d++
		case '>':
			if i > 0 && p[i-1] == '-' {
				continue
			}
			d--
			if d == 0 {
				return i
			}
		}
	}
	return -1
}

// stripTurbofish removes the generic arguments of a path: Vec::<T>::push.
func stripTurbofish(p string) string {
	for {
		i := strings.Index(p, "::<")
		if i < 0 {
			return p
		}
		end := closeAngle(p[i+2:])
		if end < 0 {
			return p
		}
		p = p[:i] + p[i+2+end+1:]
	}
}

func baseOf(t string) string {
	t = strings.TrimSpace(strings.TrimLeft(t, "&"))
	t = strings.TrimPrefix(t, "mut ")
	t = strings.TrimPrefix(t, "dyn ")
	if i := strings.IndexByte(t, '<'); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndex(t, "::"); i >= 0 {
		t = t[i+2:]
	}
	return strings.TrimSpace(t)
}

var (
	mirFn   = regexp.MustCompile(`^fn (.+?)\(`)
	mirCall = regexp.MustCompile(`^\s+(?:_\d+ = )?(.+?)\(.*\) -> (?:\[return|unwind)`)
)

// pair is a caller and callee by node ID.
type pair struct{ from, to string }

// mirEdges reads a MIR dump and returns the static calls between the
// crate's functions, and how many calls were dynamic.
func mirEdges(r io.Reader, ix *mirIndex) (map[pair]bool, int) {
	out := map[pair]bool{}
	dyn := 0
	var cur *callgraph.Node
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if m := mirFn.FindStringSubmatch(line); m != nil {
			cur = ix.header(m[1])
			continue
		}
		if cur == nil {
			continue
		}
		m := mirCall.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(strings.TrimSpace(m[1]), "assert") || strings.HasPrefix(strings.TrimSpace(m[1]), "drop") {
			continue
		}
		callee, why := ix.callee(strings.TrimSpace(m[1]))
		switch {
		case why == "dyn":
			dyn++
		case callee != nil:
			out[pair{cur.ID, callee.ID}] = true
		}
	}
	return out, dyn
}

// precision compares g's sound edges with the MIR's static calls, on the
// callers MIR has a body for.
type precision struct {
	mir, sure, both, ambiguousHit, ambiguousMiss int
	// byName, byNameBoth: the sound edges found by name alone, and those
	// of them MIR confirms.
	byName, byNameBoth int
}

func compareMIR(g *callgraph.Graph, mir map[pair]bool) precision {
	callers := map[string]bool{}
	for p := range mir {
		callers[p.from] = true
	}
	var pr precision
	pr.mir = len(mir)
	sure := map[pair]bool{}
	amb := map[pair]bool{}
	for _, e := range g.Edges {
		if !callers[e.Caller.ID] {
			continue
		}
		if e.Ambiguous {
			amb[pair{e.Caller.ID, e.Callee.ID}] = true
			continue
		}
		p := pair{e.Caller.ID, e.Callee.ID}
		if e.ByName && !sure[p] {
			pr.byName++
			if mir[p] {
				pr.byNameBoth++
			}
		}
		sure[p] = true
	}
	pr.sure = len(sure)
	for p := range sure {
		if mir[p] {
			pr.both++
		}
	}
	for p := range mir {
		if !sure[p] {
			if amb[p] {
				pr.ambiguousHit++
			} else {
				pr.ambiguousMiss++
			}
		}
	}
	return pr
}

func (p precision) String() string {
	return fmt.Sprintf("MIR static calls %d, surety sound edges %d, both %d: precision %.1f%%, recall %.1f%% (+%d more among ambiguous candidates, %d missed); by name alone %d edges, %d confirmed",
		p.mir, p.sure, p.both, 100*float64(p.both)/float64(max(p.sure, 1)), 100*float64(p.both)/float64(max(p.mir, 1)), p.ambiguousHit, p.ambiguousMiss, p.byName, p.byNameBoth)
}

func loadCrate(t *testing.T, dir string) *callgraph.Graph {
	t.Helper()
	prog, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil {
		t.Fatal(err)
	}
	return callgraph.Build(prog, nil)
}

// TestMIRPrecision compares the graph of testdata/mir with rustc's MIR of
// it: every sound edge must be a call rustc resolved, and every static
// call rustc resolved a sound edge.
func TestMIRPrecision(t *testing.T) {
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		t.Skip("needs rustc, not found")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "fix.mir")
	cmd := exec.Command(rustc, "--edition", "2021", "--crate-type", "lib", "--crate-name", "mirfix", "--emit=mir", "-o", out, "lib.rs")
	cmd.Dir = "testdata/mir/src"
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("rustc: %v\n%s", err, b)
	}
	g := loadCrate(t, "testdata/mir/src")
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mir, _ := mirEdges(f, newMIRIndex(g))
	pr := compareMIR(g, mir)
	t.Log(pr)
	if pr.mir < 10 || pr.both != pr.sure || pr.both != pr.mir {
		t.Errorf("want every sound edge in MIR and every MIR call a sound edge: %v", pr)
		for p := range mir {
			t.Logf("mir %s -> %s", p.from, p.to)
		}
		for _, e := range g.Edges {
			t.Logf("surety %s -> %s ambiguous=%v", e.Caller.ID, e.Callee.ID, e.Ambiguous)
		}
	}
}

// TestMIRPrecisionCrate compares a whole crate when SURETY_MIR names its
// MIR dump (cargo rustc --lib -- --emit=mir) and SURETY_MIR_SRC its
// sources; docs/BENCHMARKS.md records the figures for CCC.
func TestMIRPrecisionCrate(t *testing.T) {
	mirPath, src := os.Getenv("SURETY_MIR"), os.Getenv("SURETY_MIR_SRC")
	if mirPath == "" || src == "" {
		t.Skip("set SURETY_MIR and SURETY_MIR_SRC")
	}
	g := loadCrate(t, src)
	f, err := os.Open(mirPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mir, dyn := mirEdges(f, newMIRIndex(g))
	pr := compareMIR(g, mir)
	r := callgraph.MakeReport(g, nil)
	t.Logf("%v; MIR dynamic calls %d; graph: %d edges, %.1f%% ambiguous", pr, dyn, r.Edges, 100*r.AmbiguousShare)
}
