package run

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// maxFuzzReruns caps the fuzzer's inputs run again in the plain build.
const maxFuzzReruns = 100

// maxFuzzSeeds caps the corpus the fuzzer starts from, maxSeedLen the
// length of each of its inputs.
const (
	maxFuzzSeeds = 16
	maxSeedLen   = 64
)

// fuzzTools finds afl-fuzz and its compiler.
func (c *Checker) fuzzTools() (fuzzer, cc string, err error) {
	name := c.opts.Fuzzer
	if name == "" {
		name = "afl-fuzz"
	}
	fuzzer, err = proc.LookPath(name)
	if err != nil {
		return "", "", err
	}
	for _, n := range []string{"afl-clang-fast", "afl-cc", "afl-gcc-fast"} {
		if p, err := proc.LookPath(filepath.Join(filepath.Dir(fuzzer), n)); err == nil {
			return fuzzer, p, nil
		}
		if p, err := proc.LookPath(n); err == nil {
			return fuzzer, p, nil
		}
	}
	return "", "", fmt.Errorf("%w: afl-clang-fast", proc.ErrNotFound)
}

// fuzz runs AFL++ on the program for the budget while some assertion has
// not failed, then runs the crashes and the queue it found in the plain
// build (and the crashes in the sanitized one).
func (c *Checker) fuzz(ctx context.Context, st *state, dir string, fb *fuzzBuild, plain, san *runner) error {
	// What no run showed yet: a failure of the assertion (then any
	// failure of it stops a fuzzed run), or a failure before any other
	// (then only such a failure does), which refutes a conditional fact.
	var want, wantFirst []string
	for i := range st.p.Asserts {
		if st.compiledOut(i) {
			continue
		}
		failed, first := false, false
		for _, r := range st.runs {
			if seq, exact := st.exactFail(r, i, nil); seq > 0 && exact {
				failed = true
				if firstFailed(r) == i && st.firstExact(r) {
					first = true
					break
				}
			}
		}
		switch {
		case !failed:
			want = append(want, strconv.Itoa(i))
		case !first:
			wantFirst = append(wantFirst, strconv.Itoa(i))
		}
	}
	if len(want)+len(wantFirst) == 0 {
		return nil
	}
	if fb == nil || fb.why != "" {
		if fb != nil {
			st.notes = append(st.notes, fb.why)
		}
		return nil
	}
	budget := c.fuzzBudget()
	secs := int((budget + time.Second - 1) / time.Second)
	in, out := filepath.Join(dir, "fuzz-in"), filepath.Join(dir, "fuzz-out")
	if err := os.MkdirAll(in, 0o755); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	seeds := st.fuzzSeeds()
	for i, s := range seeds {
		if err := os.WriteFile(filepath.Join(in, fmt.Sprintf("seed%03d", i)), s, 0o644); err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	fargs := []string{"-i", in, "-o", out, "-V", strconv.Itoa(secs), "-m", "none",
		"-t", strconv.Itoa(int(max(plain.timeout/time.Millisecond, 100)))}
	if st.plan.in&inNondet != 0 {
		// Short streams of values: AFL++'s deterministic stages try each
		// dictionary token at each position, which finds magic values.
		fargs = append(fargs, "-D")
	}
	if dict := st.dictionary(); len(dict) > 0 {
		dp := filepath.Join(dir, "fuzz.dict")
		if err := os.WriteFile(dp, dict, 0o644); err != nil {
			return fmt.Errorf("run: %w", err)
		}
		fargs = append(fargs, "-x", dp)
	}
	fargs = append(fargs, "--", fb.exe)
	fenv := append(os.Environ(), fuzzerEnv...)
	fenv = append(fenv, "SURETY_WANT="+strings.Join(want, ","), "SURETY_WANT_FIRST="+strings.Join(wantFirst, ","))
	if len(want)+len(wantFirst) == 1 {
		fenv = append(fenv, "AFL_BENCH_UNTIL_CRASH=1")
	}
	start := time.Now()
	out1, err := runFuzzer(ctx, fb.fuzzer, fargs, dir, fenv, budget+max(2*time.Second, budget))
	st.fuzzTime = time.Since(start)
	if err != nil {
		return err
	}
	crashes := readDir(filepath.Join(out, "default", "crashes"))
	queue := readDir(filepath.Join(out, "default", "queue"))
	if len(crashes) == 0 && len(queue) == 0 {
		st.notes = append(st.notes, "afl-fuzz found nothing to run: "+clip(lastLine(out1), 200))
		return nil
	}
	if len(crashes) > maxFuzzReruns/2 {
		crashes = crashes[:maxFuzzReruns/2]
	}
	if len(queue) > maxFuzzReruns-len(crashes) {
		queue = queue[:maxFuzzReruns-len(crashes)]
	}
	for i, b := range append(crashes, queue...) {
		if i < len(crashes) && san != nil && i < maxSanRuns {
			if err := st.sanitized(ctx, san, "", b); err != nil {
				return err
			}
		}
		rec, _, err := plain.run(ctx, "", b)
		if err != nil {
			return err
		}
		rec.fuzz = true
		st.runs = append(st.runs, rec)
		st.fuzzed++
	}
	return nil
}

var ansiRE = strings.NewReplacer("\x1b[0m", "", "\x1b[1;91m", "", "\x1b[1;93m", "", "\x1b[1;94m", "", "\x1b[1;92m", "", "\x1b[?25h", "")

func lastLine(s string) string {
	s = strings.TrimSpace(ansiRE.Replace(s))
	if i := strings.LastIndex(s, "\n"); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// readDir returns the contents of the files of dir named id:..., in name
// order.
func readDir(dir string) [][]byte {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "id:") && e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var out [][]byte
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// encode writes the values a run consumed as the bytes the harness reads
// them from.
func (st *state) encode(vals [][2]int64) []byte {
	var b []byte
	for _, v := range vals {
		id := int(v[0])
		if id < 0 || id >= len(st.plan.fns) {
			continue
		}
		f := st.plan.fns[id]
		switch f.kind {
		case 'f':
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(math.Float64frombits(uint64(v[1])))))
		case 'd':
			b = binary.LittleEndian.AppendUint64(b, uint64(v[1]))
		case 'p':
		default:
			var w [8]byte
			binary.LittleEndian.PutUint64(w[:], uint64(v[1]))
			b = append(b, w[:f.size]...)
		}
	}
	return b
}

