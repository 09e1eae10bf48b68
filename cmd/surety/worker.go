package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	natsgo "github.com/nats-io/nats.go"

	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
)

// natsFlags are the flags of every command that can hand its work to the
// workers of a NATS server, or keep its caches in the server's key-value
// store (store). Credentials come from --nats-creds or the
// environment: SURETY_NATS_USER and SURETY_NATS_PASSWORD, SURETY_NATS_TOKEN,
// SURETY_NATS_NKEY (an nkey seed file) or SURETY_NATS_CREDS (a file, as
// --nats-creds).
type natsFlags struct {
	url, creds string
	// nc is the connection of the caches' stores (store), closed by
	// close.
	nc *natsgo.Conn
}

// natsEnvHelp says where credentials come from, for the flags' help.
const natsEnvHelp = "file of NATS credentials: a .creds file, an nkey seed, or USER:PASSWORD on one line " +
	"(default: $SURETY_NATS_CREDS, or $SURETY_NATS_USER and $SURETY_NATS_PASSWORD, $SURETY_NATS_TOKEN, $SURETY_NATS_NKEY)"

func (f *natsFlags) register(fs *flag.FlagSet, what string) {
	fs.StringVar(&f.url, "nats", "", what)
	fs.StringVar(&f.creds, "nats-creds", "", natsEnvHelp)
}

// dial connects to the server of --nats as name.
func (f *natsFlags) dial(e *env, name string) (*natsgo.Conn, error) {
	cred, err := worknats.CredentialsFrom(f.creds, e.getenv)
	if err != nil {
		return nil, err
	}
	return worknats.Dial(f.url, cred, name)
}

// store opens the shared cache store name ("bmc": verdicts, "llm":
// model replies) on the server of --nats, all of a command's stores on
// one connection; with no --nats, nil: the cache stays in its directory.
// Close the connection with close.
func (f *natsFlags) store(ctx context.Context, e *env, name string) (work.Store, error) {
	if f.url == "" {
		return nil, nil
	}
	if f.nc == nil {
		host, _ := os.Hostname()
		nc, err := f.dial(e, fmt.Sprintf("surety cache client %s:%d", host, os.Getpid()))
		if err != nil {
			return nil, err
		}
		f.nc = nc
	}
	s, err := worknats.OpenStore(ctx, f.nc, name, nil)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// close closes the connection of the stores, if any.
func (f *natsFlags) close() {
	if f.nc != nil {
		f.nc.Close()
		f.nc = nil
	}
}

// runner returns the Runner of --nats, and a function that closes its
// connection; with no --nats, a nil Runner: the work stays in this
// process.
func (f *natsFlags) runner(e *env, logf func(string, ...any)) (work.Runner, func(), error) {
	if f.url == "" {
		return nil, func() {}, nil
	}
	host, _ := os.Hostname()
	nc, err := f.dial(e, fmt.Sprintf("surety coordinator %s:%d", host, os.Getpid()))
	if err != nil {
		return nil, nil, err
	}
	r, err := worknats.New(nc, &worknats.Options{Logf: logf})
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return r, nc.Close, nil
}

func runWorker(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	var nf natsFlags
	nf.register(fs, "URL of the NATS server to take jobs from (required)")
	name := fs.String("name", "", "this worker's name in results (default: host:pid)")
	jobs := fs.Int("jobs", 1, "jobs run at once (each job may use several CPUs: a task's checks run in parallel)")
	ackWait := fs.Duration("ack-wait", 30*time.Second, "how long the server waits for a sign of life from a job before handing it to another worker; the same on every worker")
	maxDeliver := fs.Int("max-deliver", 5, "deliveries of a job before it is given up (its workers died on it); the same on every worker")
	quiet := fs.Bool("quiet", false, "do not log each job on stderr")
	cacheMode := fs.String("cache-mode", "record", "model replies of reason jobs in the NATS server's key-value store, shared with every machine: record (read and write), replay (never ask the model), or off")
	if code, ok := parseArgs(e, fs, args, 0, commands["worker"].usage); !ok {
		return code
	}
	mode, modeErr := llm.ParseCacheMode(*cacheMode)
	if err := firstError(atLeast("jobs", *jobs, 1), atLeast("max-deliver", *maxDeliver, 1), positive("ack-wait", *ackWait),
		check(nf.url != "", "nats", `""`, "give the URL of a NATS server with JetStream"),
		check(modeErr == nil, "cache-mode", fmt.Sprintf("%q", *cacheMode), "want record, replay or off")); err != nil {
		return fail(e, "worker", err)
	}
	defer nf.close()
	llm.SetWorkerModel(workerModel(ctx, e, &nf, mode))
	opts := &worknats.Options{Name: *name, Jobs: *jobs, AckWait: *ackWait, MaxDeliver: *maxDeliver}
	if opts.Name == "" {
		host, _ := os.Hostname()
		opts.Name = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
	var mu sync.Mutex
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(e.stderr, "surety worker %s: %s\n", opts.Name, fmt.Sprintf(format, args...))
	}
	if !*quiet {
		opts.Logf = logf
	}
	nc, err := nf.dial(e, "surety worker "+opts.Name)
	if err != nil {
		return fail(e, "worker", err)
	}
	defer nc.Close()
	logf("build %s; job kinds %s; serving %s (stop with ^C)", buildid.Self(), strings.Join(work.Names(), ", "), nf.url)
	if err := worknats.Serve(ctx, nc, opts); err != nil {
		return fail(e, "worker", err)
	}
	logf("stopped")
	return 0
}

// workerModel opens the model of the jobs that ask one (fmagent's reason
// jobs), when the first comes: the model the worker's environment names
// (SURETY_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY, as for every command),
// with its replies in the server's key-value store unless mode is off.
func workerModel(ctx context.Context, e *env, nf *natsFlags, mode llm.CacheMode) func(context.Context) (llm.Model, error) {
	return func(context.Context) (llm.Model, error) {
		cfg, err := llm.ModelConfigFromEnv(e.getenv)
		if err != nil {
			return nil, err
		}
		cfg.CacheMode = mode
		if mode != llm.CacheOff {
			if cfg.CacheStore, err = nf.store(ctx, e, "llm"); err != nil {
				return nil, err
			}
		}
		// The model lives as long as the worker: ctx is the worker's.
		_, m, err := llm.OpenModel(ctx, cfg)
		if err != nil {
			return nil, err
		}
		return m, nil
	}
}
