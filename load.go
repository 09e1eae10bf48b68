package surety

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/llm"
)

// ErrNoModel is returned by a pipeline that has something to ask a
// language model and was given none. A pipeline checks its input first
// (paths, records, reports) and asks for the model only then, so that a
// command line can name a bad input before a missing model, and a run with
// nothing to ask needs no model at all.
var ErrNoModel = errors.New("surety: no language model given")

// maxWarned bounds the skipped files named one by one in the warnings of
// a load; the rest are counted.
const maxWarned = 20

// loaded is a program loaded the way every pipeline loads the paths it is
// given.
type loaded struct {
	prog *frontend.Program
	root string
}

// load loads paths under root (frontend.ProjectRoot(paths) when root is
// "") with mode. A path named in paths that gives nothing (missing, not a
// regular file or directory, binary, not UTF-8, of no language surety
// reads) is an error naming it (see PathError), as is a set of paths with
// no source file, or, with needFuncs, with no function. A bad file found
// inside a directory, and a file with syntax errors, is a warning sent to
// warn as one line.
func load(ctx context.Context, paths []string, root string, mode frontend.Mode, needFuncs bool, warn func(string)) (*loaded, error) {
	root, err := projectRoot(root, paths)
	if err != nil {
		return nil, err
	}
	return loadIn(ctx, paths, &frontend.LoadOptions{Mode: mode, Root: root}, needFuncs, warn)
}

// loadIn is load with the frontend's options given whole.
func loadIn(ctx context.Context, paths []string, opts *frontend.LoadOptions, needFuncs bool, warn func(string)) (*loaded, error) {
	if warn == nil {
		warn = func(string) {}
	}
	prog, ferrs, err := frontend.Load(ctx, paths, opts)
	if err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	for _, fe := range ferrs {
		if isNamed(paths, fe.Path) {
			return nil, PathError(fe.Path, fe.Err)
		}
	}
	warnLoad(prog, ferrs, needFuncs, warn)
	if len(prog.Files) == 0 {
		return nil, fmt.Errorf("no source files surety reads in %s", strings.Join(paths, " "))
	}
	funcs := 0
	for _, f := range prog.Files {
		funcs += len(f.Functions)
	}
	if funcs == 0 && needFuncs {
		return nil, fmt.Errorf("no function found in %s", strings.Join(paths, " "))
	}
	return &loaded{prog: prog, root: opts.Root}, nil
}

// warnLoad sends warn a line for each file a load skipped (the first
// maxWarned, then a count), and with syntax, one for each file with syntax
// errors.
func warnLoad(prog *frontend.Program, ferrs []*frontend.FileError, syntax bool, warn func(string)) {
	for i, fe := range ferrs {
		if i == maxWarned {
			warn(fmt.Sprintf("and %d more files skipped", len(ferrs)-maxWarned))
			break
		}
		warn(fmt.Sprintf("skipped %v", fe))
	}
	for _, f := range prog.Files {
		if len(f.Errors) > 0 && syntax {
			// The parser keeps every function that parsed; the rest is
			// named, not silently dropped.
			more := ""
			if len(f.Errors) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(f.Errors)-1)
			}
			warn(fmt.Sprintf("%v%s; the functions that parsed are kept", f.Errors[0], more))
		}
	}
}

// PathError is the error of a path a user named: the path once, then what
// is wrong with it ("x.txt: not a source file surety reads (c, dafny, go,
// rust: known by the extension)", "x.c: no such file or directory"). It
// wraps err, except for frontend.ErrNoParser, which it spells out.
func PathError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, frontend.ErrNoParser):
		return fmt.Errorf("%s: not a source file surety reads (%s: known by the extension)", path, strings.Join(frontend.Names(), ", "))
	case errors.As(err, &pe):
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// isNamed reports whether path is one of paths, however spelled.
func isNamed(paths []string, path string) bool {
	for _, p := range paths {
		if p == path || filepath.Clean(p) == filepath.Clean(filepath.FromSlash(path)) {
			return true
		}
	}
	return false
}

