package nats

import (
	"context"
	"errors"
	"sync"

	natsgo "github.com/nats-io/nats.go"

	"github.com/suretydev/surety/work"
)

// A Client is a program's one connection to a NATS server, shared by its
// caches' stores (Store), its coordinator (Runner) and its worker (Serve):
// what a command given a server's URL opens (surety's --nats), kept here so
// that a Go program embedding surety reaches the same server the same way,
// credentials included. It dials when first used, not before, so a program
// that ends up asking nothing of the server never connects.
//
// Set its fields before the first call. A nil *Client, or one with no
// URL, is no server at all: Store and Runner return nil (the caches stay
// in their directories, the work in this process) and Close does nothing,
// so a caller keeps one code path with a server or without (a command's
// --nats flag bound to URL). A Client is safe for concurrent use;
// Close it when done.
type Client struct {
	// URL is the server's address (nats://HOST:PORT); "" is no server.
	URL string
	// CredsFile is a file of credentials (ReadCredentials); "" means
	// the environment's, as CredentialsFrom reads them through Getenv.
	CredsFile string
	// Getenv reads the environment for credentials (os.Getenv in a
	// program); nil means an empty environment.
	Getenv func(string) string
	// Name is the connection's name, as the server lists it; "" means
	// "surety " + DefaultName().
	Name string

	mu sync.Mutex
	nc *natsgo.Conn
}

// Conn returns the client's connection, dialing it (Dial) at the first
// call; a failed dial is tried again at the next.
func (c *Client) Conn() (*natsgo.Conn, error) {
	if c.none() {
		return nil, errors.New("work/nats: no server: the client has no URL")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nc != nil {
		return c.nc, nil
	}
	getenv := c.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	cred, err := CredentialsFrom(c.CredsFile, getenv)
	if err != nil {
		return nil, err
	}
	name := c.Name
	if name == "" {
		name = "surety " + DefaultName()
	}
	if c.nc, err = Dial(c.URL, cred, name); err != nil {
		return nil, err
	}
	return c.nc, nil
}

// Store opens the store called name on the server (OpenStore, with the
// default StoreOptions): "bmc" keeps verdicts, "llm" model replies. A nil
// c returns a nil Store and no error.
func (c *Client) Store(ctx context.Context, name string) (work.Store, error) {
	if c.none() {
		return nil, nil
	}
	nc, err := c.Conn()
	if err != nil {
		return nil, err
	}
	s, err := OpenStore(ctx, nc, name, nil)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Runner returns a Runner (New) that hands jobs to the server's workers.
// A nil c returns a nil Runner and no error: the work stays in this
// process.
func (c *Client) Runner(opts *Options) (work.Runner, error) {
	if c.none() {
		return nil, nil
	}
	nc, err := c.Conn()
	if err != nil {
		return nil, err
	}
	r, err := New(nc, opts)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Serve runs the server's jobs in this process until ctx is cancelled
// (Serve).
func (c *Client) Serve(ctx context.Context, opts *Options) error {
	nc, err := c.Conn()
	if err != nil {
		return err
	}
	return Serve(ctx, nc, opts)
}

// Close closes the connection, if one was made. It is safe on a nil c and
// more than once.
func (c *Client) Close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nc != nil {
		c.nc.Close()
		c.nc = nil
	}
}

// none says c is no server: nil, or without a URL.
func (c *Client) none() bool { return c == nil || c.URL == "" }
