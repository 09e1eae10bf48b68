//go:build unix

package proc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// setup puts the child in its own process group and arranges its limits.
func setup(cmd *exec.Cmd, l *Limits) error {
	attr := &syscall.SysProcAttr{Setpgid: true}
	setPdeathsig(attr)
	if l.NoNetwork {
		if err := netnsAvailable(); err != nil {
			return err
		}
		attr.Cloneflags = syscall.CLONE_NEWNET
		if os.Geteuid() != 0 {
			attr.Cloneflags |= syscall.CLONE_NEWUSER
			attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Geteuid(), HostID: os.Geteuid(), Size: 1}}
			attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getegid(), HostID: os.Getegid(), Size: 1}}
		}
	}
	cmd.SysProcAttr = attr
	if l.CPUSeconds != 0 || l.MemoryBytes != 0 || l.FileSizeBytes != 0 {
		wrapWithLimits(cmd, l)
	}
	return nil
}

// killGroup sends SIGKILL to the child's whole process group.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

// processExists reports whether a process with this pid exists (zombies
// included).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownedByMe reports whether path belongs to this process's user: only
// such leftovers are swept.
func ownedByMe(path string) bool {
	info, err := os.Lstat(path)
	if err != nil {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}
