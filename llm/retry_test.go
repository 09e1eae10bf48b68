package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"":                              0,
		"7":                             7 * time.Second,
		" 0.5 ":                         500 * time.Millisecond,
		"-3":                            0,
		"soon":                          0,
		"Wed, 02 Dec 2026 12:01:30 GMT": 90 * time.Second,
		"Wed, 02 Dec 2026 11:00:00 GMT": 0, // in the past
	} {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
	h := http.Header{}
	h.Set("Retry-After", "9")
	h.Set("retry-after-ms", "1500")
	if got := retryAfter(h, now); got != 1500*time.Millisecond {
		t.Errorf("retry-after-ms not preferred: %v", got)
	}
	if retryAfter(nil, now) != 0 {
		t.Error("nil header")
	}
}

func TestBackoffBounds(t *testing.T) {
	base, limit := 100*time.Millisecond, time.Second
	for attempt := 1; attempt <= 8; attempt++ {
		full := min(base<<(attempt-1), limit)
		for range 200 {
			d := backoff(attempt, base, limit)
			if d < full/2 || d > full {
				t.Fatalf("attempt %d: %v outside [%v, %v]", attempt, d, full/2, full)
			}
		}
	}
}
