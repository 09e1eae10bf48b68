package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/suretydev/surety/svrun"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/svcomp"
	worknats "github.com/suretydev/surety/work/nats"
	"github.com/suretydev/surety/work/nats/natstest"
)

// BenchmarkBenchNATS runs surety bench on the SV-COMP tasks under
// SURETY_BENCH_TASKS (kept outside the repository, e.g.
// /work/svbench/c/recursive-simple) through a NATS server with JetStream
// embedded in the test process, with 1 and with 2 worker processes (this
// test binary as `surety worker`), at the settings of docs/BENCHMARKS.md
// (native engine, k = 5 raised to 20, 30 s per check) with each task's
// checks one at a time (--workers 1) and a 60 s task budget; then again
// with each worker bound to a CPU of its own (--cpus). It reports
// the wall time of each run; with one worker, the coordinator's overhead
// per job (the run's wall time less the tasks' own, over the tasks: what
// handing a task out and collecting its result adds) and the median
// task's wall time; and whether the two runs gave the same verdicts.
func BenchmarkBenchNATS(b *testing.B) {
	dir := os.Getenv("SURETY_BENCH_TASKS")
	if dir == "" {
		b.Skip("set SURETY_BENCH_TASKS to a directory of SV-COMP task definitions")
	}
	srv := natstest.Start(b, b.TempDir())
	for _, pinned := range []bool{false, true} {
		benchNATS(b, srv, dir, pinned)
	}
}

// benchNATS runs the bench with 1 and with 2 workers; pinned, each worker
// is bound to a CPU of its own (--cpus), so that a job's solvers,
// compilers and runs use one core and the workers do not compete.
func benchNATS(b *testing.B, srv *natstest.Server, dir string, pinned bool) {
	tables := map[int]*svcomp.Table{}
	for _, n := range []int{1, 2} {
		name := fmt.Sprintf("workers=%d", n)
		var args func(int) []string
		if pinned {
			name += ",cpus-per-worker=1"
			args = func(i int) []string { return []string{"--cpus", fmt.Sprint(i % runtime.NumCPU())} }
		}
		b.Run(name, func(b *testing.B) {
			startWorkersArgs(b, srv, n, args)
			nc, err := worknats.Dial(srv.URL, srv.Creds, "coordinator")
			if err != nil {
				b.Fatal(err)
			}
			defer nc.Close()
			r, err := worknats.New(nc, nil)
			if err != nil {
				b.Fatal(err)
			}
			opts := &svrun.TaskOptions{MaxK: 20, Budget: time.Minute, Runner: r,
				Facts: viverra.FactsOptions{K: 5, Timeout: 30 * time.Second, Workers: 1, Engines: []string{"native"}}}
			for b.Loop() {
				start := time.Now()
				tab, err := svrun.Bench(context.Background(), dir, opts, nil)
				wall := time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				tables[n] = tab
				var walls []time.Duration
				var sum, cpu time.Duration
				for _, t := range tab.Results {
					walls = append(walls, t.Wall)
					sum += t.Wall
					cpu += t.CPU
				}
				slices.Sort(walls)
				b.ReportMetric(wall.Seconds(), "wall-s")
				// The tasks' own CPU (the workers' processes and their
				// children): more with two workers than with one is
				// contention for the cores, the same with a wall above
				// half is time the cores stood idle.
				b.ReportMetric(cpu.Seconds(), "task-cpu-s")
				b.ReportMetric(sum.Seconds(), "task-wall-s")
				b.ReportMetric(float64(len(tab.Results)), "tasks")
				b.ReportMetric(float64(tab.CorrectTrue+tab.CorrectFalse), "correct")
				b.ReportMetric(float64(tab.WrongTrue+tab.WrongFalse), "wrong")
				if n == 1 && len(walls) > 0 {
					per := (wall - sum) / time.Duration(len(walls))
					median := walls[len(walls)/2]
					b.ReportMetric(float64(per)/float64(time.Millisecond), "overhead-ms/job")
					b.ReportMetric(median.Seconds(), "median-task-s")
					b.ReportMetric(100*float64(per)/float64(median), "overhead-%-of-median")
				}
			}
		})
	}
	one, two := tables[1], tables[2]
	if one == nil || two == nil {
		return
	}
	if len(one.Results) != len(two.Results) {
		b.Fatalf("%d and %d results", len(one.Results), len(two.Results))
	}
	diff := 0
	for i, x := range one.Results {
		if y := two.Results[i]; x.Task != y.Task || x.Verdict != y.Verdict {
			diff++
			b.Logf("%s: %s with one worker, %s with two (%s; %s)", x.Task, x.Verdict, y.Verdict, x.Reason, y.Reason)
		}
	}
	b.Logf("%d tasks, %d verdicts differ between the runs with one and with two workers", len(one.Results), diff)
}

// startWorkers starts n processes of this test binary as surety worker
// on srv, waits until each serves, and stops them at the test's end. It
// returns the count of jobs the workers started so far. Each worker's
// environment is this process's with the server's credentials and env
// (VAR=value) added.
func startWorkers(b testing.TB, srv *natstest.Server, n int, env ...string) *atomic.Int64 {
	return startWorkersArgs(b, srv, n, nil, env...)
}

// startWorkersArgs is startWorkers with args(i) added to the command line
// of worker i (from 0), when args is not nil.
func startWorkersArgs(b testing.TB, srv *natstest.Server, n int, args func(int) []string, env ...string) *atomic.Int64 {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	started := new(atomic.Int64)
	for i := range n {
		cmd := &exec.Cmd{Path: exe, Args: []string{"surety", "worker", "--nats", srv.URL, "--name", fmt.Sprint("w", i+1)}}
		if args != nil {
			cmd.Args = append(cmd.Args, args(i)...)
		}
		cmd.Env = append(os.Environ(), "SURETY_NATS_USER="+srv.Creds.User, "SURETY_NATS_PASSWORD="+srv.Creds.Password)
		cmd.Env = append(cmd.Env, env...)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		ready := false
		for !ready && sc.Scan() {
			ready = strings.Contains(sc.Text(), "serving")
		}
		if !ready {
			b.Fatalf("worker %d did not start", i+1)
		}
		go func() {
			for sc.Scan() {
				if strings.HasSuffix(sc.Text(), "): started") {
					started.Add(1)
				}
			}
		}()
		b.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			_ = cmd.Wait()
		})
	}
	return started
}
