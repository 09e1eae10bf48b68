//go:build linux

package proc

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waitGone waits up to d for the process pid to be gone (or a zombie).
func waitGone(pid int, d time.Duration) bool {
	st, ok := readStat(pid)
	if !ok {
		return true
	}
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !alive(pid, st.start) {
			return true
		}
	}
	return false
}

func readPid(t *testing.T, path string, d time.Duration) int {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(path)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
	}
	t.Fatalf("no pid in %s after %v", path, d)
	return 0
}

// A program that leaves a process holding its output (a daemon in a
// session of its own, out of reach of the group kill) made Run fail with
// "WaitDelay expired before I/O complete" and lose the run. Now the run is
// a result: what was read, marked OutputHeld.
func TestRunOutputHeldIsAResult(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	res, err := Run(context.Background(), &Cmd{Path: "sh", Args: []string{"-c", "setsid sleep 30 & echo $! > " + pidFile + "; sleep 0.3; echo hi; exit 3"}})
	pid := readPid(t, pidFile, 5*time.Second)
	defer syscall.Kill(pid, syscall.SIGKILL)
	if err != nil {
		t.Fatalf("err = %v, want a result", err)
	}
	if string(res.Stdout) != "hi\n" || res.ExitCode != 3 || !res.OutputHeld {
		t.Errorf("result %+v, want stdout hi, exit 3, OutputHeld", res)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Run took %v", d)
	}
	if Running() != 0 {
		t.Errorf("Running() = %d", Running())
	}
}

// With KillDescendants, a daemon that left the group and the session dies
// with the run, and the output is whole.
func TestRunKillDescendants(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	res, err := Run(context.Background(), &Cmd{Path: "sh", KillDescendants: true,
		Args: []string{"-c", "setsid sh -c 'sleep 30; echo late' & echo $! > " + pidFile + "; sleep 0.3; echo hi"}})
	if err != nil {
		t.Fatal(err)
	}
	pid := readPid(t, pidFile, time.Second)
	if !waitGone(pid, 5*time.Second) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the daemon %d outlived the run", pid)
	}
	if string(res.Stdout) != "hi\n" || res.OutputHeld {
		t.Errorf("result %+v", res)
	}
}

// TestHelperParent is not a test: run as a child (SURETY_PROC_HELPER set),
// it starts a long child through Run or Start, writes the child's pid and
// waits to be killed.
func TestHelperParent(t *testing.T) {
	mode := os.Getenv("SURETY_PROC_HELPER")
	if mode == "" {
		t.Skip("helper process")
	}
	pidFile := os.Getenv("SURETY_PROC_PIDFILE")
	cmd := &Cmd{Path: "sh", Args: []string{"-c", "echo $$ > " + pidFile + "; exec sleep 60"}}
	if mode == "start" {
		p, err := Start(context.Background(), cmd)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		p.Wait()
	} else {
		Run(context.Background(), cmd)
	}
	os.Exit(0)
}

// kill -9 of surety left its solvers running with parent 1. Every child now
// gets the parent-death signal, so it dies with the process that started
// it, through Run and through Start.
func TestChildrenDieWithParent(t *testing.T) {
	for _, mode := range []string{"run", "start"} {
		t.Run(mode, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			parent := exec.Command(os.Args[0], "-test.run=^TestHelperParent$")
			parent.Env = append(os.Environ(), "SURETY_PROC_HELPER="+mode, "SURETY_PROC_PIDFILE="+pidFile)
			if err := parent.Start(); err != nil {
				t.Fatal(err)
			}
			child := readPid(t, pidFile, 10*time.Second)
			defer syscall.Kill(child, syscall.SIGKILL)
			parent.Process.Kill() // SIGKILL: no deferred cleanup runs
			parent.Wait()
			if !waitGone(child, 5*time.Second) {
				t.Fatalf("child %d outlived its parent", child)
			}
		})
	}
}

// The parent-death signal fires when the forking thread exits. A child
// started from a goroutine that locked its thread and returned (which ends
// the thread) must live on: children are forked from one thread that never
// exits.
func TestChildOutlivesItsStartingThread(t *testing.T) {
	got := make(chan *Process, 1)
	var start func()
	start = func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		if syscall.Gettid() == os.Getpid() {
			// The main thread is never ended, only parked: try again
			// from another one.
			go start()
			return
		}
		p, err := Start(context.Background(), &Cmd{Path: "sleep", Args: []string{"30"}})
		if err != nil {
			t.Error(err)
		}
		got <- p
	}
	go start()
	p := <-got
	if p == nil {
		return
	}
	defer func() { p.Kill(); p.Wait() }()
	select {
	case <-p.Done():
		t.Fatal("the child died when the thread of the goroutine that started it ended")
	case <-time.After(500 * time.Millisecond):
	}
}

// Temporary directories of a process killed with -9 are removed by the next
// one; those of a live process, or not made by TempDir, stay.
func TestSweepStale(t *testing.T) {
	root := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	live := exec.Command("sleep", "30")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	lst, ok := readStat(live.Process.Pid)
	if !ok {
		t.Fatal("cannot read the live process's stat")
	}
	mk := func(name string) string {
		p := filepath.Join(root, name)
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(p, "f"), []byte("x"), 0o644)
		return name
	}
	gone := mk(fmt.Sprintf("surety-esbmc-%d.%d-123", dead.Process.Pid, 99))
	reused := mk(fmt.Sprintf("surety-native-replay-%d.%d-456", live.Process.Pid, lst.start+1)) // pid reused since
	keep := []string{
		mk(fmt.Sprintf("surety-sandbox-%d.%d-789", live.Process.Pid, lst.start)),
		mk(fmt.Sprintf("surety-rev-%s-1", ownerTag())),
		mk("surety-other-12"),
		mk("unrelated"),
	}
	removed := sweepStale(root)
	if strings.Join(removed, " ") != strings.Join([]string{gone, reused}, " ") {
		t.Errorf("removed %v, want %v", removed, []string{gone, reused})
	}
	for _, k := range keep {
		if _, err := os.Stat(filepath.Join(root, k)); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	dir, remove, err := TempDir("test")
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	if !staleName.MatchString(filepath.Base(dir)) || !strings.Contains(dir, ownerTag()) {
		t.Errorf("TempDir %s does not name its owner %s", dir, ownerTag())
	}
}
