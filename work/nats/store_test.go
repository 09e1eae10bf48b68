package nats_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
	"github.com/suretydev/surety/work/nats/natstest"
)

func openStore(t *testing.T, srv *natstest.Server, name string, opts *worknats.StoreOptions) (*worknats.Store, *natsgo.Conn) {
	t.Helper()
	nc, err := worknats.Dial(srv.URL, srv.Creds, "store test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	s, err := worknats.OpenStore(context.Background(), nc, name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, nc
}

// rawEntry returns the value the key-value bucket holds for key.
func rawEntry(t *testing.T, nc *natsgo.Conn, bucket, key string) []byte {
	t.Helper()
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	kv, err := js.KeyValue(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	e, err := kv.Get(ctx, key)
	if err != nil {
		t.Fatalf("bucket %s, key %s: %v", bucket, key, err)
	}
	return e.Value()
}

// objects lists the names in the object store bucket.
func objects(t *testing.T, nc *natsgo.Conn, bucket string) []string {
	t.Helper()
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	obj, err := js.ObjectStore(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	infos, err := obj.List(ctx)
	if errors.Is(err, jetstream.ErrNoObjectsFound) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, i := range infos {
		names = append(names, i.Name)
	}
	return names
}

// keys lists the keys of the key-value bucket.
func keys(t *testing.T, nc *natsgo.Conn, bucket string) []string {
	t.Helper()
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	kv, err := js.KeyValue(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := kv.Keys(ctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

// TestStore checks the Store on a server: values by key, ErrNotFound for
// a missing or deleted key, replacement, a large value through the
// object store (and its object removed with it), a key outside NATS's
// key rules.
func TestStore(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	s, nc := openStore(t, srv, "t", nil)
	ctx := context.Background()
	if _, err := s.Get(ctx, "ab01"); !errors.Is(err, work.ErrNotFound) {
		t.Fatalf("Get of a missing key: %v; want ErrNotFound", err)
	}
	for _, v := range []string{"one", "two"} {
		if err := s.Put(ctx, "ab01", []byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := s.Get(ctx, "ab01"); err != nil || string(b) != "two" {
		t.Fatalf("Get = %q, %v; want two", b, err)
	}
	if raw := rawEntry(t, nc, "surety-cache-t", "ab01"); string(raw) != "vtwo" {
		t.Errorf("the bucket holds %q; want the value inline (vtwo)", raw)
	}

	// Larger than the server takes in one message (1 MiB).
	large := bytes.Repeat([]byte("0123456789abcdef"), 1<<17) // 2 MiB
	large[12345] = 'X'
	if err := s.Put(ctx, "big", large); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Get(ctx, "big"); err != nil || !bytes.Equal(b, large) {
		t.Fatalf("Get of the large value: %d bytes, %v; want the %d bytes put", len(b), err, len(large))
	}
	if raw := rawEntry(t, nc, "surety-cache-t", "big"); raw[0] != 'o' || len(raw) > 200 {
		t.Errorf("the bucket's entry of the large value is %d bytes beginning %q; want a reference to an object", len(raw), raw[:min(len(raw), 20)])
	}
	if objs := objects(t, nc, "surety-cache-t-large"); len(objs) != 1 || !strings.HasPrefix(objs[0], "big.") {
		t.Errorf("objects %v; want one, of key big", objs)
	}
	// Replaced by another large value: the old object goes.
	large[0] = 'Y'
	if err := s.Put(ctx, "big", large); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Get(ctx, "big"); err != nil || !bytes.Equal(b, large) {
		t.Fatalf("Get of the replaced large value: %d bytes, %v", len(b), err)
	}
	if objs := objects(t, nc, "surety-cache-t-large"); len(objs) != 1 {
		t.Errorf("objects %v after replacing the large value; want one", objs)
	}
	if err := s.Delete(ctx, "big"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "big"); !errors.Is(err, work.ErrNotFound) {
		t.Errorf("Get after Delete: %v; want ErrNotFound", err)
	}
	if objs := objects(t, nc, "surety-cache-t-large"); len(objs) != 0 {
		t.Errorf("objects %v after Delete; want none", objs)
	}
	if err := s.Delete(ctx, "big"); err != nil {
		t.Errorf("Delete of a missing key: %v", err)
	}

	// Keys outside the rules are kept apart from each other and from a
	// key of the rules.
	odd := []string{"a.b", ".a", "a/b c", "=YS5i", "ü"}
	for i, k := range odd {
		if err := s.Put(ctx, k, []byte(strconv.Itoa(i))); err != nil {
			t.Fatalf("Put(%q): %v", k, err)
		}
	}
	for i, k := range odd {
		if b, err := s.Get(ctx, k); err != nil || string(b) != strconv.Itoa(i) {
			t.Errorf("Get(%q) = %q, %v; want %d", k, b, err, i)
		}
	}
	if err := s.Put(ctx, "", nil); err == nil {
		t.Error("Put of an empty key succeeded")
	}

	// Another process's view: a second connection sees the same values.
	s2, _ := openStore(t, srv, "t", nil)
	if b, err := s2.Get(ctx, "ab01"); err != nil || string(b) != "two" {
		t.Errorf("another connection's Get = %q, %v", b, err)
	}
}

// TestStoreRefusesClientWithoutCredentials: no store without credentials,
// and the server lets no anonymous client reach its buckets.
func TestStoreRefusesClientWithoutCredentials(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	s, _ := openStore(t, srv, "bmc", nil)
	if err := s.Put(context.Background(), "k", []byte("secret verdict")); err != nil {
		t.Fatal(err)
	}
	if _, err := worknats.Dial(srv.URL, worknats.Credentials{}, "anon"); !errors.Is(err, worknats.ErrNoCredentials) {
		t.Errorf("Dial without credentials: %v; want ErrNoCredentials", err)
	}
	if nc, err := natsgo.Connect(srv.URL); err == nil {
		defer nc.Close()
		if _, err := worknats.OpenStore(context.Background(), nc, "bmc", nil); err == nil {
			t.Error("an anonymous client opened the store")
		}
		t.Error("the server let a client in without credentials")
	} else if !errors.Is(err, natsgo.ErrAuthorization) {
		t.Errorf("anonymous client: %v; want an authorization violation", err)
	}
	// A process without credentials says so and stores nothing.
	out, err := cacheChild(t, os.Args[0], srv, "bmc", "SURETY_TEST_CREDS=")
	if err == nil || !strings.Contains(out, "no credentials") {
		t.Errorf("cache client without credentials: %v, %s; want it refused", err, out)
	}
}

// The cache children: the test binary run with SURETY_TEST_CACHE set to
// "bmc" or "llm" (see TestMain) uses the cache of that name on the server
// SURETY_TEST_URL, and prints what happened as JSON on its last line.

// verdictProg has three assertions for the verdict cache's children.
const verdictProg = `int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x == x);
    int y = x & 1;
    assert(y <= 1);
    assert(y >= 0 || x < 0);
    return 0;
}
`

// stubEngine answers every query VERIFIED (UNKNOWN, a timeout, when
// SURETY_TEST_UNKNOWN is set), naming the build of its binary in its
// version as the real engines do, and counts its checks.
type stubEngine struct {
	checks  atomic.Int64
	unknown bool
}

func (e *stubEngine) Name() string { return "stub" }
func (e *stubEngine) Version(ctx context.Context) (string, error) {
	return "stub " + buildid.Self(), nil
}
func (e *stubEngine) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	e.checks.Add(1)
	if e.unknown {
		return &bmc.Result{Status: bmc.Unknown, Engine: "stub", Reason: "timeout"}, nil
	}
	return &bmc.Result{Status: bmc.Verified, Engine: "stub"}, nil
}

type cacheOutcome struct {
	Build    string   `json:"build"`
	Checks   int64    `json:"checks"`
	Hits     int      `json:"hits"`
	Statuses []string `json:"statuses"`
	Text     string   `json:"text"`
	Cached   bool     `json:"cached"`
}

func cacheMain(mode string) int {
	user, pw, _ := strings.Cut(os.Getenv("SURETY_TEST_CREDS"), ":")
	nc, err := worknats.Dial(os.Getenv("SURETY_TEST_URL"), worknats.Credentials{User: user, Password: pw}, "cache child")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	maxValue, _ := strconv.Atoi(os.Getenv("SURETY_TEST_MAXVALUE"))
	s, err := worknats.OpenStore(ctx, nc, mode, &worknats.StoreOptions{MaxValueSize: maxValue})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	out := cacheOutcome{Build: buildid.Self()}
	switch mode {
	case "bmc":
		p, err := bmc.ParseProgram("v.c", []byte(os.Getenv("SURETY_TEST_PROG")))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		eng := &stubEngine{unknown: os.Getenv("SURETY_TEST_UNKNOWN") != ""}
		rep, err := bmc.VerifyAll(ctx, p, eng, &bmc.Options{Cache: bmc.NewCache(s), Workers: 1})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		out.Checks, out.Hits = eng.checks.Load(), rep.Summary.CacheHits
		for _, f := range rep.Facts {
			out.Statuses = append(out.Statuses, f.Status.String())
		}
	case "llm":
		m := llm.OpenAI(&llm.OpenAIOptions{BaseURL: os.Getenv("SURETY_TEST_LLM"), Model: "m1", MaxAttempts: 1})
		c := llm.CachedIn(m, s, llm.CacheReadWrite)
		resp, err := c.Complete(ctx, &llm.Request{Messages: []llm.Message{llm.User("what is shared?")}, PromptVersion: "v1"})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		out.Text, out.Cached = resp.Text, resp.Cached
	}
	b, _ := json.Marshal(out)
	fmt.Printf("%s\n", b)
	return 0
}

// cacheChild runs bin (the test binary, or a copy) as a cache child and
// returns its output.
func cacheChild(t *testing.T, bin string, srv *natstest.Server, mode string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), "SURETY_TEST_CACHE="+mode, "SURETY_TEST_URL="+srv.URL,
		"SURETY_TEST_CREDS="+srv.Creds.User+":"+srv.Creds.Password, "SURETY_TEST_PROG="+verdictProg)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func runCacheChild(t *testing.T, bin string, srv *natstest.Server, mode string, env ...string) cacheOutcome {
	t.Helper()
	out, err := cacheChild(t, bin, srv, mode, env...)
	if err != nil {
		t.Fatalf("cache child (%s %s): %v\n%s", mode, bin, err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var o cacheOutcome
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &o); err != nil {
		t.Fatalf("cache child: %v\n%s", err, out)
	}
	return o
}

// otherBuild returns a copy of the test binary with one more byte: the
// same program, another build id (buildid.Self hashes the executable).
func otherBuild(t *testing.T) string {
	t.Helper()
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	bin := filepath.Join(t.TempDir(), "other.test")
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		_, err = dst.Write([]byte("another build\n"))
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestVerdictCacheSharedAcrossProcesses: the verdicts one process
// computes are served to another from the server's key-value bucket; a
// process of another build (a copy of the binary, one byte longer) is
// served none of them, and a timeout (UNKNOWN) is never served.
func TestVerdictCacheSharedAcrossProcesses(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	_, nc := openStore(t, srv, "bmc", nil)

	first := runCacheChild(t, os.Args[0], srv, "bmc")
	if first.Checks == 0 || first.Hits != 0 {
		t.Fatalf("first process: %+v; want every query checked, none from the cache", first)
	}
	n := len(keys(t, nc, "surety-cache-bmc"))
	if n != int(first.Checks) {
		t.Errorf("the bucket holds %d entries after %d checks; want one each", n, first.Checks)
	}
	second := runCacheChild(t, os.Args[0], srv, "bmc")
	if second.Checks != 0 || second.Hits != int(first.Checks) {
		t.Errorf("second process: %+v; want every answer from the shared cache (%d) and no check", second, first.Checks)
	}
	if strings.Join(second.Statuses, " ") != strings.Join(first.Statuses, " ") {
		t.Errorf("statuses %v from the cache, %v computed", second.Statuses, first.Statuses)
	}

	other := runCacheChild(t, otherBuild(t), srv, "bmc")
	if other.Build == first.Build {
		t.Fatalf("the copy of the test binary has the same build id %s", other.Build)
	}
	if other.Hits != 0 || other.Checks != first.Checks {
		t.Errorf("process of another build: %+v; want no answer from the cache, every query checked (%d)", other, first.Checks)
	}
	if m := len(keys(t, nc, "surety-cache-bmc")); m != 2*n {
		t.Errorf("the bucket holds %d entries after the other build's run; want %d (its own beside the first's)", m, 2*n)
	}

	// Timeouts: nothing stored, nothing served.
	prog := "SURETY_TEST_PROG=int main(void) { int z = __VERIFIER_nondet_int(); assert(z != 7 || z == 7); return 0; }\n"
	before := len(keys(t, nc, "surety-cache-bmc"))
	timedOut := runCacheChild(t, os.Args[0], srv, "bmc", prog, "SURETY_TEST_UNKNOWN=1")
	if timedOut.Checks == 0 || strings.Join(timedOut.Statuses, " ") != "UNKNOWN" {
		t.Fatalf("timed-out process: %+v; want one UNKNOWN, checked", timedOut)
	}
	if after := len(keys(t, nc, "surety-cache-bmc")); after != before {
		t.Errorf("a timeout was stored: %d entries, %d before", after, before)
	}
	again := runCacheChild(t, os.Args[0], srv, "bmc", prog)
	if again.Hits != 0 || again.Checks == 0 {
		t.Errorf("after a timeout: %+v; want the query checked again", again)
	}
}

// TestModelReplyCacheSharedAcrossProcesses: a model reply one process
// asked for is served to another from the server; the model's server
// (scripted, one reply only) is asked once. With a small MaxValueSize the
// reply goes through the object store.
func TestModelReplyCacheSharedAcrossProcesses(t *testing.T) {
	for _, tc := range []struct {
		name     string
		maxValue int
		reply    string
	}{
		{"key-value", 0, "the verdicts and the replies"},
		{"object store", 1024, strings.Repeat("a long reply; ", 400)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := natstest.Start(t, t.TempDir())
			model := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Match: "what is shared", Reply: tc.reply}}})
			env := []string{"SURETY_TEST_LLM=" + model.BaseURL(), "SURETY_TEST_MAXVALUE=" + strconv.Itoa(tc.maxValue)}
			first := runCacheChild(t, os.Args[0], srv, "llm", env...)
			second := runCacheChild(t, os.Args[0], srv, "llm", env...)
			if first.Text != tc.reply || first.Cached {
				t.Errorf("first process: cached %v, %d bytes; want the model's reply, asked", first.Cached, len(first.Text))
			}
			if second.Text != tc.reply || !second.Cached {
				t.Errorf("second process: cached %v, %d bytes; want the reply from the shared cache", second.Cached, len(second.Text))
			}
			if n := len(model.Requests()); n != 1 {
				t.Errorf("the model was asked %d times; want once", n)
			}
			_, nc := openStore(t, srv, "llm", nil)
			ks := keys(t, nc, "surety-cache-llm")
			if len(ks) != 1 || ks[0] != llm.CacheKey("m1", &llm.Request{Messages: []llm.Message{llm.User("what is shared?")}, PromptVersion: "v1"}) {
				t.Errorf("keys %v; want the reply's CacheKey", ks)
			}
			objs := objects(t, nc, "surety-cache-llm-large")
			if wantObj := tc.maxValue > 0; (len(objs) == 1) != wantObj {
				t.Errorf("objects %v; want one: %v", objs, wantObj)
			}
		})
	}
}

// TestStoreConcurrent: writers replace a key's value, small and large,
// while readers read it; every value read is one that was put, whole.
func TestStoreConcurrent(t *testing.T) {
	srv := natstest.Start(t, t.TempDir())
	s, _ := openStore(t, srv, "c", &worknats.StoreOptions{MaxValueSize: 512})
	ctx := context.Background()
	values := map[string]bool{}
	var vals [][]byte
	for i := range 6 {
		n := 100 // small
		if i%2 == 1 {
			n = 8 << 10 // large: through the object store
		}
		v := bytes.Repeat([]byte{byte('a' + i)}, n)
		vals = append(vals, v)
		values[string(v)] = true
	}
	var wg sync.WaitGroup
	var reads, found atomic.Int64
	stop := make(chan struct{})
	for w := range 3 {
		wg.Go(func() {
			for i := range 20 {
				if err := s.Put(ctx, "shared", vals[(w+i)%len(vals)]); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	var readers sync.WaitGroup
	for range 3 {
		readers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				b, err := s.Get(ctx, "shared")
				reads.Add(1)
				switch {
				case errors.Is(err, work.ErrNotFound):
				case err != nil:
					t.Error(err)
					return
				case !values[string(b)]:
					t.Errorf("read %d bytes that no Put wrote", len(b))
					return
				default:
					found.Add(1)
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	if found.Load() == 0 {
		t.Errorf("%d reads, none found a value", reads.Load())
	}
	t.Logf("%d reads, %d values", reads.Load(), found.Load())
}
