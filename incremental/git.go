package incremental

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

// Checkout writes the tree of revision rev of the git repository at repo
// into a new temporary directory, without touching the repository's work
// tree, and returns the directory with a function that removes it.
func Checkout(ctx context.Context, repo, rev string) (dir string, remove func(), err error) {
	res, err := proc.Run(ctx, &proc.Cmd{Path: "git", Args: []string{"-C", repo, "archive", "--format=tar", rev}, MaxOutput: 1 << 30})
	if err != nil {
		return "", nil, fmt.Errorf("incremental: git archive %s: %w", rev, err)
	}
	if res.ExitCode != 0 {
		return "", nil, fmt.Errorf("incremental: git archive %s: %s", rev, strings.TrimSpace(string(res.Stderr)))
	}
	if res.Truncated {
		return "", nil, fmt.Errorf("incremental: git archive %s: the tree is larger than 1 GiB", rev)
	}
	dir, remove, err = proc.TempDir("rev")
	if err != nil {
		return "", nil, err
	}
	if err := untar(bytes.NewReader(res.Stdout), dir); err != nil {
		remove()
		return "", nil, fmt.Errorf("incremental: unpacking %s: %w", rev, err)
	}
	return dir, remove, nil
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

// CommitMessages returns the messages of the commits after since up to
// HEAD, newest first: a goal for Relevant when none is given.
func CommitMessages(ctx context.Context, repo, since string) (string, error) {
	res, err := proc.Run(ctx, &proc.Cmd{Path: "git", Args: []string{"-C", repo, "log", "--format=%B", since + "..HEAD"}})
	if err != nil {
		return "", fmt.Errorf("incremental: git log: %w", err)
	}
	if res.ExitCode != 0 {
		return "", fmt.Errorf("incremental: git log %s..HEAD: %s", since, strings.TrimSpace(string(res.Stderr)))
	}
	return strings.TrimSpace(string(res.Stdout)), nil
}

// Trim removes prefix from every file path and key of s, so that a
// snapshot of a checked-out revision compares with one of the work tree.
func (s *Snapshot) Trim(prefix string) *Snapshot {
	prefix = filepath.ToSlash(filepath.Clean(prefix)) + "/"
	cut := func(k string) string { return strings.TrimPrefix(k, prefix) }
	out := &Snapshot{Functions: map[string]*FuncState{}}
	for _, f := range s.Functions {
		g := *f
		g.Key, g.File, g.ID = cut(f.Key), cut(f.File), cut(f.ID)
		g.Callees = make([]string, len(f.Callees))
		for i, c := range f.Callees {
			g.Callees[i] = cut(c)
		}
		g.Mentions = make([]string, len(f.Mentions))
		for i, m := range f.Mentions {
			g.Mentions[i] = cut(m)
		}
		out.Functions[g.Key] = &g
	}
	return out
}
