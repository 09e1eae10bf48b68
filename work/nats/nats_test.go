package nats_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	natsgo "github.com/nats-io/nats.go"

	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
	"github.com/suretydev/surety/work/nats/natstest"
)

// testJob is the input of the "test.job" kind.
type testJob struct {
	N int
	// Log gets a line "start N" and "end N" for each execution.
	Log string
	// Hold, if set, makes the first execution create this file, say
	// "holding N" on stdout and wait for its context's end.
	Hold string
	// Work is how long the job works.
	Work time.Duration
}

func appendLine(path, line string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(f, line)
	f.Close()
}

func init() {
	work.Register("test.noop", func(ctx context.Context, in []byte) ([]byte, error) { return in, nil })
	work.Register("test.crash", func(ctx context.Context, in []byte) ([]byte, error) {
		fmt.Println("crashing")
		os.Exit(3)
		return nil, nil
	})
	work.Register("test.job", func(ctx context.Context, in []byte) ([]byte, error) {
		var j testJob
		if err := json.Unmarshal(in, &j); err != nil {
			return nil, err
		}
		appendLine(j.Log, fmt.Sprint("start ", j.N))
		if j.Hold != "" {
			if f, err := os.OpenFile(j.Hold, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
				f.Close()
				fmt.Printf("holding %d\n", j.N)
				<-ctx.Done()
				return nil, ctx.Err()
			}
		}
		select {
		case <-time.After(j.Work):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		appendLine(j.Log, fmt.Sprint("end ", j.N))
		if j.N < 0 {
			// What a failed job spent comes back with its error.
			return []byte("spent 3"), errors.New("negative job\nsecond line")
		}
		return fmt.Appendf(nil, "done %d", j.N), nil
	})
}

// TestMain makes the test binary a worker when SURETY_TEST_WORKER names
// the server's URL, with the user and password of SURETY_TEST_CREDS
// ("user:password"), the name SURETY_TEST_NAME and, when set, the build
// SURETY_TEST_BUILD; and a cache client (cacheMain) when SURETY_TEST_CACHE
// names a cache.
func TestMain(m *testing.M) {
	if url := os.Getenv("SURETY_TEST_WORKER"); url != "" {
		os.Exit(worker(url))
	}
	if mode := os.Getenv("SURETY_TEST_CACHE"); mode != "" {
		os.Exit(cacheMain(mode))
	}
	os.Exit(m.Run())
}

func worker(url string) int {
	user, pw, _ := strings.Cut(os.Getenv("SURETY_TEST_CREDS"), ":")
	name := os.Getenv("SURETY_TEST_NAME")
	nc, err := worknats.Dial(url, worknats.Credentials{User: user, Password: pw}, name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer nc.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	ackWait, _ := time.ParseDuration(os.Getenv("SURETY_TEST_ACKWAIT"))
	maxDeliver, _ := strconv.Atoi(os.Getenv("SURETY_TEST_MAXDELIVER"))
	err = worknats.Serve(ctx, nc, &worknats.Options{Name: name, Build: os.Getenv("SURETY_TEST_BUILD"), AckWait: ackWait, MaxDeliver: maxDeliver,
		Logf: func(f string, a ...any) { fmt.Fprintf(os.Stderr, name+": "+f+"\n", a...) }})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// A proc is a worker process.
type proc struct {
	cmd   *exec.Cmd
	lines chan string // its stdout, line by line
}

// startWorker starts the test binary as a worker named name.
func startWorker(t *testing.T, srv *natstest.Server, name string, ackWait time.Duration, env ...string) *proc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SURETY_TEST_WORKER="+srv.URL, "SURETY_TEST_CREDS="+srv.Creds.User+":"+srv.Creds.Password,
		"SURETY_TEST_NAME="+name, "SURETY_TEST_ACKWAIT="+ackWait.String())
	cmd.Env = append(cmd.Env, env...)
	var stderr strings.Builder
	cmd.Stderr = &lockedWriter{w: &stderr}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, lines: make(chan string, 100)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
		if t.Failed() || testing.Verbose() {
			t.Logf("worker %s's stderr:\n%s", name, cmd.Stderr.(*lockedWriter).String())
		}
	})
	return p
}

type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}

