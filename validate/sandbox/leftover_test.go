package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/suretydev/surety/validate/sandbox"
)

var markers atomic.Int64

// marker returns a sleep duration no other process uses, so that a test
// finds its processes on the host by their command line: inside a PID
// namespace their pids mean nothing outside.
func marker() string {
	return fmt.Sprintf("%d.%06d%03d", 30, os.Getpid()%1000000, markers.Add(1))
}

// withMarker returns the pids of the processes whose command line holds m.
func withMarker(m string) []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmd, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !bytes.Contains(cmd, []byte(m)) {
			continue
		}
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			continue
		}
		out = append(out, pid)
	}
	return out
}

// waitNone waits up to d for no process to hold m, and returns those that
// still do (killing them, so that a failing test leaves nothing behind).
func waitNone(m string, d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		pids := withMarker(m)
		if len(pids) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			for _, p := range pids {
				syscall.Kill(p, syscall.SIGKILL)
			}
			return pids
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A step that starts a background job in a process group of its own (job
// control on) left it holding the output pipes, and the whole run failed
// with "WaitDelay expired before I/O complete": no report was written.
// Now the step is a result, at once, and the job is gone.
func TestBackgroundGroupIsAResult(t *testing.T) {
	m := marker()
	start := time.Now()
	res := run(t, nil, nil, sandbox.Step{Name: "bg", Command: "set -m; sleep " + m + " & echo hi"})
	s := res.Steps[0]
	if s.Stdout != "hi\n" || s.ExitCode != 0 || s.TimedOut {
		t.Errorf("step %+v", s)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the run took %v", d)
	}
	if pids := waitNone(m, 5*time.Second); len(pids) > 0 {
		t.Errorf("the background job %v outlived its step", pids)
	}
}

// A daemon (setsid, its own session and group) outlived the step and
// surety: the PID namespace the documentation promised was not created.
func TestDaemonDiesWithStep(t *testing.T) {
	for _, opts := range []*sandbox.Options{nil, {AllowWrites: true}, {AllowNetwork: true}} {
		m := marker()
		res := run(t, opts, nil, sandbox.Step{Name: "daemon",
			Command: "setsid sh -c 'sleep " + m + "' >/dev/null 2>&1 </dev/null & sleep 0.2; echo started"})
		if s := res.Steps[0]; s.Stdout != "started\n" || s.ExitCode != 0 {
			t.Errorf("%+v: step %+v", opts, s)
		}
		if !res.Isolation.ProcessesContained {
			t.Logf("%+v: no PID namespace here; descendants are followed through /proc", opts)
		}
		if pids := waitNone(m, 5*time.Second); len(pids) > 0 {
			t.Errorf("%+v: the daemon %v outlived its step", opts, pids)
		}
	}
}

// In its PID namespace the step is not process 1, which ignores signals it
// has no handler for: a test that kills itself, or aborts, is seen to.
func TestStepSignalsAsUsual(t *testing.T) {
	res := run(t, nil, nil,
		sandbox.Step{Name: "self", Command: "kill -TERM $$; echo survived"},
		sandbox.Step{Name: "pid", Command: "echo $$"})
	if s := res.Steps[0]; s.Signal == "" || strings.Contains(s.Stdout, "survived") {
		t.Errorf("a step that killed itself: %+v", s)
	}
	if s := res.Steps[1]; strings.TrimSpace(s.Stdout) == "1" {
		t.Errorf("the step is process 1 of its namespace: %+v", s)
	}
}

// TestHelperSandbox is not a test: run as a child (SURETY_SANDBOX_HELPER
// set to a marker), it runs a step that sleeps under that marker.
func TestHelperSandbox(t *testing.T) {
	m := os.Getenv("SURETY_SANDBOX_HELPER")
	if m == "" {
		t.Skip("helper process")
	}
	sandbox.New(nil).Run(context.Background(), &sandbox.Spec{Steps: []sandbox.Step{
		{Name: "loop", Command: "setsid sh -c 'sleep " + m + "' & sleep " + m},
	}})
	os.Exit(0)
}

// A looping test outlived kill -9 of surety. Now unshare gets the
// parent-death signal and takes its namespace down with it.
func TestStepDiesWithSurety(t *testing.T) {
	if _, err := sandbox.New(nil).Run(context.Background(), &sandbox.Spec{Steps: []sandbox.Step{{Name: "probe", Command: "true"}}}); err != nil {
		t.Skipf("needs namespaces: %v", err)
	}
	m := marker()
	parent := exec.Command(os.Args[0], "-test.run=^TestHelperSandbox$")
	parent.Env = append(os.Environ(), "SURETY_SANDBOX_HELPER="+m)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); len(withMarker(m)) < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			parent.Process.Kill()
			parent.Wait()
			t.Fatalf("the step never started: %v", withMarker(m))
		}
	}
	parent.Process.Kill() // SIGKILL: nothing of surety's runs after it
	parent.Wait()
	if pids := waitNone(m, 5*time.Second); len(pids) > 0 {
		t.Fatalf("the step's processes %v outlived surety", pids)
	}
}
