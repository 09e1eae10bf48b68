package proc

import (
	"syscall"
	"time"
)

// CPU is the CPU time, user and system, of this process and of the
// children it has waited for (compilers, solvers, the programs it ran):
// what a task costs, less sensitive than the wall clock to what else the
// machine runs.
func CPU() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(kids.Utime) + tv(kids.Stime)
}
