// Package adapter holds what bmc's adapters to outside checkers (bmc/cbmc,
// bmc/esbmc) do alike: name and write a query's input file, and find and
// keep the checker's version.
package adapter

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/proc"
)

// WriteInput makes a temporary directory named after tool
// (proc.TempDir) and writes q rendered for a checker (bmc.Query.Render,
// the target a plain assert, the assumptions calls of assume) into it,
// under the program's own file name when that is a plain .c name (so that
// the checker's messages name it), else input.c. It returns the
// directory, the file's name, and the function that removes the
// directory, which the caller must call; on an error nothing is left.
func WriteInput(tool string, q *bmc.Query, assume string) (dir, name string, remove func(), err error) {
	dir, remove, err = proc.TempDir(tool)
	if err != nil {
		return "", "", nil, err
	}
	name = "input.c"
	if b := filepath.Base(q.Program.File); strings.HasSuffix(b, ".c") && !strings.ContainsAny(b, " \t\n") {
		name = b
	}
	if err := os.WriteFile(filepath.Join(dir, name), q.Render("", assume), 0o644); err != nil {
		remove()
		return "", "", nil, fmt.Errorf("%s: %w", tool, err)
	}
	return dir, name, remove, nil
}

// A Version keeps a checker's version once found. The zero value is
// ready; it is safe for concurrent use.
type Version struct {
	mu sync.Mutex
	s  string
}

// Get returns the version: the first time it succeeds, what `path
// --version` prints, trimmed (stdout; with stderr set, stdout and stderr),
// then the binary's build id (two builds may print one version), then each
// of suffix (the options that change the checker's answers), each after a
// space; later calls return the same string without running anything.
// path finds the binary; tool prefixes errors.
func (v *Version) Get(ctx context.Context, tool string, path func() (string, error), stderr bool, suffix ...string) (string, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.s != "" {
		return v.s, nil
	}
	p, err := path()
	if err != nil {
		return "", err
	}
	res, err := proc.Run(ctx, &proc.Cmd{Path: p, Args: []string{"--version"}, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
	if err != nil {
		return "", fmt.Errorf("%s: %w", tool, err)
	}
	out := string(res.Stdout)
	if stderr {
		out += string(res.Stderr)
	}
	s := strings.TrimSpace(out)
	if id, err := buildid.File(p); err == nil {
		s += " " + id
	}
	for _, x := range suffix {
		s += " " + x
	}
	v.s = s
	return s, nil
}

// With is the bmc.Configurer of an adapter whose one setting is its
// binary: c when s gives no program for c's name (bmc.Settings.Path),
// else the checker renew makes for the program s gives.
func With(c bmc.Checker, s bmc.Settings, renew func(path string) bmc.Checker) bmc.Checker {
	if p, ok := s.Path(c.Name()); ok {
		return renew(p)
	}
	return c
}
