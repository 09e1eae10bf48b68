package callgraph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// This file checks C edges against clang's view of each translation unit:
// in clang's JSON AST (clang -Xclang -ast-dump=json), a CallExpr whose
// callee is a DeclRefExpr to a FunctionDecl names the function called,
// after preprocessing. A pair (caller, callee name) is compared when the
// caller is defined in the file and the callee somewhere in the program.

// cnode is the part of a clang JSON AST node the check reads.
type cnode struct {
	Kind           string   `json:"kind"`
	Name           string   `json:"name"`
	Loc            cloc     `json:"loc"`
	Range          crange   `json:"range"`
	Inner          []*cnode `json:"inner"`
	ReferencedDecl *cnode   `json:"referencedDecl"`
}

type cloc struct {
	File         string `json:"file"`
	SpellingLoc  *cloc  `json:"spellingLoc"`
	ExpansionLoc *cloc  `json:"expansionLoc"`
}

type crange struct{ Begin, End cloc }

// file returns the file a location names, "" when it names none (clang
// leaves out the file when it is the last one printed).
func (l cloc) file() string {
	switch {
	case l.ExpansionLoc != nil && l.ExpansionLoc.File != "":
		return l.ExpansionLoc.File
	case l.File != "":
		return l.File
	case l.SpellingLoc != nil:
		return l.SpellingLoc.File
	}
	return ""
}

// clangCalls returns the direct calls (caller -> callee name) of the
// functions defined in main, and how many calls were indirect.
func clangCalls(root *cnode, main string) (map[pair]bool, int) {
	out := map[pair]bool{}
	indirect := 0
	cur := ""
	see := func(l cloc) {
		if f := l.file(); f != "" {
			cur = f
		}
	}
	var calls func(n *cnode, caller string)
	calls = func(n *cnode, caller string) {
		see(n.Loc)
		see(n.Range.Begin)
		see(n.Range.End)
		if n.Kind == "CallExpr" && len(n.Inner) > 0 {
			c := n.Inner[0]
			for (c.Kind == "ImplicitCastExpr" || c.Kind == "ParenExpr") && len(c.Inner) > 0 {
				c = c.Inner[0]
			}
			if c.Kind == "DeclRefExpr" && c.ReferencedDecl != nil && c.ReferencedDecl.Kind == "FunctionDecl" {
				out[pair{caller, c.ReferencedDecl.Name}] = true
			} else {
				indirect++
			}
		}
		for _, k := range n.Inner {
			calls(k, caller)
		}
	}
	for _, d := range root.Inner {
		see(d.Loc)
		see(d.Range.Begin)
		see(d.Range.End)
		inMain := cur == main
		if d.Kind != "FunctionDecl" || !inMain {
			// Still follow the locations inside, to keep cur right.
			for _, k := range d.Inner {
				calls(k, "")
			}
			continue
		}
		for _, k := range d.Inner {
			if k.Kind == "CompoundStmt" {
				calls(k, d.Name)
			} else {
				calls(k, "")
			}
		}
	}
	delete(out, pair{})
	for p := range out {
		if p.from == "" {
			delete(out, p)
		}
	}
	return out, indirect
}

// cPrecision compares g's edges from the functions of file with clang's
// calls of the same file.
type cPrecision struct {
	clang, sure, both, ambiguousHit, indirect int
}

func (p *cPrecision) add(g *callgraph.Graph, defined map[string]bool, file string, clang map[pair]bool) {
	n := 0
	for q := range clang {
		if defined[q.to] {
			n++
		} else {
			delete(clang, q)
		}
	}
	p.clang += n
	sure, amb := map[pair]bool{}, map[pair]bool{}
	for _, e := range g.Edges {
		if e.Caller.File() != file || e.Extra {
			continue
		}
		q := pair{e.Caller.Func().Name, e.Callee.Func().Name}
		if e.Ambiguous {
			amb[q] = true
		} else {
			sure[q] = true
		}
	}
	p.sure += len(sure)
	for q := range sure {
		if clang[q] {
			p.both++
		}
	}
	for q := range clang {
		if !sure[q] && amb[q] {
			p.ambiguousHit++
		}
	}
}

func (p cPrecision) String() string {
	return fmt.Sprintf("clang direct calls %d, surety sound edges %d, both %d: precision %.1f%%, recall %.1f%% (+%d among ambiguous candidates); clang indirect calls %d",
		p.clang, p.sure, p.both, 100*float64(p.both)/float64(max(p.sure, 1)), 100*float64(p.both)/float64(max(p.clang, 1)), p.ambiguousHit, p.indirect)
}

// clangCheck loads paths, then runs clang on each file of files with
// flags and compares.
func clangCheck(t *testing.T, clang string, paths, files, flags []string) cPrecision {
	t.Helper()
	prog, _, err := frontend.Load(context.Background(), paths, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil {
		t.Fatal(err)
	}
	g := callgraph.Build(prog, nil)
	defined := map[string]bool{}
	for _, n := range g.Nodes {
		defined[n.Func().Name] = true
	}
	var pr cPrecision
	for _, f := range files {
		args := append(append([]string{"-Xclang", "-ast-dump=json", "-fsyntax-only", "-w", "-ferror-limit=0"}, flags...), f)
		cmd := exec.Command(clang, args...)
		var out bytes.Buffer
		cmd.Stdout = &out
		_ = cmd.Run() // errors in a kernel file still give its AST
		var root cnode
		if err := json.Unmarshal(out.Bytes(), &root); err != nil {
			t.Logf("%s: no AST: %v", f, err)
			continue
		}
		calls, ind := clangCalls(&root, f)
		pr.indirect += ind
		pr.add(g, defined, f, calls)
	}
	return pr
}

// TestClangPrecision compares the graph of testdata/cptr and
// examples/graph/c with clang's AST of each file.
func TestClangPrecision(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("needs clang, not found")
	}
	dir := "../examples/graph/c"
	files, _ := filepath.Glob(dir + "/*.c")
	pr := clangCheck(t, clang, []string{dir}, files, nil)
	t.Log(pr)
	if pr.clang < 5 || pr.both != pr.sure || pr.both != pr.clang {
		t.Errorf("want every sound edge a clang call and every clang call a sound edge: %v", pr)
	}
}

// TestClangPrecisionTree compares a C tree: SURETY_CLANG_SRC lists the
// paths to load (separated by spaces), SURETY_CLANG_FILES a file listing
// the .c files to compare, SURETY_CLANG_FLAGS clang's flags (include
// paths, defines); docs/BENCHMARKS.md records the figures for Linux.
func TestClangPrecisionTree(t *testing.T) {
	src, list := os.Getenv("SURETY_CLANG_SRC"), os.Getenv("SURETY_CLANG_FILES")
	if src == "" || list == "" {
		t.Skip("set SURETY_CLANG_SRC, SURETY_CLANG_FILES and SURETY_CLANG_FLAGS")
	}
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("needs clang, not found")
	}
	b, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Fields(string(b))
	pr := clangCheck(t, clang, strings.Fields(src), files, strings.Fields(os.Getenv("SURETY_CLANG_FLAGS")))
	t.Logf("%d files: %v", len(files), pr)
}
