package proc

import (
	"bufio"
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

func TestStartTalk(t *testing.T) {
	p, err := Start(context.Background(), &Cmd{Path: "cat"})
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(p.Stdout())
	for _, line := range []string{"one\n", "two\n"} {
		if _, err := p.Stdin().Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
		got, err := r.ReadString('\n')
		if err != nil || got != line {
			t.Fatalf("read %q, %v; want %q", got, err, line)
		}
	}
	// Nothing more to read: a deadline ends the read instead of hanging.
	p.Stdout().SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	if _, err := r.ReadByte(); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline error", err)
	}
	p.Stdin().Close()
	res, err := p.Wait()
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("wait: %+v, %v", res, err)
	}
	if n := Running(); n != 0 {
		t.Fatalf("Running() = %d", n)
	}
}

func TestStartCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p, err := Start(ctx, &Cmd{Path: "sh", Args: []string{"-c", "sleep 30 & wait"}})
	if err != nil {
		t.Fatal(err)
	}
	if Running() != 1 {
		t.Fatalf("Running() = %d, want 1", Running())
	}
	start := time.Now()
	cancel()
	_, err = p.Wait()
	if !errors.Is(err, context.Canceled) || time.Since(start) > 3*time.Second {
		t.Fatalf("err = %v after %v, want a prompt cancellation", err, time.Since(start))
	}
	if n := Running(); n != 0 {
		t.Fatalf("Running() = %d", n)
	}
}

func TestStartTimeoutAndKill(t *testing.T) {
	p, err := Start(context.Background(), &Cmd{Path: "sleep", Args: []string{"30"}, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Wait()
	if !errors.Is(err, ErrTimeout) || !res.TimedOut {
		t.Fatalf("err = %v, want a timeout", err)
	}
	p, err = Start(context.Background(), &Cmd{Path: "sleep", Args: []string{"30"}})
	if err != nil {
		t.Fatal(err)
	}
	p.Kill()
	p.Kill()
	if res, err := p.Wait(); err != nil || res.Signal == "" {
		t.Fatalf("after Kill: %+v, %v; want killed by a signal, no error", res, err)
	}
	if _, err := Start(context.Background(), &Cmd{Path: "surety-no-such-program"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}
