package run

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// buildCacheSize bounds the builds a Checker keeps, and buildIdle how
// long one is kept once nobody runs it: the audit asks for a schema's
// variants one after another. A build directory still held when the
// process ends is removed by the next surety process (proc.TempDir sweeps
// the directories of processes that are gone), or at once by Close.
const (
	buildCacheSize = 8
	buildIdle      = 5 * time.Second
)

// A build is a program compiled once for all of its variants: the plain,
// sanitized and fuzzing binaries of a variant schema (bmc.Switch), whose
// switch the harness sets at run time from SURETY_VARIANT. The audit's
// mutants of a program are variants of one schema: they share one build
// and differ only in their runs.
type build struct {
	dir    string
	remove func()
	why    string // the compiler rejected the program
	sanWhy string // no sanitized build, and why
	fb     *fuzzBuild
}

// buildKey names a program's build: its key without the variant.
func buildKey(p *bmc.Program) string {
	h := sha256.New()
	h.Write(p.Source)
	fmt.Fprintf(h, "\x00%s\x00%d\x00%q\x00", fileName(p), len(p.Asserts), p.BuildFlags())
	if p.Switch != nil {
		fmt.Fprintf(h, "%s@%d", p.Switch.Name, p.Switch.At)
	}
	for _, a := range p.Asserts {
		fmt.Fprintf(h, "%d-%d,", a.Start, a.End)
	}
	return string(h.Sum(nil))
}

// buildOf returns p's build, making it once (c.builds), and a function
// that releases it; the caller must call release when it no longer runs
// the binaries. A build still being made when its last waiting caller
// leaves (its ctx ended) is stopped, its compilers killed, before that
// caller returns; the next caller makes it anew.
func (c *Checker) buildOf(ctx context.Context, p *bmc.Program, pl *plan) (b *build, release func(), err error) {
	return c.builds.get(ctx, buildKey(p), func(ctx context.Context) (*build, error) { return c.makeBuild(ctx, p, pl) })
}

// Close removes the builds the checker keeps; the runs it remembers stay.
// A build in use goes when its last user leaves. The checker remains
// usable.
func (c *Checker) Close() error {
	c.builds.clear()
	return nil
}

// free removes the build's directory.
func (b *build) free() {
	if b.remove != nil {
		b.remove()
	}
}

// makeBuild compiles p (its schema, switch at 0) with the harness: the
// three builds at once.
func (c *Checker) makeBuild(ctx context.Context, p *bmc.Program, pl *plan) (_ *build, err error) {
	b := &build{}
	b.dir, b.remove, err = proc.TempDir("run")
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("run: internal error: %v", r)
		}
		if err != nil {
			b.remove()
		}
	}()
	if err := os.WriteFile(filepath.Join(b.dir, "prog.c"), instrument(p, pl, 0), 0o644); err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	spec := pl.spec
	if p.Switch != nil {
		spec.sw = p.Switch.Name
	}
	if err := os.WriteFile(filepath.Join(b.dir, "harness.c"), []byte(harnessC(&spec)), 0o644); err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	var (
		wg                 sync.WaitGroup
		sanErr, err1, ferr error
	)
	wg.Go(func() {
		b.sanWhy, sanErr = c.build(ctx, b.dir, "prog-san", append([]string{"-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"}, p.BuildFlags()...))
	})
	if pl.in != 0 && c.fuzzBudget() > 0 {
		wg.Go(func() { b.fb, ferr = c.buildFuzz(ctx, b.dir, p.BuildFlags()) })
	}
	b.why, err1 = c.build(ctx, b.dir, "prog", p.BuildFlags())
	wg.Wait()
	for _, err := range []error{err1, sanErr, ferr} {
		if err != nil {
			return nil, err
		}
	}
	return b, nil
}
