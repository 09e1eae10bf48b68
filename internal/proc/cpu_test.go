package proc

import (
	"context"
	"testing"
	"time"
)

// TestCPUCountsChildren checks that the CPU a waited-for child spent is
// counted: a task's cost is mostly its solvers' and compilers'.
func TestCPUCountsChildren(t *testing.T) {
	before := CPU()
	res, err := Run(context.Background(), &Cmd{Path: "sh", Args: []string{"-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"}})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("%+v, %v", res, err)
	}
	// The loop costs the shell about half a CPU-second whatever else
	// the machine runs; this process alone spends far less meanwhile.
	if spent := CPU() - before; spent < 100*time.Millisecond {
		t.Errorf("CPU grew by %v over a busy child (%v wall)", spent, res.Duration)
	}
}
