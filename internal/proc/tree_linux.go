package proc

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// A procStat is what /proc/PID/stat says of one process that the tree
// needs: its parent, session, and start time (which tells a process from
// a later one given the same pid).
type procStat struct {
	pid, ppid, session int
	start              uint64
}

// readStat parses /proc/PID/stat. The command name may hold spaces and
// parentheses, so fields are counted from the last ')'.
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is field 3 (state): ppid is field 4, session 6, starttime 22.
	if len(f) < 20 {
		return procStat{}, false
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	sess, _ := strconv.Atoi(string(f[3]))
	start, _ := strconv.ParseUint(string(f[19]), 10, 64)
	return procStat{pid: pid, ppid: ppid, session: sess, start: start}, true
}

// allStats reads every process's stat.
func allStats() []procStat {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	out := make([]procStat, 0, len(names))
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			out = append(out, st)
		}
	}
	return out
}

// selfStart is this process's start time, part of the owner tag of
// TempDir's directories.
func selfStart() (uint64, bool) {
	st, ok := readStat(os.Getpid())
	return st.start, ok
}

// alive reports whether the process pid exists and started at start; a
// zombie counts as gone.
func alive(pid int, start uint64) bool {
	st, ok := readStat(pid)
	if !ok || st.start != start {
		return false
	}
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'Z' {
		return false
	}
	return true
}

// A tree follows the descendants of one child through /proc while it
// runs, so that those that leave its process group, or its session (a
// daemon calling setsid), can still be killed when the run ends. It looks
// every 50 ms: a process that detaches and loses its parent between two
// looks escapes, which is why the sandbox prefers a PID namespace.
type tree struct {
	root int
	self int // this process's session: never killed by session

	mu       sync.Mutex
	seen     map[int]uint64 // pid -> start time
	sessions map[int]bool
	stop     chan struct{}
	done     chan struct{}
}

const treeEvery = 50 * time.Millisecond

// followTree starts following the descendants of pid.
func followTree(pid int) *tree {
	me, _ := readStat(os.Getpid())
	t := &tree{root: pid, self: me.session, seen: map[int]uint64{}, sessions: map[int]bool{},
		stop: make(chan struct{}), done: make(chan struct{})}
	if st, ok := readStat(pid); ok {
		t.seen[pid] = st.start
	}
	go func() {
		defer close(t.done)
		tick := time.NewTicker(treeEvery)
		defer tick.Stop()
		for {
			select {
			case <-t.stop:
				return
			case <-tick.C:
				t.look(allStats())
			}
		}
	}()
	return t
}

// look adds to seen every process whose parent is one seen, until no more
// are found, and records their sessions.
func (t *tree) look(all []procStat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for grew := true; grew; {
		grew = false
		for _, st := range all {
			if _, ok := t.seen[st.pid]; ok {
				continue
			}
			if pstart, ok := t.seen[st.ppid]; ok && st.start >= pstart {
				t.seen[st.pid] = st.start
				grew = true
			}
		}
	}
	for _, st := range all {
		if start, ok := t.seen[st.pid]; ok && start == st.start && st.pid != t.root && st.session != t.self {
			t.sessions[st.session] = true
		}
	}
}

// kill stops following and kills every process seen that is still the one
// seen, and every process in a session one of them led or joined, until a
// look finds none left (at most a few rounds: each round also finds the
// children forked while it ran).
func (t *tree) kill() {
	close(t.stop)
	<-t.done
	me := os.Getpid()
	for round := 0; round < 10; round++ {
		all := allStats()
		t.look(all)
		t.mu.Lock()
		n := 0
		for _, st := range all {
			start, seen := t.seen[st.pid]
			mine := seen && start == st.start
			if !mine && !t.sessions[st.session] {
				continue
			}
			if st.pid == me || st.pid == 1 || !alive(st.pid, st.start) {
				continue
			}
			_ = syscall.Kill(st.pid, syscall.SIGKILL)
			n++
		}
		t.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}
