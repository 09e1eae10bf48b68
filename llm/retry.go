package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryable reports whether err may pass on a retry, and the wait the
// server asked for.
func retryable(err error) (bool, time.Duration) {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Temporary(), ae.RetryAfter
	}
	var te *timeoutError
	var ce *connError
	return errors.As(err, &te) || errors.As(err, &ce), 0
}

// backoff is the wait before retry number attempt (1 = first retry):
// base doubled per attempt, capped at limit, drawn from its upper half.
func backoff(attempt int, base, limit time.Duration) time.Duration {
	d := base
	for i := 1; i < attempt && d < limit; i++ {
		d *= 2
	}
	d = min(d, limit)
	half := d / 2
	return half + rand.N(half+1)
}

// retryAfter reads the wait a server asked for: retry-after-ms (OpenAI's
// millisecond form) or Retry-After as delay-seconds or an HTTP date,
// measured from now. 0 when absent or unreadable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if h == nil {
		return 0
	}
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	return parseRetryAfter(h.Get("Retry-After"), now)
}

// parseRetryAfter reads a Retry-After value (RFC 9110 10.2.3).
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s < 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// exchange records one HTTP exchange for classify: whether it was sent,
// the status, the headers and the start of the body.
type exchange struct {
	// objectSchema, when set, is put into the request body's
	// response_format as "schema" (json_object with a schema, which
	// go-openai's types cannot say).
	objectSchema json.RawMessage

	sent   bool
	status int
	header http.Header
	body   bytes.Buffer
}

type exchangeKey struct{}

// bodyCap bounds the body kept for errors.
const bodyCap = 64 << 10

// capturer is the HTTP client go-openai uses: it records each exchange in
// the exchange found in the request's context.
type capturer struct{ c *http.Client }

func (c *capturer) Do(req *http.Request) (*http.Response, error) {
	ex, _ := req.Context().Value(exchangeKey{}).(*exchange)
	if ex != nil && ex.objectSchema != nil && req.Body != nil {
		if err := addObjectSchema(req, ex.objectSchema); err != nil {
			return nil, err
		}
	}
	if ex != nil {
		ex.sent = true
	}
	resp, err := c.c.Do(req)
	if err != nil || ex == nil {
		return resp, err
	}
	ex.status = resp.StatusCode
	ex.header = resp.Header
	resp.Body = &teeBody{r: resp.Body, buf: &ex.body}
	return resp, nil
}

// teeBody copies what is read into buf, up to bodyCap bytes.
type teeBody struct {
	r   io.ReadCloser
	buf *bytes.Buffer
}

func (t *teeBody) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if room := bodyCap - t.buf.Len(); room > 0 {
		t.buf.Write(p[:min(n, room)])
	}
	return n, err
}

func (t *teeBody) Close() error { return t.r.Close() }

// addObjectSchema rewrites req's JSON body so that its response_format
// carries schema.
func addObjectSchema(req *http.Request, schema json.RawMessage) error {
	data, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return err
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(data, &body); err != nil {
		return fmt.Errorf("llm: request body: %w", err)
	}
	var rf map[string]json.RawMessage
	if err := json.Unmarshal(body["response_format"], &rf); err != nil || rf == nil {
		return fmt.Errorf("llm: request body has no response_format to add a schema to")
	}
	rf["schema"] = schema
	if body["response_format"], err = json.Marshal(rf); err != nil {
		return err
	}
	if data, err = json.Marshal(body); err != nil {
		return err
	}
	req.Body = io.NopCloser(bytes.NewReader(data))
	req.ContentLength = int64(len(data))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
	return nil
}
