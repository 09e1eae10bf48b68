package git_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/incremental/git"
)

var _ incremental.History = (*git.Tool)(nil)

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
}

// repo makes a repository of two commits: a.txt "one" then "two", and
// sub/b.txt.
func repo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q")
	write("a.txt", "one")
	write("sub/b.txt", "bee")
	run("add", ".")
	run("commit", "-qm", "first")
	write("a.txt", "two")
	run("commit", "-qam", "second\n\nwith a body")
	return dir
}

// TestCheckoutRevision: the tree of an earlier revision, and of a
// subdirectory, is written apart; the work tree keeps its content; remove
// takes the copy away.
func TestCheckoutRevision(t *testing.T) {
	needGit(t)
	dir := repo(t)
	g := &git.Tool{}
	tree, remove, err := g.Checkout(context.Background(), dir, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(tree, "a.txt")); string(b) != "one" {
		t.Errorf("a.txt at HEAD~1: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "two" {
		t.Errorf("work tree a.txt: %q", b)
	}
	remove()
	if _, err := os.Stat(tree); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkout is still there: %v", err)
	}
	sub, remove, err := g.Checkout(context.Background(), filepath.Join(dir, "sub"), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	if b, _ := os.ReadFile(filepath.Join(sub, "b.txt")); string(b) != "bee" {
		t.Errorf("sub/b.txt as b.txt: %q", b)
	}
}

func TestMessages(t *testing.T) {
	needGit(t)
	dir := repo(t)
	msg, err := (&git.Tool{}).Messages(context.Background(), dir, "HEAD~1")
	if err != nil || msg != "second\n\nwith a body" {
		t.Errorf("messages %q, %v", msg, err)
	}
}

// TestErrors: a bad revision is git's own message; a missing program is
// ErrNotFound naming it.
func TestErrors(t *testing.T) {
	needGit(t)
	dir := repo(t)
	_, _, err := (&git.Tool{}).Checkout(context.Background(), dir, "no-such-rev")
	if err == nil || !strings.Contains(err.Error(), "git: archive no-such-rev: ") || !strings.Contains(err.Error(), "no-such-rev") {
		t.Errorf("bad revision: %v", err)
	}
	_, err = (&git.Tool{Path: "/nonexistent/git"}).Messages(context.Background(), dir, "HEAD~1")
	if !errors.Is(err, git.ErrNotFound) || !strings.Contains(err.Error(), "/nonexistent/git") {
		t.Errorf("missing git: %v", err)
	}
}
