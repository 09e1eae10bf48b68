package frontend

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"
)

// Fingerprint returns a digest of what Load reads given the same paths and
// options: the load mode, every file's path in the model, its frontend and
// its bytes, and the paths Load would report as errors. It reads every
// file but parses none, so on an unchanged tree a caller may reuse what it
// computed from the Program under this digest instead of loading again.
//
// ok is false, with an empty digest, when one of the files belongs to a
// frontend that loads its files as a batch (Language.LoadFiles, such as
// Go's): what it extracts depends on more than those files (a go.mod, the
// packages imported), so the files' bytes do not determine it. The error
// is non-nil only when ctx is cancelled or paths is empty.
func Fingerprint(ctx context.Context, paths []string, opts *LoadOptions) (digest string, ok bool, err error) {
	if opts == nil {
		opts = &LoadOptions{}
	}
	if len(paths) == 0 {
		return "", false, errors.New("frontend: no paths to fingerprint")
	}
	files, name, pick, ferrs, err := list(ctx, paths, opts)
	if err != nil {
		return "", false, err
	}
	for _, p := range files {
		if pick(p).LoadFiles != nil {
			return "", false, nil
		}
	}
	sums := make([][sha256.Size]byte, len(files))
	workers := work.Workers(opts.Workers)
	var g errgroup.Group
	g.SetLimit(workers)
	for i := range files {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			h := sha256.New()
			content, err := ReadFile(ctx, files[i])
			if err != nil {
				h.Write([]byte("error\x00" + err.Error()))
			} else {
				h.Write(content)
			}
			h.Sum(sums[i][:0])
			return nil
		})
	}
	_ = g.Wait() // a file that cannot be read is hashed as its error
	if err := ctx.Err(); err != nil {
		return "", false, err
	}
	h := sha256.New()
	field := func(s string) {
		h.Write([]byte(strconv.Itoa(len(s))))
		h.Write([]byte{':'})
		h.Write([]byte(s))
	}
	field("surety-fingerprint-1")
	field(strconv.FormatUint(uint64(opts.Mode), 10))
	for i, p := range files {
		field(name(p))
		field(pick(p).Name)
		h.Write(sums[i][:])
	}
	for _, fe := range ferrs {
		field(fe.Error())
	}
	return hex.EncodeToString(h.Sum(nil)), true, nil
}
