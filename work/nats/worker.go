package nats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/suretydev/surety/work"
)

// Serve runs jobs from the server of nc until ctx is cancelled, with the
// handlers registered in package work; it returns nil then. Each of its
// Options.Jobs loops pulls one job at a time, so a job waits in the stream,
// where any idle worker may take it, rather than behind a busy one. A job
// interrupted by ctx is given back to the server for another worker.
// Errors the server returns are logged and tried again: only a failure
// to set up the streams ends Serve early.
func Serve(ctx context.Context, nc *natsgo.Conn, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	o := *opts
	if logf := o.Logf; logf != nil {
		// The job loops log at once: one line at a time.
		var mu sync.Mutex
		o.Logf = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			logf(format, args...)
		}
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("work/nats: %w", err)
	}
	w := &worker{js: js, o: &o, name: o.name(), build: o.build()}
	if err := retry(ctx, &o, "setting up streams", func(ctx context.Context) error {
		var err error
		_, w.results, err = setup(ctx, js, &o)
		if err != nil {
			return err
		}
		w.cons, err = js.CreateOrUpdateConsumer(ctx, o.jobsStream(), jetstream.ConsumerConfig{
			Durable:       o.consumer(),
			Description:   "surety workers",
			FilterSubject: o.prefix() + ".jobs.>",
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       o.ackWait(),
			MaxDeliver:    o.maxDeliver(),
		})
		return err
	}); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	var wg sync.WaitGroup
	for range max(o.Jobs, 1) {
		wg.Go(func() { w.loop(ctx) })
	}
	wg.Wait()
	return nil
}

type worker struct {
	js          jetstream.JetStream
	o           *Options
	name, build string
	results     jetstream.Stream
	cons        jetstream.Consumer
}

func (w *worker) loop(ctx context.Context) {
	for ctx.Err() == nil {
		fctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		m, err := w.cons.Next(jetstream.FetchContext(fctx))
		cancel()
		switch {
		case ctx.Err() != nil:
			if m != nil {
				_ = m.Nak()
			}
			return
		case err != nil:
			if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, jetstream.ErrNoMessages) {
				w.o.logf("waiting for a job: %v", err)
				select {
				case <-time.After(250 * time.Millisecond):
				case <-ctx.Done():
				}
			}
			continue
		}
		w.handle(ctx, m)
	}
}

// handle runs one job and stores its result, then acknowledges it.
func (w *worker) handle(ctx context.Context, m jetstream.Msg) {
	h := m.Headers()
	id, kind, build, run := h.Get(hdrJob), h.Get(hdrKind), h.Get(hdrBuild), h.Get(hdrRun)
	if id == "" || kind == "" || run == "" || work.JobID(kind, m.Data()) != id {
		w.o.logf("job %q: not a well-formed surety job; terminated", id)
		_ = m.TermWithReason("not a well-formed surety job")
		return
	}
	subj := w.o.resultSubject(run, id)
	if build != w.build {
		why := fmt.Sprintf("the job comes from build %q; worker %s runs build %q", build, w.name, w.build)
		w.o.logf("job %s: refused: %s", id, why)
		rm := w.result(subj, id, nil)
		rm.Header.Set(hdrRefused, why)
		_ = w.store(ctx, run, id, rm)
		_ = m.TermWithReason("build mismatch: " + why)
		return
	}
	if md, err := m.Metadata(); err == nil && md.NumDelivered > 1 {
		// Delivered again: the worker before may have stored the result
		// and died before its acknowledgement.
		gctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := w.results.GetLastMsgForSubject(gctx, subj)
		cancel()
		if err == nil {
			w.o.logf("job %s: result stored already (delivery %d); acknowledged", id, md.NumDelivered)
			_ = m.Ack()
			return
		}
	}
	w.o.logf("job %s (%s): started", id, kind)
	// Tell the server the job is alive every third of the ack wait.
	jctx, stop := context.WithCancel(ctx)
	var alive sync.WaitGroup
	alive.Go(func() {
		t := time.NewTicker(w.o.ackWait() / 3)
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
				if err := m.InProgress(); err != nil {
					w.o.logf("job %s: telling the server it is in progress: %v", id, err)
				}
			}
		}
	})
	res := work.Do(jctx, work.Job{ID: id, Kind: kind, Input: m.Data()}, w.name, w.build)
	stop()
	alive.Wait()
	if ctx.Err() != nil {
		// Interrupted: its result may be one of the interruption. Let
		// another worker run it.
		_ = m.Nak()
		return
	}
	rm := w.result(subj, id, res.Output)
	if res.Err != "" {
		rm.Header.Set(hdrFailed, "true")
		rm.Data, _ = json.Marshal(failure{Err: res.Err, Output: res.Output})
	}
	if err := w.store(ctx, run, id, rm); err != nil {
		_ = m.Nak()
		return
	}
	// Acknowledged only once the result is stored, and without waiting
	// for the server's word (one round trip less per job): if the
	// acknowledgement is lost, the job comes back and the stored result
	// is found.
	if err := m.Ack(); err != nil {
		w.o.logf("job %s: acknowledging: %v (it will come back, and its stored result be found)", id, err)
		return
	}
	w.o.logf("job %s: done", id)
}

func (w *worker) result(subj, id string, out []byte) *natsgo.Msg {
	rm := natsgo.NewMsg(subj)
	rm.Header.Set(hdrJob, id)
	rm.Header.Set(hdrWorker, w.name)
	rm.Header.Set(hdrBuild, w.build)
	rm.Data = out
	return rm
}

// store publishes a result until the server has stored it; its message
// ID makes a second copy of the same job's result a duplicate the server
// drops.
func (w *worker) store(ctx context.Context, run, id string, rm *natsgo.Msg) error {
	return retry(ctx, w.o, "storing the result of job "+id, func(ctx context.Context) error {
		_, err := w.js.PublishMsg(ctx, rm, jetstream.WithMsgID(run+"."+id))
		return err
	})
}
