package llm

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// An APIError is an HTTP exchange that failed: the server answered with an
// error status, or with a 2xx whose body was not a usable reply. Match it
// with errors.As.
type APIError struct {
	// Status is the HTTP status code.
	Status int `json:"status"`
	// Body is the start of the response body as received (at most 64 KiB).
	Body string `json:"body"`
	// Message is the server's error message when the body was an OpenAI
	// error object, or what was wrong with a 2xx body.
	Message string `json:"message"`
	// RetryAfter is the wait the server asked for in Retry-After (seconds
	// or an HTTP date) or retry-after-ms; 0 if none.
	RetryAfter time.Duration `json:"retry_after"`
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "llm: HTTP %d %s", e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	} else if e.Body != "" {
		b.WriteString(": ")
		b.WriteString(clip(e.Body, 200))
	}
	return b.String()
}

// Temporary reports whether the same request may succeed later: HTTP 408,
// 429, 5xx, or a 2xx with an unusable body.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusRequestTimeout || e.Status == http.StatusTooManyRequests ||
		e.Status >= 500 || e.Status >= 200 && e.Status < 300
}

// timeoutError is an attempt that ran out of its time.
type timeoutError struct {
	timeout time.Duration
	err     error
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("llm: attempt timed out after %v: %v", e.timeout, e.err)
}
func (e *timeoutError) Unwrap() error { return e.err }

// connError is a request that was sent but got no HTTP answer.
type connError struct{ err error }

func (e *connError) Error() string { return "llm: connection: " + e.err.Error() }
func (e *connError) Unwrap() error { return e.err }

// clip shortens s to n bytes, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
