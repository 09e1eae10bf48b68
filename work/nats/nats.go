// Package nats runs surety's jobs (package work) on NATS JetStream: a
// coordinator (Runner) publishes jobs to a work-queue stream, workers
// (Serve, `surety worker`) on any number of machines pull them one at a
// time, and each result is stored in a results stream before its job is
// acknowledged.
//
// What it guarantees: delivery is at least once (a worker that dies or
// loses its connection before it acknowledges a job leaves the job to be
// delivered again, after the consumer's ack wait), and results are
// exactly once in the report: a result is stored under its job's ID with
// that ID as the message ID, so the server drops a second copy, a worker
// given a job again finds the stored result and does not run it again,
// and the coordinator delivers the first result of each ID and drops any
// other. A worker running a long job tells the server it is in progress
// every third of the ack wait, so a job is redelivered only when its
// worker is gone; a job delivered Options.MaxDeliver times without a
// result is given up, and its result is an error that says so. Jobs and
// results are kept in file storage, so a server restarted with its store
// loses neither.
//
// Every connection needs credentials (Credentials): Dial refuses to
// connect without them, and the server should require them.
//
// A worker runs only jobs of its own build (internal/buildid): a job
// from another build is terminated with the reason, and the coordinator
// fails its run with a *RefusedError, since answers of two builds must not
// mix in one report.
package nats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/work"
)

// Options configure a Runner and a worker. The zero value is valid and a
// nil pointer means the defaults; neither modifies it.
type Options struct {
	// Prefix begins every subject, stream and consumer name, so that
	// several surety installations can share a server; "" means
	// "surety". It must be one subject token (no dots or spaces).
	Prefix string
	// AckWait is how long the server waits for a worker's
	// acknowledgement (or sign of progress) before it delivers a job
	// again; 0 means 30s. Every worker of a server must use the same.
	AckWait time.Duration
	// Build is the build id jobs carry and a worker demands; "" means
	// buildid.Self(). Tests set it to play another build.
	Build string
	// Name is the worker's name in results; "" means DefaultName().
	Name string
	// Jobs is how many jobs a worker runs at once; 0 means 1.
	Jobs int
	// MaxDeliver is how many times a job is delivered before it is given
	// up: a job whose workers all died on it (or were stopped) is then
	// the Runner's result with an Err that says so, rather than a run
	// that never ends; 0 means 5. Every worker of a server must use the
	// same.
	MaxDeliver int
	// Logf, if not nil, is told what a worker does and what a coordinator
	// retries. Serve calls it from one goroutine at a time, so a writer
	// behind it needs no lock of its own.
	Logf func(format string, args ...any)
}

func (o *Options) prefix() string {
	if o.Prefix == "" {
		return "surety"
	}
	return o.Prefix
}

func (o *Options) ackWait() time.Duration {
	if o.AckWait <= 0 {
		return 30 * time.Second
	}
	return o.AckWait
}

func (o *Options) maxDeliver() int {
	if o.MaxDeliver <= 0 {
		return 5
	}
	return o.MaxDeliver
}

func (o *Options) build() string {
	if o.Build == "" {
		return buildid.Self()
	}
	return o.Build
}

func (o *Options) name() string {
	if o.Name != "" {
		return o.Name
	}
	return DefaultName()
}

// DefaultName names this process for the server, as HOST:PID: the name
// of a worker (Options.Name) and of a Client's connection when none is
// given, so that an operator can tell the machines and processes apart.
func DefaultName() string {
	h, err := os.Hostname()
	if err != nil {
		h = "unknown"
	}
	return fmt.Sprintf("%s:%d", h, os.Getpid())
}

