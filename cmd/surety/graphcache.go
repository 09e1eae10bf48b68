package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/filecache"
)

// graphResultKey returns the key under which the output of surety graph
// with these arguments is kept: the tree's frontend.Fingerprint, the
// arguments and the extra edges read. It returns "" when the output
// cannot be kept (no cache, or a Go tree, whose load depends on more than
// its files).
func graphResultKey(ctx context.Context, c *filecache.Cache, lopts *frontend.LoadOptions, paths, args []string, extra any) string {
	if c == nil {
		return ""
	}
	fp, ok, err := frontend.Fingerprint(ctx, paths, lopts)
	if err != nil || !ok {
		return ""
	}
	return fmt.Sprintf("graph\x00%s\x00%s\x00%v", fp, strings.Join(args, "\x00"), extra)
}

// replayResult writes a kept output to e's stdout and stderr; false when
// there is none.
func replayResult(e *env, c *filecache.Cache, key string) bool {
	data, ok := c.GetResult(key)
	if !ok {
		return false
	}
	n, k := binary.Uvarint(data)
	if k <= 0 || uint64(len(data)-k) < n {
		return false
	}
	out := data[k : k+int(n)]
	e.stdout.Write(out)
	e.stderr.Write(data[k+int(n):])
	return true
}

// recordResult makes an env that writes through to e and keeps a copy;
// the returned function stores the copy under key.
func recordResult(e *env, c *filecache.Cache, key string) (*env, func()) {
	var out, errs bytes.Buffer
	rec := *e
	rec.stdout = io.MultiWriter(e.stdout, &out)
	rec.stderr = io.MultiWriter(e.stderr, &errs)
	return &rec, func() {
		data := binary.AppendUvarint(nil, uint64(out.Len()))
		data = append(data, out.Bytes()...)
		c.PutResult(key, append(data, errs.Bytes()...))
	}
}
