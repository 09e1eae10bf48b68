//go:build unix

package proc

import (
	"fmt"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
)

// wrapWithLimits runs the program under /bin/sh, which sets the limits with
// ulimit and then execs it, so the limits hold from the program's first
// instruction (setting them on a running child would race with it).
func wrapWithLimits(cmd *exec.Cmd, l *Limits) {
	script := ""
	if l.CPUSeconds != 0 {
		script += "ulimit -t " + strconv.FormatUint(l.CPUSeconds, 10) + " || exit 125; "
	}
	if l.MemoryBytes != 0 {
		script += "ulimit -v " + strconv.FormatUint((l.MemoryBytes+1023)/1024, 10) + " || exit 125; "
	}
	if l.FileSizeBytes != 0 {
		// POSIX ulimit -f counts 512-byte blocks.
		script += "ulimit -f " + strconv.FormatUint((l.FileSizeBytes+511)/512, 10) + " || exit 125; "
	}
	script += `exec "$0" "$@"`
	cmd.Args = append([]string{"/bin/sh", "-c", script, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = "/bin/sh"
}

var netns struct {
	once sync.Once
	err  error
}

// netnsAvailable probes once whether a child can get a network namespace
// of its own.
func netnsAvailable() error {
	netns.once.Do(func() {
		probe := exec.Command("/bin/sh", "-c", "exit 0")
		probe.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET}
		if err := probe.Run(); err != nil {
			probe = exec.Command("/bin/sh", "-c", "exit 0")
			probe.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET | syscall.CLONE_NEWUSER}
			if err2 := probe.Run(); err2 != nil {
				netns.err = fmt.Errorf("%w: %v", ErrNoIsolation, err)
			}
		}
	})
	return netns.err
}