func (o *Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

func (o *Options) jobsStream() string    { return strings.ToUpper(o.prefix()) + "_JOBS" }
func (o *Options) resultsStream() string { return strings.ToUpper(o.prefix()) + "_RESULTS" }
func (o *Options) consumer() string      { return o.prefix() + "-workers" }
func (o *Options) jobSubject(run string) string {
	return o.prefix() + ".jobs." + run
}
func (o *Options) resultSubject(run, id string) string {
	return o.prefix() + ".results." + run + "." + id
}

// Message headers of jobs and results.
const (
	hdrJob     = "Surety-Job"
	hdrKind    = "Surety-Kind"
	hdrBuild   = "Surety-Build"
	hdrRun     = "Surety-Run"
	hdrWorker  = "Surety-Worker"
	hdrFailed  = "Surety-Failed" // the body is a failure, as JSON
	hdrRefused = "Surety-Refused"
)

// A failure is the body of a failed job's result: the handler's error and
// what it returned beside it (work.Result's Err and Output).
type failure struct {
	Err    string `json:"error"`
	Output []byte `json:"output,omitempty"`
}

// Credentials authenticate a connection to the server: a user and
// password, a token, an nkey seed file, or a credentials file (a user
// JWT and its nkey seed, as nsc writes them). One of them is required.
type Credentials struct {
	User, Password string
	Token          string
	// NkeySeedFile holds an nkey user seed ("SU...").
	NkeySeedFile string
	// CredsFile is a .creds file.
	CredsFile string
}

// ErrNoCredentials reports a connection attempted without credentials.
var ErrNoCredentials = errors.New("work/nats: no credentials: give a NATS user and password, a token, an nkey seed file or a .creds file")

func (c Credentials) options() ([]natsgo.Option, error) {
	var opts []natsgo.Option
	if c.User != "" || c.Password != "" {
		if c.User == "" || c.Password == "" {
			return nil, errors.New("work/nats: a NATS user needs a password, and a password a user")
		}
		opts = append(opts, natsgo.UserInfo(c.User, c.Password))
	}
	if c.Token != "" {
		opts = append(opts, natsgo.Token(c.Token))
	}
	if c.NkeySeedFile != "" {
		o, err := natsgo.NkeyOptionFromSeed(c.NkeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("work/nats: nkey seed: %w", err)
		}
		opts = append(opts, o)
	}
	if c.CredsFile != "" {
		if _, err := os.Stat(c.CredsFile); err != nil {
			return nil, fmt.Errorf("work/nats: credentials file: %w", err)
		}
		opts = append(opts, natsgo.UserCredentials(c.CredsFile))
	}
	switch len(opts) {
	case 0:
		return nil, ErrNoCredentials
	case 1:
		return opts, nil
	}
	return nil, errors.New("work/nats: more than one kind of credentials given; give one")
}

// Dial connects to the NATS server at url with the credentials, under the
// connection name name. It refuses to connect without credentials, and
// the connection reconnects for ever after a server restart. Close it
// when done.
func Dial(url string, cred Credentials, name string) (*natsgo.Conn, error) {
	if url == "" {
		return nil, errors.New("work/nats: no server URL")
	}
	opts, err := cred.options()
	if err != nil {
		return nil, err
	}
	opts = append(opts, natsgo.Name(name), natsgo.MaxReconnects(-1), natsgo.ReconnectWait(250*time.Millisecond),
		natsgo.ReconnectJitter(100*time.Millisecond, time.Second))
	nc, err := natsgo.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("work/nats: connecting to %s: %w", url, err)
	}
	return nc, nil
}

// setup makes sure the job and result streams exist.
func setup(ctx context.Context, js jetstream.JetStream, o *Options) (jobs, results jetstream.Stream, err error) {
	jobs, err = ensureStream(ctx, js, jetstream.StreamConfig{
		Name:        o.jobsStream(),
		Description: "surety jobs, pulled by workers",
		Subjects:    []string{o.prefix() + ".jobs.>"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  10 * time.Minute,
	})
	if err != nil {
		return nil, nil, err
	}
	results, err = ensureStream(ctx, js, jetstream.StreamConfig{
		Name:        o.resultsStream(),
		Description: "surety results, stored before their job is acknowledged",
		Subjects:    []string{o.prefix() + ".results.>"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  10 * time.Minute,
		MaxAge:      7 * 24 * time.Hour,
	})
	return jobs, results, err
}

func ensureStream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	s, err := js.CreateStream(ctx, cfg)
	if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
		s, err = js.Stream(ctx, cfg.Name)
	}
	if err != nil {
		return nil, fmt.Errorf("work/nats: stream %s: %w", cfg.Name, err)
	}
	return s, nil
}

// retry calls f until it succeeds or ctx is done, waiting longer after
// each failure (up to a second): a server restart makes calls fail for a
// while.
func retry(ctx context.Context, o *Options, what string, f func(context.Context) error) error {
	wait := 50 * time.Millisecond
	for {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := f(cctx)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		o.logf("%s: %v; trying again in %s", what, err, wait)
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
		wait = min(2*wait, time.Second)
	}
}

// A RefusedError reports a job that a worker refused because it runs
// another build.
type RefusedError struct {
	Job, Worker, Reason string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("work/nats: worker %s refused job %s: %s", e.Worker, e.Job, e.Reason)
}

// A Runner hands jobs to workers through JetStream. It is safe for
// concurrent use: each Run is a run of its own.
type Runner struct {
	nc   *natsgo.Conn
	js   jetstream.JetStream
	opts Options
}

// New returns a Runner on the connection nc, which the caller closes
// after the last Run.
func New(nc *natsgo.Conn, opts *Options) (*Runner, error) {
	if opts == nil {
		opts = &Options{}
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("work/nats: %w", err)
	}
	return &Runner{nc: nc, js: js, opts: *opts}, nil
}

