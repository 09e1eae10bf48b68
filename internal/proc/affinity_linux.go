package proc

import (
	"fmt"
	"os"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// BindCPUs confines this process, and every process it starts from now
// on, to the given CPUs, and sets GOMAXPROCS to their count. It is how
// several workers share a machine without competing for its cores (as
// BenchExec gives each run its own): a job's solvers, compilers and test
// runs inherit the binding.
//
// Linux binds threads, not processes, so every thread of the process is
// bound; threads made later inherit the binding of the thread that makes
// them, and children that of the thread that starts them.
func BindCPUs(cpus []int) error {
	if len(cpus) == 0 {
		return fmt.Errorf("bind CPUs: no CPU given")
	}
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	// The calling thread first: an error here (a CPU that does not exist
	// or is not allowed) leaves the process as it was.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var allowed unix.CPUSet
	if err := unix.SchedGetaffinity(0, &allowed); err != nil {
		return fmt.Errorf("bind CPUs: %w", err)
	}
	for _, c := range cpus {
		if !allowed.IsSet(c) {
			return fmt.Errorf("bind CPUs: CPU %d is not one this process may run on (it may run on %s)", c, cpuList(&allowed))
		}
	}
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return fmt.Errorf("bind CPUs %v: %w", cpus, err)
	}
	// Twice: a thread the runtime starts while the first pass runs
	// inherits its creator's old binding.
	for range 2 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("bind CPUs: %w", err)
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH {
				return fmt.Errorf("bind CPUs %v: thread %d: %w", cpus, tid, err)
			}
		}
	}
	runtime.GOMAXPROCS(len(cpus))
	return nil
}

// cpuList writes a set as ParseCPUs reads it.
func cpuList(set *unix.CPUSet) string {
	s := ""
	for c := 0; c < 1<<14; c++ {
		if !set.IsSet(c) {
			continue
		}
		hi := c
		for hi+1 < 1<<14 && set.IsSet(hi+1) {
			hi++
		}
		if s != "" {
			s += ","
		}
		s += strconv.Itoa(c)
		if hi > c {
			s += "-" + strconv.Itoa(hi)
		}
		c = hi
	}
	return s
}
