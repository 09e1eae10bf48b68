package sandbox_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/validate/sandbox"
)

// run runs one command in a sandbox with the given options, skipping when
// the machine cannot isolate (and saying why).
func run(t *testing.T, opts *sandbox.Options, files map[string][]byte, steps ...sandbox.Step) *sandbox.Result {
	t.Helper()
	res, err := sandbox.New(opts).Run(context.Background(), &sandbox.Spec{Files: files, Steps: steps})
	if errors.Is(err, sandbox.ErrNoIsolation) {
		t.Skipf("needs namespaces: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if proc.Running() != 0 {
		t.Errorf("%d processes left running", proc.Running())
	}
	return res
}

func TestFilesAndSteps(t *testing.T) {
	res := run(t, nil, map[string][]byte{"in.txt": []byte("hello\n"), "sub/x": []byte("x")},
		sandbox.Step{Name: "first", Command: "cat in.txt sub/x; exit 3"},
		sandbox.Step{Name: "second", Command: "echo never", IfOK: true},
		sandbox.Step{Name: "third", Command: "pwd"},
	)
	if len(res.Steps) != 3 {
		t.Fatalf("%d steps", len(res.Steps))
	}
	if s := res.Steps[0]; s.Stdout != "hello\nx" || s.ExitCode != 3 || s.OK() {
		t.Errorf("first step %+v", s)
	}
	if s := res.Steps[1]; !s.Skipped || s.Stdout != "" {
		t.Errorf("second step ran after a failure: %+v", s)
	}
	if !res.Isolation.NoNetwork || !res.Isolation.WritesConfined {
		t.Errorf("isolation %+v", res.Isolation)
	}
}

func TestBadFileName(t *testing.T) {
	_, err := sandbox.New(nil).Run(context.Background(), &sandbox.Spec{Files: map[string][]byte{"../x": nil}})
	if err == nil || !strings.Contains(err.Error(), `"../x"`) {
		t.Fatalf("err = %v", err)
	}
}

// TestWriteOutsideFails: inside the directory writes work; in its parent,
// in /tmp or the caller's directory they fail, and nothing appears there.
// With AllowWrites the same write succeeds, so the test can tell.
func TestWriteOutsideFails(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "escaped")
	cmd := "echo in > inside && cat inside && echo out > ../escaped-" + strconv.Itoa(os.Getpid()) + "; echo $?; echo out > " + outside + "; echo $?"
	res := run(t, nil, nil, sandbox.Step{Name: "write", Command: cmd})
	s := res.Steps[0]
	if !strings.HasPrefix(s.Stdout, "in\n") {
		t.Fatalf("could not write inside its directory: %+v", s)
	}
	codes := strings.Fields(strings.TrimPrefix(s.Stdout, "in\n"))
	if len(codes) != 2 || codes[0] == "0" || codes[1] == "0" || !strings.Contains(s.Stderr, "Read-only file system") {
		t.Errorf("a write outside succeeded: stdout %q stderr %q", s.Stdout, s.Stderr)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Fatalf("%s was written from inside the sandbox", outside)
	}
	res = run(t, &sandbox.Options{AllowWrites: true}, nil, sandbox.Step{Name: "write", Command: "echo out > " + outside})
	if _, err := os.Stat(outside); err != nil || res.Isolation.WritesConfined {
		t.Fatalf("with AllowWrites the write failed (%v) or isolation is claimed: %+v", err, res)
	}
}

func TestTimeoutKillsGroup(t *testing.T) {
	lim := &sandbox.Limits{Timeout: 2 * time.Second}
	m := marker()
	res := run(t, nil, nil, sandbox.Step{Name: "hang", Command: "sleep " + m + " & wait", Limits: lim})
	s := res.Steps[0]
	if !s.TimedOut || s.Duration > 10*time.Second {
		t.Fatalf("not timed out: %+v", s)
	}
	if pids := waitNone(m, 5*time.Second); len(pids) > 0 {
		t.Fatalf("background child %v still alive after the step timed out", pids)
	}
}

func TestCPULimit(t *testing.T) {
	// The wall-clock limit is far away: on a loaded machine one CPU second
	// may take many wall seconds. A kill by signal without TimedOut is the
	// CPU limit's (SIGXCPU at the soft limit, SIGKILL at the hard one).
	lim := &sandbox.Limits{CPUSeconds: 1, Timeout: 120 * time.Second}
	s := run(t, nil, nil, sandbox.Step{Name: "spin", Command: "while :; do :; done", Limits: lim}).Steps[0]
	if s.Signal == "" || s.TimedOut {
		t.Fatalf("want killed by the CPU limit before the timeout: %+v", s)
	}
}

func TestFileSizeLimit(t *testing.T) {
	lim := &sandbox.Limits{FileSizeBytes: 64 << 10}
	s := run(t, nil, nil, sandbox.Step{Name: "big", Command: "head -c 1000000 /dev/zero > big; wc -c < big"}).Steps[0]
	if strings.TrimSpace(s.Stdout) != "1000000" {
		t.Fatalf("without a small limit, the file was not written whole: %+v", s)
	}
	s = run(t, nil, nil, sandbox.Step{Name: "big", Command: "head -c 1000000 /dev/zero > big; wc -c < big", Limits: lim}).Steps[0]
	n, err := strconv.Atoi(strings.TrimSpace(s.Stdout))
	if err != nil || n > 64<<10 {
		t.Fatalf("wrote %q bytes under a 64 KiB limit: %+v", s.Stdout, s)
	}
}

const hog = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
	size_t n = 512u << 20;
	char *p = malloc(n);
	if (!p) { puts("refused"); return 3; }
	memset(p, 1, n);
	printf("%d\n", p[n - 1]);
	return 0;
}
`

// TestMemoryLimit: a program that allocates 512 MiB gets it with the
// default limit and is refused under 64 MiB. The build runs in the
// sandbox too, with its own limits.
func TestMemoryLimit(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	files := map[string][]byte{"hog.c": []byte(hog)}
	build := sandbox.Step{Name: "build", Command: "gcc -O0 -o hog hog.c"}
	res := run(t, nil, files, build, sandbox.Step{Name: "run", Command: "./hog", IfOK: true})
	if s := res.Steps[1]; s.Stdout != "1\n" {
		t.Fatalf("with the default limit: %+v (build %+v)", s, res.Steps[0])
	}
	small := &sandbox.Limits{MemoryBytes: 64 << 20}
	res = run(t, nil, files, build, sandbox.Step{Name: "run", Command: "./hog", IfOK: true, Limits: small})
	if s := res.Steps[1]; s.Stdout != "refused\n" || s.ExitCode != 3 {
		t.Fatalf("under 64 MiB: %+v", s)
	}
}

func TestNoNetwork(t *testing.T) {
	res := run(t, nil, nil, sandbox.Step{Name: "net", Command: "cat /proc/net/dev"})
	lines := strings.Split(res.Steps[0].Stdout, "\n")
	if len(lines) < 3 {
		t.Fatalf("/proc/net/dev: %q", res.Steps[0].Stdout)
	}
	for _, line := range lines[2:] {
		name, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		if name != "" && name != "lo" {
			t.Fatalf("interface %q visible inside the sandbox:\n%s", name, res.Steps[0].Stdout)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	_, err := sandbox.New(nil).Run(ctx, &sandbox.Spec{Steps: []sandbox.Step{{Name: "hang", Command: "sleep 30"}}})
	if errors.Is(err, sandbox.ErrNoIsolation) {
		t.Skipf("needs namespaces: %v", err)
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}
