package proc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRunOutputAndExit(t *testing.T) {
	res, err := Run(context.Background(), &Cmd{Path: "sh", Args: []string{"-c", "cat; echo err >&2; exit 3"}, Stdin: []byte("hi")})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Stdout) != "hi" || strings.TrimSpace(string(res.Stderr)) != "err" || res.ExitCode != 3 {
		t.Fatalf("got stdout %q stderr %q exit %d", res.Stdout, res.Stderr, res.ExitCode)
	}
}

func TestNotFound(t *testing.T) {
	_, err := Run(context.Background(), &Cmd{Path: "surety-no-such-program"})
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "surety-no-such-program") {
		t.Fatalf("err = %v, want ErrNotFound naming the program", err)
	}
}

// TestTimeoutKillsGroup checks that a timeout kills grandchildren too: the
// shell's background sleep would otherwise hold the pipes open.
func TestTimeoutKillsGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	start := time.Now()
	res, err := Run(context.Background(), &Cmd{
		Path:    "sh",
		Args:    []string{"-c", "sleep 30 & echo $! > " + pidFile + "; wait"},
		Timeout: 200 * time.Millisecond,
	})
	if !errors.Is(err, ErrTimeout) || res == nil || !res.TimedOut {
		t.Fatalf("err = %v, res = %+v; want a timeout", err, res)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Run returned after %v; the group was not killed", d)
	}
	// SIGKILL is delivered asynchronously: give the grandchild a moment to
	// die (a zombie waiting to be reaped counts as dead).
	pid, _ := os.ReadFile(pidFile)
	if p := strings.TrimSpace(string(pid)); p != "" {
		alive := func() bool {
			stat, err := os.ReadFile("/proc/" + p + "/stat")
			return err == nil && !strings.Contains(string(stat), ") Z")
		}
		for deadline := time.Now().Add(5 * time.Second); alive() && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
		if alive() {
			t.Fatalf("grandchild %s still alive", p)
		}
	}
	if n := Running(); n != 0 {
		t.Fatalf("Running() = %d after Run returned", n)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := Run(ctx, &Cmd{Path: "sleep", Args: []string{"30"}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestOutputCap(t *testing.T) {
	res, err := Run(context.Background(), &Cmd{Path: "sh", Args: []string{"-c", "head -c 100000 /dev/zero"}, MaxOutput: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Stdout) != 1000 || !res.Truncated {
		t.Fatalf("len %d truncated %v", len(res.Stdout), res.Truncated)
	}
}

func TestFileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(context.Background(), &Cmd{
		Path: "sh", Args: []string{"-c", "head -c 1000000 /dev/zero > big"}, Dir: dir,
		Limits: Limits{FileSizeBytes: 64 << 10},
	})
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, "big"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 64<<10 || res.ExitCode == 0 {
		t.Fatalf("wrote %d bytes, exit %d; want at most %d and a failure", info.Size(), res.ExitCode, 64<<10)
	}
}

func TestCPULimit(t *testing.T) {
	res, err := Run(context.Background(), &Cmd{
		Path: "sh", Args: []string{"-c", "while :; do :; done"},
		Limits: Limits{CPUSeconds: 1}, Timeout: 5 * time.Minute, // a loaded machine gives a second of CPU slowly
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Signal == "" {
		t.Fatalf("signal %q after %v; want killed by the CPU limit", res.Signal, res.Duration)
	}
}

func TestMemoryLimit(t *testing.T) {
	// python-free: ask sh to build a large string; with 64 MiB of address
	// space, the shell (or head) fails instead of growing.
	res, err := Run(context.Background(), &Cmd{
		Path: "sh", Args: []string{"-c", `x=$(head -c 200000000 /dev/zero | tr '\0' a); echo ${#x}`},
		Limits: Limits{MemoryBytes: 64 << 20}, Timeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 && strings.TrimSpace(string(res.Stdout)) == "200000000" {
		t.Fatalf("a 200 MB string was built under a 64 MiB limit")
	}
}

func TestNoNetwork(t *testing.T) {
	if err := netnsAvailable(); err != nil {
		t.Skipf("network namespaces unavailable here: %v", err)
	}
	res, err := Run(context.Background(), &Cmd{Path: "cat", Args: []string{"/proc/net/dev"}, Limits: Limits{NoNetwork: true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(res.Stdout), "\n")[2:] {
		name, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		if name != "" && name != "lo" {
			t.Fatalf("interface %q visible inside the sandbox:\n%s", name, res.Stdout)
		}
	}
}

func TestTempDir(t *testing.T) {
	dir, remove, err := TempDir("test")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644)
	remove()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("%s still exists", dir)
	}
}
