//go:build unix && !linux

package proc

import "syscall"

// setPdeathsig does nothing where the kernel has no parent-death signal.
func setPdeathsig(attr *syscall.SysProcAttr) {}