// frame makes the bytes of a run of a program that reads both
// nondeterministic values and stdin.
func frame(nondet, stdin []byte) []byte {
	if len(nondet) > 0xffff {
		nondet = nondet[:0xffff]
	}
	b := []byte{byte(len(nondet)), byte(len(nondet) >> 8)}
	return append(append(b, nondet...), stdin...)
}

// fuzzSeeds are the seeded runs' inputs as the fuzzing build reads them.
func (st *state) fuzzSeeds() [][]byte {
	var out [][]byte
	seen := map[string]bool{}
	for _, r := range st.runs {
		var b []byte
		switch st.plan.in {
		case inNondet:
			b = st.encode(r.vals)
		case inStdin:
			b = r.input
		default:
			b = frame(st.encode(r.vals), r.input)
		}
		if len(b) == 0 {
			b = []byte{0}
		}
		if len(b) > maxSeedLen {
			b = b[:maxSeedLen] // the fuzzer's stages cost by the byte
		}
		if seen[string(b)] {
			continue
		}
		seen[string(b)] = true
		out = append(out, b)
	}
	// The shortest first, and not too many: the fuzzer spends its first
	// seconds on them.
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	if len(out) > maxFuzzSeeds {
		out = out[:maxFuzzSeeds]
	}
	return out
}

// dictionary is an AFL dictionary of the source's literals: as the bytes
// of each integer width for nondeterministic values, as text for stdin.
func (st *state) dictionary() []byte {
	var b bytes.Buffer
	n := 0
	add := func(tok []byte) {
		if n >= 200 || len(tok) == 0 || len(tok) > 32 {
			return
		}
		b.WriteByte('"')
		for _, c := range tok {
			fmt.Fprintf(&b, "\\x%02x", c)
		}
		b.WriteString("\"\n")
		n++
	}
	for _, v := range st.plan.literals {
		if st.plan.in&inNondet != 0 {
			var w [8]byte
			binary.LittleEndian.PutUint64(w[:], uint64(v))
			for _, size := range []int{1, 2, 4, 8} {
				if size < 8 && (v >= 1<<(8*size) || v < -(1<<(8*size-1))) {
					continue
				}
				if size == 1 && v >= 0 && v < 256 {
					add(w[:1])
					continue
				}
				add(w[:size])
			}
		}
		if st.plan.in&inStdin != 0 {
			add([]byte(strconv.FormatInt(v, 10)))
		}
	}
	if st.plan.in&inStdin != 0 {
		for _, s := range st.plan.strs {
			add([]byte(s))
		}
	}
	return b.Bytes()
}

