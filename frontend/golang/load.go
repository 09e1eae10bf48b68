package golang

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/suretydev/surety/frontend"
)

// loadMode is go/packages' LoadSyntax: typed syntax for the packages asked
// for, their dependencies from export data. Type-checking every dependency
// from source (NeedDeps) would triple the cost and add nothing: SSA bodies
// are built for the packages asked for only.
const loadMode = packages.LoadSyntax

// load loads the packages of the given files, module by module, extracts
// the model of each requested file, and attaches call targets from the
// call graph built on SSA.
func load(ctx context.Context, paths []string, mode frontend.Mode, algo Algorithm) ([]*frontend.File, error) {
	// The files asked for, by absolute path, and the directories holding
	// them, grouped by module root.
	want := map[string]string{}
	byRoot := map[string][]string{}
	// why says, by directory, why go list is not run on it.
	why := map[string]string{}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("golang: %s: %w", p, err)
		}
		want[abs] = filepath.ToSlash(p)
		dir := filepath.Dir(abs)
		if _, seen := why[dir]; !seen {
			why[dir] = ""
			if odd := irregular(dir); len(odd) > 0 {
				why[dir] = "syntax-only: go list would block reading " + strings.Join(odd, ", ") + " in this directory"
			}
		}
		if why[dir] != "" {
			continue
		}
		root := moduleRoot(dir)
		if !slices.Contains(byRoot[root], dir) {
			byRoot[root] = append(byRoot[root], dir)
		}
	}
	roots := make([]string, 0, len(byRoot))
	for r := range byRoot {
		roots = append(roots, r)
	}
	slices.Sort(roots)

	var files []*frontend.File
	done := map[string]bool{}
	for _, root := range roots {
		var groups [][]string // patterns, loaded together
		if hasGoMod(root) {
			var ps []string
			for _, d := range byRoot[root] {
				rel, err := filepath.Rel(root, d)
				if err != nil {
					return nil, err
				}
				ps = append(ps, "./"+filepath.ToSlash(rel))
			}
			groups = append(groups, ps)
		} else {
			// Outside a module, go list takes the .go files of one
			// directory as a package of their own.
			for abs := range want {
				if filepath.Dir(abs) == root && why[root] == "" {
					groups = append(groups, nil)
					break
				}
			}
			if len(groups) > 0 {
				for abs := range want {
					if filepath.Dir(abs) == root && why[root] == "" && !strings.HasSuffix(abs, "_test.go") {
						groups[0] = append(groups[0], abs)
					}
				}
				slices.Sort(groups[0])
			}
		}
		for _, patterns := range groups {
			fs, err := loadPackages(ctx, root, patterns, want, done, mode, algo)
			if err != nil {
				return nil, err
			}
			files = append(files, fs...)
		}
	}
	// Files no package claimed (build-tag excluded, outside any module,
	// ignored directories): syntax only.
	var rest []string
	for abs := range want {
		if !done[abs] {
			rest = append(rest, abs)
		}
	}
	slices.Sort(rest)
	for _, abs := range rest {
		content, err := frontend.ReadFile(ctx, abs)
		if err != nil {
			return files, fmt.Errorf("golang: %w", err)
		}
		if err := frontend.CheckText(content); err != nil {
			return files, fmt.Errorf("golang: %s: %w", want[abs], err)
		}
		f, _ := parseSyntaxOnly(&frontend.Source{Path: want[abs], Content: content}, mode)
		f.Resolver = "syntax-only: not part of a loadable package"
		if w := why[filepath.Dir(abs)]; w != "" {
			f.Resolver = w
		}
		files = append(files, f)
	}
	return files, nil
}

// irregular lists the entries of dir that go list would open and could
// block on: named pipes, sockets, devices, and links to them. go list
// reads every source file of a package directory, .c and .s included, and
// knows no context but its own kill, so such a directory is read syntax
// only. A broken or looping link fails at once and is no danger.
func irregular(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		t := e.Type()
		if t.IsRegular() || t.IsDir() {
			continue
		}
		kind := frontend.Kind(t)
		if t&fs.ModeSymlink != 0 {
			info, err := os.Stat(filepath.Join(dir, e.Name()))
			if err != nil || info.Mode().IsRegular() || info.IsDir() {
				continue
			}
			kind = "link to a " + frontend.Kind(info.Mode())
		}
		out = append(out, e.Name()+" ("+kind+")")
	}
	return out
}

