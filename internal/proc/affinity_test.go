package proc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseCPUs(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"0", []int{0}},
		{"3,1", []int{1, 3}},
		{"0-2,2,7", []int{0, 1, 2, 7}},
		{" 4 - 5", nil},
		{"", nil},
		{"1-0", nil},
		{"x", nil},
		{"-1", nil},
	} {
		got, err := ParseCPUs(c.in)
		if c.want == nil {
			if err == nil {
				t.Errorf("ParseCPUs(%q) = %v, want an error", c.in, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseCPUs(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// TestBindCPUs binds a child process of the test binary (so as not to
// bind the tests) to one CPU and reads, from /proc, the CPUs of each of
// its threads and of a process it starts.
func TestBindCPUs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("binds only on Linux")
	}
	if os.Getenv("SURETY_BIND_CHILD") != "" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	last := runtime.NumCPU() - 1
	res, err := Run(context.Background(), &Cmd{Path: exe, Args: []string{"-test.run", "^TestBindCPUsChild$"},
		Env: append(os.Environ(), "SURETY_BIND_CHILD="+fmt.Sprint(last)), Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("child: %v %s %s", err, res.Stdout, res.Stderr)
	}
	want := fmt.Sprintf("Cpus_allowed_list:\t%d", last)
	out := string(res.Stdout)
	if strings.Count(out, "thread ") < 2 || !strings.Contains(out, "child "+want) {
		t.Fatalf("child's report:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasSuffix(line, want) && !strings.HasPrefix(line, "PASS") && !strings.HasPrefix(line, "ok") {
			t.Errorf("not bound to CPU %d: %s", last, line)
		}
	}

	if err := BindCPUs([]int{runtime.NumCPU() + 64}); err == nil || !strings.Contains(err.Error(), "not one this process may run on") {
		t.Errorf("a CPU that is not there: %v", err)
	}
}

// TestBindCPUsChild is TestBindCPUs's child: it binds itself and prints
// the CPUs of its threads and of a process it starts.
func TestBindCPUsChild(t *testing.T) {
	cpu := os.Getenv("SURETY_BIND_CHILD")
	if cpu == "" {
		t.Skip("run by TestBindCPUs")
	}
	cpus, err := ParseCPUs(cpu)
	if err != nil {
		t.Fatal(err)
	}
	if err := BindCPUs(cpus); err != nil {
		t.Fatal(err)
	}
	if runtime.GOMAXPROCS(0) != 1 {
		t.Errorf("GOMAXPROCS %d", runtime.GOMAXPROCS(0))
	}
	tasks, _ := filepath.Glob("/proc/self/task/*/status")
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended
		}
		fmt.Println("thread", allowed(string(b)))
	}
	res, err := Run(context.Background(), &Cmd{Path: "cat", Args: []string{"/proc/self/status"}, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("child", allowed(string(res.Stdout)))
}

func allowed(status string) string {
	for _, line := range strings.Split(status, "\n") {
		if strings.HasPrefix(line, "Cpus_allowed_list:") {
			return line
		}
	}
	return "no Cpus_allowed_list"
}