// A fuzzBuild is the fuzzing build of a program, made beside the others.
type fuzzBuild struct {
	fuzzer string
	exe    string
	why    string // why there is none
}

// buildFuzz compiles prog.c and harness.c with AFL++'s compiler into
// prog-fuzz.
func (c *Checker) buildFuzz(ctx context.Context, dir string, flags []string) (*fuzzBuild, error) {
	fuzzer, cc, err := c.fuzzTools()
	if err != nil {
		return &fuzzBuild{why: "no fuzzing: afl-fuzz (AFL++) not found"}, nil
	}
	args := append(append([]string{"-O0", "-w", "-fno-strict-aliasing", "-std=gnu11"}, flags...), c.opts.Flags...)
	args = append(args, "-o", "prog-fuzz", "prog.c", "harness.c", "-lm")
	env := append(os.Environ(), "AFL_QUIET=1", "AFL_DONT_OPTIMIZE=1")
	res, err := proc.Run(ctx, &proc.Cmd{Path: cc, Args: args, Dir: dir, Env: env, Timeout: time.Minute, MaxOutput: 1 << 16})
	if ctx.Err() != nil {
		return nil, fmt.Errorf("run: %w", ctx.Err())
	}
	if err != nil || res.ExitCode != 0 {
		msg := ""
		if res != nil {
			msg = firstLines(string(res.Stderr), 200)
		} else {
			msg = err.Error()
		}
		return &fuzzBuild{why: "no fuzzing: " + filepath.Base(cc) + " failed: " + msg}, nil
	}
	return &fuzzBuild{fuzzer: fuzzer, exe: filepath.Join(dir, "prog-fuzz")}, nil
}

// fuzzerEnv is how afl-fuzz is run: no screen, no core binding, no
// checks of the machine's set-up, quiet. Every name must be one that the
// installed AFL++ knows: on a name it does not know (AFL_NO_WARN_INSTABILITY
// in 4.04c) afl-fuzz warns and sleeps two seconds before it fuzzes, which
// doubled the wall time of a short fuzzing run with the cores idle
// (TestFuzzerEnvKnown).
var fuzzerEnv = []string{"AFL_SKIP_CPUFREQ=1", "AFL_NO_UI=1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1",
	"AFL_NO_AFFINITY=1", "AFL_SKIP_CRASHES=1", "AFL_NO_CRASH_README=1", "AFL_FAST_CAL=1", "AFL_QUIET=1",
	"AFL_SKIP_BIN_CHECK=1", "AFL_FORKSRV_INIT_TMOUT=10000"}

// runFuzzer runs afl-fuzz for at most wall, and stops it with SIGINT
// (then SIGKILL) when wall passes or ctx ends: killed outright, afl-fuzz
// would leave its shared memory behind. It returns the fuzzer's output.
func runFuzzer(ctx context.Context, path string, args []string, dir string, env []string, wall time.Duration) (string, error) {
	p, err := proc.Start(context.Background(), &proc.Cmd{Path: path, Args: args, Dir: dir, Env: env, MaxOutput: 1 << 20, KillDescendants: true})
	if err != nil {
		return "", fmt.Errorf("run: %w", err)
	}
	p.Stdin().Close()
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(&limitedWriter{w: &out, n: 1 << 20}, p.Stdout())
		close(copied)
	}()
	timer := time.NewTimer(wall)
	defer timer.Stop()
	select {
	case <-p.Done():
	case <-ctx.Done():
	case <-timer.C:
	}
	select {
	case <-p.Done():
	default:
		_ = syscall.Kill(p.Pid(), syscall.SIGINT)
		select {
		case <-p.Done():
		case <-time.After(3 * time.Second):
			p.Kill()
		}
	}
	res, _ := p.Wait()
	<-copied
	if ctx.Err() != nil {
		return "", fmt.Errorf("run: %w", ctx.Err())
	}
	s := out.String()
	if res != nil {
		s += string(res.Stderr)
	}
	return s, nil
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	if l.n > 0 {
		k := min(len(b), l.n)
		l.n -= k
		_, _ = l.w.Write(b[:k])
	}
	return len(b), nil
}
