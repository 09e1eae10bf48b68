// Package git is the adapter of package incremental to git: it reads the
// tree of an earlier revision (git archive, without touching the work tree
// or the index) and the messages of the commits since it (git log). *Tool
// implements incremental.History.
package git

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/internal/proc"
)

// ErrNotFound reports that the git program could not be found.
var ErrNotFound = errors.New("git: program not found")

// A Tool runs git. The zero value runs "git" from PATH. A Tool is safe for
// concurrent use.
type Tool struct {
	// Path is the git program; "" means "git" on PATH.
	Path string
}

func (t *Tool) path() string {
	if t == nil || t.Path == "" {
		return "git"
	}
	return t.Path
}

func (t *Tool) run(ctx context.Context, what string, args []string, maxOut int) (*proc.Result, error) {
	res, err := proc.Run(ctx, &proc.Cmd{Path: t.path(), Args: args, MaxOutput: maxOut})
	if errors.Is(err, proc.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, t.path())
	}
	if err != nil {
		return nil, fmt.Errorf("git: %s: %w", what, err)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("git: %s: %s", what, strings.TrimSpace(string(res.Stderr)))
	}
	return res, nil
}

// Checkout writes the tree of revision rev of the repository directory dir
// into a new temporary directory, without touching the repository's work
// tree, and returns the directory with a function that removes it. When
// dir is a subdirectory of the repository, the tree is that
// subdirectory's, so it loads under the same relative names as dir.
func (t *Tool) Checkout(ctx context.Context, dir, rev string) (tree string, remove func(), err error) {
	res, err := t.run(ctx, "archive "+rev, []string{"-C", dir, "archive", "--format=tar", rev}, 1<<30)
	if err != nil {
		return "", nil, err
	}
	if res.Truncated {
		return "", nil, fmt.Errorf("git: archive %s: the tree is larger than 1 GiB", rev)
	}
	tree, remove, err = proc.TempDir("rev")
	if err != nil {
		return "", nil, err
	}
	if err := untar(bytes.NewReader(res.Stdout), tree); err != nil {
		remove()
		return "", nil, fmt.Errorf("git: unpacking %s: %w", rev, err)
	}
	return tree, remove, nil
}

// Messages returns the messages of the commits after since up to HEAD of
// the repository at dir, newest first.
func (t *Tool) Messages(ctx context.Context, dir, since string) (string, error) {
	res, err := t.run(ctx, "log "+since+"..HEAD", []string{"-C", dir, "log", "--format=%B", since + "..HEAD"}, 0)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(res.Stdout)), nil
}

func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, filepath.Clean(dir)+string(filepath.Separator)) {
			return fmt.Errorf("entry %q leaves the directory", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}
