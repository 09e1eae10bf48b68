//go:build unix

package frontend

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs Load and fails the test if it has not returned within d:
// a hang is what this file tests against.
func loadWithin(t *testing.T, d time.Duration, ctx context.Context, paths []string, opts *LoadOptions) (*Program, []*FileError, error) {
	t.Helper()
	type out struct {
		p  *Program
		fe []*FileError
		e  error
	}
	done := make(chan out, 1)
	go func() {
		p, fe, e := Load(ctx, paths, opts)
		done <- out{p, fe, e}
	}()
	select {
	case o := <-done:
		return o.p, o.fe, o.e
	case <-time.After(d):
		t.Fatalf("Load(%v) still running after %v", paths, d)
		return nil, nil, nil
	}
}

// Named pipes, sockets, devices and symbolic-link loops, named or found in
// a walk, once blocked every command for ever (a pipe opened for reading
// waits for a writer). Named, each is an error saying what it is; found in
// a walk, each is skipped; the regular files load.
func TestLoadIrregularFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.lines", []byte("a b\n"))
	fifo := filepath.Join(dir, "pipe.lines")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	loop := filepath.Join(dir, "loop.lines")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "self")); err != nil { // a directory loop
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s.lines")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	opts := &LoadOptions{Languages: []*Language{lines}}

	prog, ferrs, err := loadWithin(t, 10*time.Second, context.Background(), []string{dir}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Files) != 1 || !strings.HasSuffix(prog.Files[0].Path, "a.lines") || len(ferrs) != 0 {
		t.Errorf("walk: files %v, errors %v; want a.lines alone and no error", prog.Files, ferrs)
	}

	for _, c := range []struct{ path, want string }{
		{fifo, "named pipe"},
		{sock, "socket"},
		{"/dev/null", "character device"},
		{loop, "too many levels of symbolic links"},
	} {
		prog, ferrs, err := loadWithin(t, 10*time.Second, context.Background(), []string{c.path}, &LoadOptions{Languages: []*Language{lines}, Skip: nil})
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Files) != 0 || len(ferrs) != 1 || ferrs[0].Path != c.path || !strings.Contains(ferrs[0].Error(), c.want) {
			t.Errorf("%s: files %v, errors %v; want one error naming it and saying %q", c.path, prog.Files, ferrs, c.want)
		}
	}
}

// ReadFile refuses what is not a regular file without blocking, and stops
// when its context is cancelled.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if _, err := ReadFile(context.Background(), fifo); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), fifo) {
		t.Errorf("fifo: %v, want ErrNotRegular naming it", err)
	}
	big := write(t, dir, "big", []byte(strings.Repeat("x", 3*readChunk+5)))
	b, err := ReadFile(context.Background(), big)
	if err != nil || len(b) != 3*readChunk+5 {
		t.Errorf("big: %d bytes, %v", len(b), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadFile(ctx, big); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, _, err := Load(ctx, []string{dir}, &LoadOptions{Languages: []*Language{lines}}); !errors.Is(err, context.Canceled) {
		t.Errorf("Load cancelled: %v", err)
	}
}
