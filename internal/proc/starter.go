package proc

import (
	"os/exec"
	"runtime"
	"sync"
)

// starter is the goroutine that starts every child. It is locked to its
// OS thread and never returns, so that thread lives as long as the
// process.
//
// Why: a child's parent-death signal (Pdeathsig, Linux) fires when the OS
// thread that forked it exits, not when the process does (prctl(2); Go
// issue 27505). The runtime ends a thread when a goroutine locked to it
// returns, so a child forked from an arbitrary goroutine's thread could be
// killed in the middle of its work. Forking only from this thread makes
// the signal mean what it should: surety is gone, killed with -9 or not.
var starter struct {
	once sync.Once
	reqs chan startReq
}

type startReq struct {
	cmd  *exec.Cmd
	done chan error
}

// startCmd runs cmd.Start on the starter's thread.
func startCmd(cmd *exec.Cmd) error {
	starter.once.Do(func() {
		starter.reqs = make(chan startReq)
		go func() {
			runtime.LockOSThread() // never unlocked: see starter
			for r := range starter.reqs {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	starter.reqs <- startReq{cmd: cmd, done: done}
	return <-done
}