func hasGoMod(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// moduleRoot returns the nearest directory at or above dir holding a
// go.mod, or dir itself.
func moduleRoot(dir string) string {
	for d := dir; ; {
		if hasGoMod(d) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func loadPackages(ctx context.Context, root string, patterns []string, want map[string]string, done map[string]bool, mode frontend.Mode, algo Algorithm) ([]*frontend.File, error) {
	if len(patterns) == 0 {
		return nil, nil
	}
	// Test variants are loaded only when test files were asked for: they
	// type-check every package a second time.
	tests := false
	for abs := range want {
		if strings.HasSuffix(abs, "_test.go") {
			tests = true
			break
		}
	}
	cfg := &packages.Config{Context: ctx, Mode: loadMode, Dir: root, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("golang: loading %s: %w", root, err)
	}
	// Prefer a package's test variant, which holds its _test.go files too.
	slices.SortStableFunc(pkgs, func(a, b *packages.Package) int {
		return boolInt(!strings.Contains(a.ID, "[")) - boolInt(!strings.Contains(b.ID, "["))
	})

	var (
		files []*frontend.File
		exs   []*extractor
		typed []*packages.Package
	)
	for _, p := range pkgs {
		resolver := string(algo)
		if p.IllTyped || len(p.Errors) > 0 {
			resolver = "syntax-only: package does not type-check"
			if len(p.Errors) > 0 {
				resolver += ": " + p.Errors[0].Msg
			}
		} else {
			typed = append(typed, p)
		}
		for i, af := range p.Syntax {
			if i >= len(p.CompiledGoFiles) {
				break
			}
			// af.Pos() is the package clause, which a file may lack
			// (empty, comments only): FileStart is always in the set.
			tf := p.Fset.File(af.FileStart)
			if tf == nil {
				continue // not a file of ours; the syntax-only pass reads it
			}
			abs := tf.Name()
			path, ok := want[abs]
			if !ok || done[abs] {
				continue
			}
			content, err := frontend.ReadFile(ctx, abs)
			if err != nil {
				return nil, fmt.Errorf("golang: %w", err)
			}
			done[abs] = true
			x := &extractor{fset: p.Fset, mode: mode, path: path, abs: abs, src: content}
			if !strings.HasPrefix(resolver, "syntax-only") {
				x.info = p.TypesInfo
			}
			f := x.file(af, p.PkgPath)
			f.Resolver = resolver
			for _, e := range p.Errors {
				if pos := e.Pos; strings.HasPrefix(pos, abs+":") {
					f.Errors = append(f.Errors, packageError(path, content, af, e))
				}
			}
			files = append(files, f)
			if x.info != nil {
				exs = append(exs, x)
			}
		}
	}
	if len(exs) > 0 && mode.Has(frontend.NeedCalls) {
		if err := attachCalls(typed, exs, algo); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// packageError turns an error go/packages reports at pos "file:line:col"
// of one file into a syntax error of that file, said plainly when the file
// has no package clause (empty or comments only), which go list reports
// only as "expected 'package'".
func packageError(path string, src []byte, af *ast.File, e packages.Error) frontend.SyntaxError {
	msg := e.Msg
	if !af.Package.IsValid() {
		msg = "no package clause (a Go file must start with one; empty and comment-only files are not Go files): " + msg
	}
	sp := frontend.Span{File: path, StartLine: 1, EndLine: 1}
	parts := strings.Split(e.Pos, ":")
	if n := len(parts); n >= 3 {
		if line, err := strconv.Atoi(parts[n-2]); err == nil && line >= 1 {
			sp.StartLine, sp.EndLine = line, line
		}
	}
	// The span covers the start of its line, which lies inside the file.
	off, line := 0, 1
	for off < len(src) && line < sp.StartLine {
		if src[off] == '\n' {
			line++
		}
		off++
	}
	if line < sp.StartLine {
		sp.StartLine, sp.EndLine = line, line
	}
	sp.StartByte, sp.EndByte = off, off
	return frontend.SyntaxError{Span: sp, Msg: msg}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// attachCalls builds SSA for the type-checked packages, computes the call
// graph with algo, and fills Call.Resolved and Call.Targets.
func attachCalls(pkgs []*packages.Package, exs []*extractor, algo Algorithm) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("golang: building the call graph: %v", r)
		}
	}()
	prog, _ := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	cg := cha.CallGraph(prog)
	if algo == VTA {
		cg = vta.CallGraph(ssautil.AllFunctions(prog), cg)
	}

	// Every function and call site of the model, keyed by file and offset.
	type key struct {
		file string
		off  int
	}
	funcs := map[key]*frontend.Function{}
	calls := map[key]*frontend.Call{}
	for _, x := range exs {
		for off, fn := range x.funcs {
			funcs[key{x.abs, off}] = fn
		}
		for off, c := range x.calls {
			c.Resolved = true // a call the graph does not reach has no target in the program
			calls[key{x.abs, off}] = c
		}
	}
	fset := prog.Fset
	// at keys a position by file name and offset; it avoids
	// FileSet.Position, which also computes lines and columns.
	at := func(pos token.Pos) (key, bool) {
		tf := fset.File(pos)
		if tf == nil {
			return key{}, false
		}
		return key{tf.Name(), tf.Offset(pos)}, true
	}
	// targets follows synthetic wrappers (bound methods, thunks, generic
	// instances) to the functions of the model they reach, once per
	// function.
	memo := map[*ssa.Function][]string{}
	var targets func(fn *ssa.Function, depth int) []string
	targets = func(fn *ssa.Function, depth int) []string {
		if ts, ok := memo[fn]; ok {
			return ts
		}
		memo[fn] = nil // cuts cycles among wrappers
		var out []string
		if syn := fn.Syntax(); syn != nil {
			if k, ok := at(syn.Pos()); ok {
				if m := funcs[k]; m != nil {
					out = []string{m.ID()}
				}
			}
		}
		switch {
		case out != nil:
		case fn.Origin() != nil:
			out = targets(fn.Origin(), depth+1)
		case fn.Synthetic != "" && depth < 8:
			if n := cg.Nodes[fn]; n != nil {
				for _, e := range n.Out {
					out = append(out, targets(e.Callee.Func, depth+1)...)
				}
			}
		}
		memo[fn] = out
		return out
	}
	return callgraph.GraphVisitEdges(cg, func(e *callgraph.Edge) error {
		if e.Site == nil {
			return nil
		}
		k, ok := at(e.Site.Common().Pos())
		if !ok {
			return nil
		}
		c := calls[k]
		if c == nil {
			return nil
		}
		for _, t := range targets(e.Callee.Func, 0) {
			if !slices.Contains(c.Targets, t) {
				c.Targets = append(c.Targets, t)
			}
		}
		slices.Sort(c.Targets)
		return nil
	})
}
