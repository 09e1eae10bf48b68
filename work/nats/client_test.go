package nats_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
	"github.com/suretydev/surety/work/nats/natstest"
)

// A nil Client, or one without a URL (a --nats not given), is no server:
// no store, no runner, no connection, nothing to close.
func TestNoServerClient(t *testing.T) {
	for name, c := range map[string]*worknats.Client{"nil": nil, "no URL": {CredsFile: "/nonexistent"}} {
		s, err := c.Store(context.Background(), "llm")
		if s != nil || err != nil {
			t.Errorf("%s: Store = %v, %v; want nil, nil", name, s, err)
		}
		r, err := c.Runner(nil)
		if r != nil || err != nil {
			t.Errorf("%s: Runner = %v, %v; want nil, nil", name, r, err)
		}
		if nc, err := c.Conn(); nc != nil || err == nil {
			t.Errorf("%s: Conn = %v, %v; want an error", name, nc, err)
		}
		c.Close()
	}
}

// A Client takes its credentials from the environment it is given, or
// from its file, and shares one connection between its stores, a
// coordinator and a worker.
func TestClient(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	env := map[string]string{"SURETY_NATS_USER": srv.Creds.User, "SURETY_NATS_PASSWORD": srv.Creds.Password}
	c := &worknats.Client{URL: srv.URL, Getenv: func(k string) string { return env[k] }}
	defer c.Close()
	ctx := context.Background()
	s, err := c.Store(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "k", []byte("v")); err != nil {
		t.Fatal(err)
	}
	nc, err := c.Conn()
	if err != nil {
		t.Fatal(err)
	}

	// A second client, credentials from a file, sees the same store.
	creds := filepath.Join(t.TempDir(), "creds")
	if err := os.WriteFile(creds, []byte(srv.Creds.User+":"+srv.Creds.Password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	w := &worknats.Client{URL: srv.URL, CredsFile: creds, Name: "surety worker test"}
	defer w.Close()
	s2, err := w.Store(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s2.Get(ctx, "k"); err != nil || string(v) != "v" {
		t.Fatalf("Get = %q, %v; want v", v, err)
	}

	// The second serves, logging one line at a time, and the first
	// hands it jobs on the connection of its store.
	sctx, stop := context.WithCancel(ctx)
	var mu sync.Mutex
	var lines []string
	logf := func(format string, args ...any) {
		if !mu.TryLock() {
			t.Error("Logf called while another call is running")
			return
		}
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(format, args...))
	}
	served := make(chan error, 1)
	go func() { served <- w.Serve(sctx, &worknats.Options{Jobs: 4, Logf: logf}) }()
	r, err := c.Runner(&worknats.Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := c.Conn(); again != nc {
		t.Error("Runner dialed a second connection")
	}
	var jobs []work.Job
	for i := range 8 {
		jobs = append(jobs, work.NewJob("test.noop", fmt.Appendf(nil, "%d", i)))
	}
	var got []string
	if err := r.Run(ctx, jobs, func(res work.Result) error {
		if res.Err != "" {
			return errors.New(res.Err)
		}
		got = append(got, string(res.Output))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{"0", "1", "2", "3", "4", "5", "6", "7"}; !slices.Equal(got, want) {
		t.Errorf("results %q; want %q", got, want)
	}
	stop()
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not stop")
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasSuffix(l, ": done") }) {
		t.Errorf("the worker logged no job done: %q", lines)
	}
	c.Close()
	c.Close()
}

// A Client with no credentials at all refuses to connect.
func TestClientNoCredentials(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	c := &worknats.Client{URL: srv.URL}
	defer c.Close()
	if _, err := c.Store(context.Background(), "test"); !errors.Is(err, worknats.ErrNoCredentials) {
		t.Fatalf("Store: %v; want ErrNoCredentials", err)
	}
}
