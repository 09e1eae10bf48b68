// Package files holds what the command line and the pipelines share about
// the paths a user names: errors that name them, checks made before anything
// is asked, reading a source file safely, writing JSON, the cache directory.
package files

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/frontend"
)

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

// IsNamed reports whether path is one of paths, however spelled.
func IsNamed(paths []string, path string) bool {
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
		return fmt.Errorf("%s: cannot make the directory: %w", dir, UnwrapPath(err))
	}
	f, err := os.CreateTemp(dir, ".surety-write-check-*")
	if err != nil {
		return fmt.Errorf("%s: cannot write there: %w", dir, UnwrapPath(err))
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

// UnwrapPath drops the path of a *fs.PathError, which the message names
// already.
func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadSource reads the file at path a user named, for Facts say. Only a
// regular file is read: a FIFO or a device named by mistake is an error,
// not a hang. The error names the path (PathError).
func ReadSource(ctx context.Context, path string) ([]byte, error) {
	data, err := frontend.ReadFile(ctx, path)
	if err != nil {
		return nil, PathError(path, err)
	}
	return data, nil
}

// UserCacheDir is the directory sub of surety's part of the user's cache:
// $XDG_CACHE_HOME/surety/SUB, or $HOME/.cache/surety/SUB, as getenv reads
// them (os.Getenv in a program); "" when neither is set.
func UserCacheDir(getenv func(string) string, sub string) string {
	if d := getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "surety", sub)
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "surety", sub)
	}
	return ""
}

// WriteJSON writes v as indented JSON, with <, > and & as they are (C
// code reads better so): what the command line prints with --json.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// An ErrWriter keeps the first write error and writes nothing after it.
type ErrWriter struct {
	W   io.Writer
	Err error
}

func (e *ErrWriter) Printf(format string, args ...any) {
	if e.Err == nil {
		_, e.Err = fmt.Fprintf(e.W, format, args...)
	}
}

// Write writes p unless an earlier write failed; it always reports p as
// written, so that fmt.Fprintf goes on, and the first error stays in Err.
func (e *ErrWriter) Write(p []byte) (int, error) {
	if e.Err == nil {
		_, e.Err = e.W.Write(p)
	}
	return len(p), nil
}