func runner(t *testing.T, srv *natstest.Server) *worknats.Runner {
	t.Helper()
	nc, err := worknats.Dial(srv.URL, srv.Creds, "coordinator")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	r, err := worknats.New(nc, &worknats.Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func jobs(n int, log string, each func(*testJob)) []work.Job {
	var js []work.Job
	for i := range n {
		j := testJob{N: i, Log: log}
		if each != nil {
			each(&j)
		}
		b, _ := json.Marshal(j)
		js = append(js, work.NewJob("test.job", b))
	}
	return js
}

// collect runs jobs and checks that each has exactly one result, the
// right one.
func collect(t *testing.T, ctx context.Context, r work.Runner, js []work.Job, each func(int)) map[string]work.Result {
	t.Helper()
	got := map[string]work.Result{}
	err := r.Run(ctx, js, func(res work.Result) error {
		if _, dup := got[res.ID]; dup {
			t.Errorf("job %s delivered twice", res.ID)
		}
		got[res.ID] = res
		if each != nil {
			each(len(got))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range js {
		res, ok := got[j.ID]
		var in testJob
		_ = json.Unmarshal(j.Input, &in)
		switch {
		case !ok:
			t.Errorf("job %d: no result", i)
		case j.Kind == "test.job" && in.N >= 0 && string(res.Output) != fmt.Sprint("done ", in.N):
			t.Errorf("job %d: output %q, error %q", i, res.Output, res.Err)
		case res.Worker == "" || res.Build == "":
			t.Errorf("job %d: result without its worker or build: %+v", i, res)
		}
	}
	return got
}

// executions counts the "end N" lines of the log.
func executions(t *testing.T, log string) map[string]int {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "end ") {
			n[l]++
		}
	}
	return n
}

func onceEach(t *testing.T, log string, jobs int) {
	t.Helper()
	ends := executions(t, log)
	for i := range jobs {
		if c := ends[fmt.Sprint("end ", i)]; c != 1 {
			t.Errorf("job %d finished %d times; want once", i, c)
		}
	}
}

func TestResultsOnceFromTwoWorkers(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	startWorker(t, srv, "w1", 0)
	startWorker(t, srv, "w2", 0)
	js := jobs(12, log, nil)
	bad, _ := json.Marshal(testJob{N: -1, Log: log})
	js = append(js, work.NewJob("test.job", bad), work.NewJob("test.unknown", nil))
	got := collect(t, context.Background(), runner(t, srv), js, nil)
	if r := got[js[12].ID]; r.Err != "negative job\nsecond line" || string(r.Output) != "spent 3" {
		t.Errorf("failing job: %+v", r)
	}
	if r := got[js[13].ID]; !strings.Contains(r.Err, "unknown job kind") {
		t.Errorf("job of an unknown kind: %+v", r)
	}
	onceEach(t, log, 12)
	workers := map[string]bool{}
	for _, r := range got {
		workers[r.Worker] = true
	}
	t.Logf("workers that ran jobs: %v", workers)
}

func TestKilledWorkersJobIsRedelivered(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	const ackWait = time.Second
	a := startWorker(t, srv, "a", ackWait)
	js := jobs(6, log, func(j *testJob) {
		if j.N == 2 {
			j.Hold = filepath.Join(dir, "hold")
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var got map[string]work.Result
	done := make(chan struct{})
	go func() {
		defer close(done)
		got = collect(t, ctx, runner(t, srv), js, nil)
	}()
	if l := <-a.lines; l != "holding 2" {
		t.Fatalf("worker a said %q; want holding 2", l)
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	startWorker(t, srv, "b", ackWait)
	<-done
	if t.Failed() {
		return
	}
	if r := got[js[2].ID]; r.Worker != "b" {
		t.Errorf("the held job's result came from %q; want b, which it was delivered to again", r.Worker)
	}
	onceEach(t, log, 6)
}

func TestServerRestartLosesNothing(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	const ackWait = 10 * time.Second
	startWorker(t, srv, "w1", ackWait)
	startWorker(t, srv, "w2", ackWait)
	js := jobs(16, log, func(j *testJob) { j.Work = 100 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	restarted := false
	collect(t, ctx, runner(t, srv), js, func(n int) {
		if n == 4 && !restarted {
			restarted = true
			srv.Restart()
		}
	})
	if !restarted {
		t.Error("the server was not restarted")
	}
	onceEach(t, log, 16)
}

func TestNoCredentialsRefused(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	if _, err := worknats.Dial(srv.URL, worknats.Credentials{}, "x"); !errors.Is(err, worknats.ErrNoCredentials) {
		t.Errorf("Dial without credentials: %v; want ErrNoCredentials", err)
	}
	if _, err := worknats.Dial(srv.URL, worknats.Credentials{User: "surety", Password: "wrong"}, "x"); !errors.Is(err, natsgo.ErrAuthorization) {
		t.Errorf("Dial with a wrong password: %v; want an authorization violation", err)
	}
	if nc, err := natsgo.Connect(srv.URL); err == nil {
		nc.Close()
		t.Error("the server let a client in without credentials")
	}
	// A worker without credentials says so and exits.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SURETY_TEST_WORKER="+srv.URL, "SURETY_TEST_CREDS=", "SURETY_TEST_NAME=anon")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no credentials") {
		t.Errorf("worker without credentials: %v, %s", err, out)
	}
}

func TestWorkerOfAnotherBuildRefuses(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	log := filepath.Join(t.TempDir(), "log")
	startWorker(t, srv, "old", 0, "SURETY_TEST_BUILD=another build")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := runner(t, srv).Run(ctx, jobs(3, log, nil), func(work.Result) error {
		t.Error("a result from a worker of another build")
		return nil
	})
	var re *worknats.RefusedError
	if !errors.As(err, &re) || re.Worker != "old" || !strings.Contains(re.Reason, `runs build "another build"`) {
		t.Fatalf("Run: %v; want a RefusedError from old", err)
	}
	t.Log(err)
	if _, err := os.Stat(log); err == nil {
		t.Error("the worker of another build ran a job")
	}
}

// BenchmarkRoundTrip measures what handing out one job costs when its
// handler does nothing: the coordinator publishes b.N jobs, one worker
// process runs them one at a time (pull, store the result, acknowledge),
// and the coordinator reads the results. ns/op is the wall time per job.
func BenchmarkRoundTrip(b *testing.B) {
	srv := natstest.Start(b, b.TempDir())
	startWorkerB(b, srv)
	nc, err := worknats.Dial(srv.URL, srv.Creds, "coordinator")
	if err != nil {
		b.Fatal(err)
	}
	defer nc.Close()
	r, err := worknats.New(nc, nil)
	if err != nil {
		b.Fatal(err)
	}
	// One job first, so that the worker is serving before the clock runs.
	if err := r.Run(context.Background(), []work.Job{work.NewJob("test.noop", []byte("warm"))}, func(work.Result) error { return nil }); err != nil {
		b.Fatal(err)
	}
	js := make([]work.Job, b.N)
	for i := range js {
		js[i] = work.NewJob("test.noop", fmt.Append(nil, i))
	}
	b.ResetTimer()
	n := 0
	if err := r.Run(context.Background(), js, func(work.Result) error { n++; return nil }); err != nil || n != b.N {
		b.Fatalf("%d results of %d: %v", n, b.N, err)
	}
}

func startWorkerB(b *testing.B, srv *natstest.Server) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SURETY_TEST_WORKER="+srv.URL, "SURETY_TEST_CREDS="+srv.Creds.User+":"+srv.Creds.Password, "SURETY_TEST_NAME=w")
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
}

func TestJobTooLargeRefused(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	big := work.NewJob("test.noop", make([]byte, 2<<20))
	err := runner(t, srv).Run(context.Background(), []work.Job{big}, func(work.Result) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "the server takes") {
		t.Errorf("Run of a 2 MiB job: %v", err)
	}
}

// A job that kills every worker it is given is given up after
// MaxDeliver deliveries, and the run ends with its error as its result.
func TestJobThatKillsItsWorkersIsGivenUp(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	log := filepath.Join(t.TempDir(), "log")
	const ackWait = time.Second
	var ws []*proc
	for _, name := range []string{"w1", "w2", "w3"} {
		ws = append(ws, startWorker(t, srv, name, ackWait, "SURETY_TEST_MAXDELIVER=2"))
	}
	js := append(jobs(2, log, nil), work.NewJob("test.crash", nil))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := map[string]work.Result{}
	err := runner(t, srv).Run(ctx, js, func(r work.Result) error {
		got[r.ID] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := got[js[2].ID]; !strings.Contains(r.Err, "given up after 2 deliveries") {
		t.Errorf("the crashing job: %+v", r)
	}
	for _, j := range js[:2] {
		if r := got[j.ID]; r.Err != "" || !strings.HasPrefix(string(r.Output), "done") {
			t.Errorf("job %s: %+v", j.ID, r)
		}
	}
	crashed := 0
	for _, w := range ws {
		select {
		case l := <-w.lines:
			if l == "crashing" {
				crashed++
			}
		default:
		}
	}
	if crashed != 2 {
		t.Errorf("%d workers crashed; want 2", crashed)
	}
}
