// Package natstest runs a NATS server with JetStream inside a test
// process, with authorization required, for tests of work/nats and of
// the commands built on it.
package natstest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	worknats "github.com/suretydev/surety/work/nats"
)

// TB is the part of testing.TB that Start needs.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// A Server is a NATS server with JetStream on a file store, which a user
// and password (Creds) are required to reach.
type Server struct {
	// URL is where clients connect: nats://127.0.0.1:PORT.
	URL string
	// Creds are the only credentials the server accepts.
	Creds worknats.Credentials

	t    TB
	opts *server.Options
	srv  *server.Server
}

// Start starts a server whose JetStream store is the directory dir (a
// t.TempDir()), on a free port of 127.0.0.1, and shuts it down at the
// test's end.
func Start(t TB, dir string) *Server {
	t.Helper()
	pw := make([]byte, 12)
	_, _ = rand.Read(pw)
	s := &Server{t: t, Creds: worknats.Credentials{User: "surety", Password: hex.EncodeToString(pw)}}
	s.opts = &server.Options{
		Host:      "127.0.0.1",
		Port:      server.RANDOM_PORT,
		NoLog:     true,
		NoSigs:    true,
		JetStream: true,
		StoreDir:  dir,
		Username:  s.Creds.User,
		Password:  s.Creds.Password,
	}
	s.start()
	s.opts.Port = s.srv.Addr().(*net.TCPAddr).Port
	s.URL = fmt.Sprintf("nats://127.0.0.1:%d", s.opts.Port)
	t.Cleanup(s.Shutdown)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	srv, err := server.NewServer(s.opts)
	if err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		s.t.Fatalf("natstest: the server is not ready after 10s")
	}
	s.srv = srv
}

// Shutdown stops the server; its store stays for Restart.
func (s *Server) Shutdown() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
		s.srv = nil
	}
}

// Restart stops the server and starts it again on the same port and
// file store, as an operator's restart does.
func (s *Server) Restart() {
	s.t.Helper()
	s.Shutdown()
	s.start()
}