// CheckPaths checks, without parsing, that each path can be loaded: it is
// there, it is a directory or a regular file of a language surety reads,
// and a file is text. The error names the path (see PathError).
func CheckPaths(ctx context.Context, paths []string) error {
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return PathError(p, err)
		}
		if info.IsDir() {
			continue
		}
		if !info.Mode().IsRegular() {
			return PathError(p, fmt.Errorf("%w (%s)", frontend.ErrNotRegular, frontend.Kind(info.Mode())))
		}
		if frontend.ForPath(p) == nil {
			return PathError(p, frontend.ErrNoParser)
		}
		data, err := frontend.ReadFile(ctx, p)
		if err == nil {
			err = frontend.CheckText(data)
		}
		if err != nil {
			return PathError(p, err)
		}
	}
	return nil
}

// CheckOutDir checks, before anything is asked, that dir can hold a
// pipeline's output: it is a directory or can be made one, and a file can
// be written in it. With dryRun nothing is created: only a path that is
// there and not a directory is an error. The error begins with dir.
func CheckOutDir(dir string, dryRun bool) error {
	info, err := os.Stat(dir)
	if err == nil && !info.IsDir() {
		return fmt.Errorf("%s: not a directory", dir)
	}
	if dryRun {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: cannot make the directory: %w", dir, unwrapPath(err))
	}
	f, err := os.CreateTemp(dir, ".surety-write-check-*")
	if err != nil {
		return fmt.Errorf("%s: cannot write there: %w", dir, unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// CheckOutFile checks that file can be written: it is not a directory and
// its directory can hold it (see CheckOutDir). The error begins with file.
func CheckOutFile(file string, dryRun bool) error {
	if info, err := os.Stat(file); err == nil && info.IsDir() {
		return fmt.Errorf("%s: is a directory", file)
	}
	if err := CheckOutDir(filepath.Dir(file), dryRun); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// unwrapPath drops the path of a *fs.PathError, which the message names
// already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// cutKnowledge cuts the domain-knowledge documents by the directory
// phases of g (FM-Agent: each part is shown only what concerns it),
// naming up to 12 functions of each part for the model. With an estimating
// model (llm.ErrEstimate) the cut cannot be known: every part gets every
// section, so the estimate counts the cut and the uncut prompts. It
// returns nil knowledge for no documents, and the part of each node.
func cutKnowledge(ctx context.Context, m llm.Model, g *callgraph.Graph, docs []contract.Document) (*contract.Knowledge, func(*callgraph.Node) string, error) {
	split := callgraph.Phases(g, &callgraph.PhaseOptions{By: callgraph.ByDirectory})
	partOf := func(n *callgraph.Node) string { return split.Phases[split.Of[n.Index]].Name }
	if len(docs) == 0 {
		return nil, partOf, nil
	}
	var parts []contract.Part
	for _, p := range split.Phases {
		part := contract.Part{Name: p.Name}
		for _, n := range p.Nodes[:min(12, len(p.Nodes))] {
			part.Functions = append(part.Functions, n.Func().QualifiedName())
		}
		parts = append(parts, part)
	}
	know, err := contract.CutKnowledge(ctx, m, docs, parts, nil)
	if errors.Is(err, llm.ErrEstimate) {
		return contract.Uncut(docs), partOf, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("surety: %w", err)
	}
	return know, partOf, nil
}

// sendTo returns a function that sends events to progress, one at a time,
// or drops them when progress is nil.
func sendTo(progress func(Event)) func(Event) {
	if progress == nil {
		return func(Event) {}
	}
	var mu sync.Mutex
	return func(ev Event) {
		mu.Lock()
		defer mu.Unlock()
		progress(ev)
	}
}

// warnTo returns a function that sends a warning as an event of stage.
func warnTo(send func(Event), stage string) func(string) {
	return func(msg string) { send(Event{Stage: stage, Warning: msg}) }
}
