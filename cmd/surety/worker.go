package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
)

// natsVar defines --nats (usage says what it does for the command) and
// --nats-creds, into the client returned: no server while --nats is not
// given (the caches stay in their directories, the work in this process),
// dialed at its first use. Credentials come from --nats-creds or the
// environment: SURETY_NATS_USER and SURETY_NATS_PASSWORD,
// SURETY_NATS_TOKEN, SURETY_NATS_NKEY (an nkey seed file) or
// SURETY_NATS_CREDS (a file, as --nats-creds). Close it when done.
func natsVar(fs *flags, e *env, usage string) *worknats.Client {
	c := &worknats.Client{Getenv: e.getenv}
	fs.StringVar(&c.URL, "nats", "", usage)
	fs.StringVar(&c.CredsFile, "nats-creds", "", "file of NATS credentials: a .creds file, an nkey seed, or USER:PASSWORD on one line "+
		"(default: $SURETY_NATS_CREDS, or $SURETY_NATS_USER and $SURETY_NATS_PASSWORD, $SURETY_NATS_TOKEN, $SURETY_NATS_NKEY)")
	return c
}

// runner is the Runner of --nats, which logs its retries on stderr after
// prefix; nil with no --nats.
func runner(e *env, c *worknats.Client, prefix string) (work.Runner, error) {
	return c.Runner(&worknats.Options{Logf: e.logf(prefix)})
}

func runWorker(ctx context.Context, e *env, args []string) int {
	fs := newFlags("worker")
	opts := &worknats.Options{}
	c := natsVar(fs, e, "URL of the NATS server to take jobs from (required)")
	fs.check(func() error { return check(c.URL != "", "nats", `""`, "give the URL of a NATS server with JetStream") })
	fs.StringVar(&opts.Name, "name", "", "this worker's name in results (default: host:pid)")
	fs.intVar(&opts.Jobs, "jobs", 1, 1, "jobs run at once (each job may use several CPUs: a task's checks run in parallel)")
	fs.positiveVar(&opts.AckWait, "ack-wait", 30*time.Second, "how long the server waits for a sign of life from a job before handing it to another worker; the same on every worker")
	fs.intVar(&opts.MaxDeliver, "max-deliver", 5, 1, "deliveries of a job before it is given up (its workers died on it); the same on every worker")
	cpus := fs.String("cpus", "", "bind this worker and every process its jobs start to these CPUs (0, 2-3, 0,4), as BenchExec gives each run its own cores, so that workers on one machine do not compete for cores; default: every CPU")
	var cpuSet []int
	fs.check(func() (err error) {
		if *cpus != "" {
			cpuSet, err = proc.ParseCPUs(*cpus)
		}
		return check(err == nil, "cpus", fmt.Sprintf("%q", *cpus), "want CPU numbers and ranges, as 0 or 2-3 or 0,4")
	})
	quiet := fs.Bool("quiet", false, "do not log each job on stderr")
	cacheMode := new(string)
	fs.choiceVar(cacheMode, "cache-mode", "record", "model replies of reason jobs in the NATS server's key-value store, shared with every machine: record (read and write), replay (never ask the model), or off", "record", "replay", "off")
	if code, ok := parseArgs(e, fs, args, 0); !ok {
		return code
	}
	mode, _ := llm.ParseCacheMode(*cacheMode)
	if cpuSet != nil {
		if err := proc.BindCPUs(cpuSet); err != nil {
			return fail(e, "worker", err)
		}
	}
	if opts.Name == "" {
		opts.Name = worknats.DefaultName()
	}
	logf := e.logf("surety worker " + opts.Name)
	if !*quiet {
		opts.Logf = logf
	}
	c.Name = "surety worker " + opts.Name
	defer c.Close()
	// The model of the jobs that ask one (fmagent's reason jobs), opened
	// when the first comes, as every command opens it; it lives as long
	// as the worker.
	llm.SetWorkerModelFromEnv(ctx, e.getenv, &llm.ModelConfig{CacheMode: mode}, c.Store)
	if _, err := c.Conn(); err != nil {
		return fail(e, "worker", err)
	}
	if cpuSet != nil {
		logf("bound to CPUs %s", *cpus)
	}
	logf("build %s; job kinds %s; serving %s (stop with ^C)", buildid.Self(), strings.Join(work.Names(), ", "), c.URL)
	if err := c.Serve(ctx, opts); err != nil {
		return fail(e, "worker", err)
	}
	logf("stopped")
	return 0
}