// Run implements work.Runner: it publishes the jobs under a new run ID
// and delivers the first result of each job as the results are stored.
// A job refused by a worker of another build ends the run with a
// *RefusedError. What is left of the run in the streams is removed
// before Run returns.
func (r *Runner) Run(ctx context.Context, jobs []work.Job, deliver func(work.Result) error) error {
	o := &r.opts
	jobs, err := work.Check(jobs)
	if err != nil {
		return err
	}
	if len(jobs) == 0 {
		return nil
	}
	for _, j := range jobs {
		// Headers and the rest of the message take well under 1 KiB.
		if max := r.nc.MaxPayload() - 1024; int64(len(j.Input)) > max {
			return fmt.Errorf("work/nats: job %s: input of %d bytes; the server takes %d at most", j.ID, len(j.Input), max)
		}
	}
	var jobsStream, resultsStream jetstream.Stream
	if err := retry(ctx, o, "setting up streams", func(ctx context.Context) error {
		var err error
		jobsStream, resultsStream, err = setup(ctx, r.js, o)
		return err
	}); err != nil {
		return err
	}
	run := nuid.Next()
	build := o.build()
	defer func() {
		// Leave nothing behind: jobs not taken (a failed run) and the
		// results read.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = jobsStream.Purge(cctx, jetstream.WithPurgeSubject(o.jobSubject(run)))
		_ = resultsStream.Purge(cctx, jetstream.WithPurgeSubject(o.prefix()+".results."+run+".>"))
	}()
	// Read results from the start of the run's subject; an ordered
	// consumer recreates itself after a reconnect where it left off.
	var cons jetstream.Consumer
	if err := retry(ctx, o, "reading results", func(ctx context.Context) error {
		var err error
		cons, err = resultsStream.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
			FilterSubjects: []string{o.prefix() + ".results." + run + ".>"},
		})
		return err
	}); err != nil {
		return err
	}
	it, err := cons.Messages()
	if err != nil {
		return fmt.Errorf("work/nats: reading results: %w", err)
	}
	defer it.Stop()
	msgs := make(chan jetstream.Msg)
	go func() {
		defer close(msgs)
		for {
			m, err := it.Next()
			if err != nil {
				if errors.Is(err, jetstream.ErrMsgIteratorClosed) {
					return
				}
				o.logf("reading results: %v", err)
				time.Sleep(50 * time.Millisecond)
				continue
			}
			select {
			case msgs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	// A job delivered MaxDeliver times without a result is given up:
	// the server says so in an advisory naming its stream sequence.
	gaveUp := make(chan *natsgo.Msg, 64)
	sub, err := r.nc.ChanSubscribe("$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES."+o.jobsStream()+"."+o.consumer(), gaveUp)
	if err != nil {
		return fmt.Errorf("work/nats: %w", err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	var seqMu sync.Mutex
	jobAt := make(map[uint64]string, len(jobs)) // stream sequence -> job ID
	ctx, cancel := context.WithCancel(ctx)
	pubErr := make(chan error, 1)
	var publishing sync.WaitGroup
	// The publisher stops before the run's leftovers are purged.
	defer func() { cancel(); publishing.Wait() }()
	publishing.Go(func() {
		for _, j := range jobs {
			m := natsgo.NewMsg(o.jobSubject(run))
			m.Header.Set(hdrJob, j.ID)
			m.Header.Set(hdrKind, j.Kind)
			m.Header.Set(hdrBuild, build)
			m.Header.Set(hdrRun, run)
			m.Data = j.Input
			if err := retry(ctx, o, "publishing job "+j.ID, func(ctx context.Context) error {
				ack, err := r.js.PublishMsg(ctx, m, jetstream.WithMsgID(run+"."+j.ID))
				if err == nil {
					seqMu.Lock()
					jobAt[ack.Sequence] = j.ID
					seqMu.Unlock()
				}
				return err
			}); err != nil {
				pubErr <- err
				return
			}
		}
	})
	pending := make(map[string]bool, len(jobs))
	for _, j := range jobs {
		pending[j.ID] = true
	}
	for len(pending) > 0 {
		var m jetstream.Msg
		select {
		case err := <-pubErr:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case a := <-gaveUp:
			var adv struct {
				StreamSeq  uint64 `json:"stream_seq"`
				Deliveries uint64 `json:"deliveries"`
			}
			if json.Unmarshal(a.Data, &adv) != nil {
				continue
			}
			seqMu.Lock()
			id := jobAt[adv.StreamSeq]
			seqMu.Unlock()
			if !pending[id] {
				continue // another run's job
			}
			delete(pending, id)
			o.logf("job %s: given up after %d deliveries", id, adv.Deliveries)
			res := work.Result{ID: id, Err: fmt.Sprintf("work/nats: job given up after %d deliveries without a result (the workers running it died or were stopped)", adv.Deliveries)}
			if err := deliver(res); err != nil {
				return err
			}
			continue
		case m = <-msgs:
		}
		if m == nil {
			return ctx.Err()
		}
		h := m.Headers()
		id := h.Get(hdrJob)
		if !pending[id] {
			continue // a second result of a job, or not one of ours
		}
		if why := h.Get(hdrRefused); why != "" {
			return &RefusedError{Job: id, Worker: h.Get(hdrWorker), Reason: why}
		}
		delete(pending, id)
		res := work.Result{ID: id, Output: m.Data(), Worker: h.Get(hdrWorker), Build: h.Get(hdrBuild)}
		if h.Get(hdrFailed) != "" {
			var f failure
			if err := json.Unmarshal(m.Data(), &f); err != nil || f.Err == "" {
				f = failure{Err: fmt.Sprintf("work/nats: the failed result of job %s is not one (%v): %.200q", id, err, m.Data())}
			}
			res.Output, res.Err = f.Output, f.Err
		}
		if err := deliver(res); err != nil {
			return err
		}
	}
	return nil
}
