package frontend

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ProjectRoot returns the directory that work on paths is keyed to, as an
// absolute path: the nearest directory at or above the paths' common
// ancestor that holds .git (the repository), else the nearest that holds
// go.mod or Cargo.toml (the module or crate), else the common ancestor
// itself, raised above a directory named src so that model paths keep the
// src/ from which Rust module paths are read. The paths need not exist; a
// path that is not a directory counts by its parent.
//
// Why: contract records, cached model replies and function IDs name
// files, and a file named "pkg/a.go" from the repository, "./a.go" from
// pkg/ or by its absolute path is one file. Loaded with this root as
// LoadOptions.Root, it gets one name, whatever the spelling or the
// working directory.
func ProjectRoot(paths []string) (string, error) {
	if len(paths) == 0 {
		return "", errors.New("frontend: no paths")
	}
	var common string
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			abs = filepath.Dir(abs)
		}
		if i == 0 {
			common = abs
			continue
		}
		for !within(common, abs) {
			common = filepath.Dir(common)
		}
	}
	for _, markers := range [][]string{{".git"}, {"go.mod", "Cargo.toml"}} {
		for d := common; ; {
			for _, m := range markers {
				if _, err := os.Stat(filepath.Join(d, m)); err == nil {
					return d, nil
				}
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	for d := common; ; d = filepath.Dir(d) {
		if filepath.Base(d) == "src" {
			common = filepath.Dir(d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return common, nil
}

// within reports whether path is dir or lies under it; both are clean
// absolute paths.
func within(dir, path string) bool {
	if dir == path {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(path, dir)
}

// Resolve returns the file a model path names under root: root joined
// with a relative path, an absolute path as it is. With root "" it returns
// path: the model's paths were the paths as given.
func Resolve(root, path string) string {
	if root == "" || filepath.IsAbs(filepath.FromSlash(path)) {
		return filepath.FromSlash(path)
	}
	return filepath.Join(root, filepath.FromSlash(path))
}

// ReadFileIn returns a function that reads model paths under root (see
// Resolve) with ReadFile: the ReadFile option of the stages that read
// source by span.
func ReadFileIn(root string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		return os.ReadFile(Resolve(root, path))
	}
}

// modelPath returns the name the model gives the file at path under
// root: relative to root and slash-separated, or absolute when it lies
// outside root.
func modelPath(root, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil || !within(rootAbs, abs) {
		return filepath.ToSlash(abs)
	}
	rel, err := filepath.Rel(rootAbs, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// rename gives the files a frontend loaded in one batch their model
// paths: names maps the path each File came back with to its new one.
// Spans, syntax errors and call targets (function IDs, which begin with
// the file's path and a colon) follow.
func rename(files []*File, names map[string]string) {
	target := func(id string) string {
		// An ID is "path:name@line"; the path may itself hold colons.
		for i := strings.IndexByte(id, ':'); i >= 0; {
			if n, ok := names[id[:i]]; ok {
				return n + id[i:]
			}
			j := strings.IndexByte(id[i+1:], ':')
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return id
	}
	span := func(s *Span) {
		if n, ok := names[s.File]; ok {
			s.File = n
		}
	}
	var stmts func([]*Stmt)
	stmts = func(ss []*Stmt) {
		for _, s := range ss {
			if s == nil {
				continue
			}
			span(&s.Span)
			stmts(s.Body)
			stmts(s.Else)
		}
	}
	for _, f := range files {
		if n, ok := names[f.Path]; ok {
			f.Path = n
		}
		for i := range f.Errors {
			span(&f.Errors[i].Span)
		}
		for _, t := range f.Types {
			span(&t.Span)
		}
		for _, fn := range f.Functions {
			span(&fn.Span)
			for _, c := range fn.Calls {
				span(&c.Span)
				for i, t := range c.Targets {
					c.Targets[i] = target(t)
				}
				slices.Sort(c.Targets)
			}
			for i := range fn.Specs {
				span(&fn.Specs[i].Span)
			}
			if fn.Body != nil {
				stmts([]*Stmt{fn.Body})
			}
		}
	}
}
