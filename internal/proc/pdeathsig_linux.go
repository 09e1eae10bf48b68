package proc

import "syscall"

// setPdeathsig makes the kernel kill the child when surety dies, however
// it dies (kill -9 included): a solver or a test must not run on with no
// one to read its answer. It holds because every child is forked from
// the starter's thread, which lives as long as the process.
func setPdeathsig(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }
