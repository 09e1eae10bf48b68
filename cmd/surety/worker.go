package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
)

// natsFlags are the flags of every command that can hand its work to the
// workers of a NATS server, or keep its caches in the server's key-value
// store. Credentials come from --nats-creds or the environment:
// SURETY_NATS_USER and SURETY_NATS_PASSWORD, SURETY_NATS_TOKEN,
// SURETY_NATS_NKEY (an nkey seed file) or SURETY_NATS_CREDS (a file, as
// --nats-creds).
type natsFlags struct {
	url, creds string
	c          *worknats.Client // made by client, closed by close
}

// natsEnvHelp says where credentials come from, for the flags' help.
const natsEnvHelp = "file of NATS credentials: a .creds file, an nkey seed, or USER:PASSWORD on one line " +
	"(default: $SURETY_NATS_CREDS, or $SURETY_NATS_USER and $SURETY_NATS_PASSWORD, $SURETY_NATS_TOKEN, $SURETY_NATS_NKEY)"

func (f *natsFlags) register(fs *flag.FlagSet, what string) {
	fs.StringVar(&f.url, "nats", "", what)
	fs.StringVar(&f.creds, "nats-creds", "", natsEnvHelp)
}

// client is the client of --nats, which dials at its first use; nil with
// no --nats, which keeps the caches in their directories and the work in
// this process. Close it with close.
func (f *natsFlags) client(e *env) *worknats.Client {
	if f.c == nil && f.url != "" {
		f.c = &worknats.Client{URL: f.url, CredsFile: f.creds, Getenv: e.getenv}
	}
	return f.c
}

// runner is the Runner of --nats, which logs its retries on stderr after
// prefix; nil with no --nats (the work stays in this process).
func (f *natsFlags) runner(e *env, prefix string) (work.Runner, error) {
	return f.client(e).Runner(&worknats.Options{Logf: e.logf(prefix)})
}

// close closes the connection of --nats, if one was made.
func (f *natsFlags) close() { f.c.Close() }

func runWorker(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	var nf natsFlags
	nf.register(fs, "URL of the NATS server to take jobs from (required)")
	name := fs.String("name", "", "this worker's name in results (default: host:pid)")
	jobs := fs.Int("jobs", 1, "jobs run at once (each job may use several CPUs: a task's checks run in parallel)")
	ackWait := fs.Duration("ack-wait", 30*time.Second, "how long the server waits for a sign of life from a job before handing it to another worker; the same on every worker")
	maxDeliver := fs.Int("max-deliver", 5, "deliveries of a job before it is given up (its workers died on it); the same on every worker")
	cpus := fs.String("cpus", "", "bind this worker and every process its jobs start to these CPUs (0, 2-3, 0,4), as BenchExec gives each run its own cores, so that workers on one machine do not compete for cores; default: every CPU")
	quiet := fs.Bool("quiet", false, "do not log each job on stderr")
	cacheMode := fs.String("cache-mode", "record", "model replies of reason jobs in the NATS server's key-value store, shared with every machine: record (read and write), replay (never ask the model), or off")
	if code, ok := parseArgs(e, fs, args, 0); !ok {
		return code
	}
	mode, modeErr := llm.ParseCacheMode(*cacheMode)
	var cpuSet []int
	var cpuErr error
	if *cpus != "" {
		cpuSet, cpuErr = proc.ParseCPUs(*cpus)
	}
	if err := firstError(atLeast("jobs", *jobs, 1), atLeast("max-deliver", *maxDeliver, 1), positive("ack-wait", *ackWait),
		check(nf.url != "", "nats", `""`, "give the URL of a NATS server with JetStream"),
		check(modeErr == nil, "cache-mode", fmt.Sprintf("%q", *cacheMode), "want record, replay or off"),
		check(cpuErr == nil, "cpus", fmt.Sprintf("%q", *cpus), "want CPU numbers and ranges, as 0 or 2-3 or 0,4")); err != nil {
		return fail(e, "worker", err)
	}
	if cpuSet != nil {
		if err := proc.BindCPUs(cpuSet); err != nil {
			return fail(e, "worker", err)
		}
	}
	opts := &worknats.Options{Name: *name, Jobs: *jobs, AckWait: *ackWait, MaxDeliver: *maxDeliver}
	if opts.Name == "" {
		opts.Name = worknats.DefaultName()
	}
	logf := e.logf("surety worker " + opts.Name)
	if !*quiet {
		opts.Logf = logf
	}
	c := nf.client(e)
	c.Name = "surety worker " + opts.Name
	defer nf.close()
	// The model of the jobs that ask one (fmagent's reason jobs), opened
	// when the first comes, as every command opens it; it lives as long
	// as the worker.
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) {
		_, m, err := llm.OpenModelFromEnv(ctx, e.getenv, &llm.ModelConfig{CacheMode: mode}, c.Store)
		if err != nil {
			return nil, err
		}
		return m, nil
	})
	if _, err := c.Conn(); err != nil {
		return fail(e, "worker", err)
	}
	if cpuSet != nil {
		logf("bound to CPUs %s", *cpus)
	}
	logf("build %s; job kinds %s; serving %s (stop with ^C)", buildid.Self(), strings.Join(work.Names(), ", "), nf.url)
	if err := c.Serve(ctx, opts); err != nil {
		return fail(e, "worker", err)
	}
	logf("stopped")
	return 0
}
