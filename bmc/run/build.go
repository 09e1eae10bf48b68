package run

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	done   chan struct{} // closed when the fields below are set
	cancel context.CancelFunc
	err    error
	dir    string
	remove func()
	why    string // the compiler rejected the program
	sanWhy string // no sanitized build, and why
	fb     *fuzzBuild
	freed  sync.Once

	// Guarded by Checker.mu.
	key     string
	users   int         // computations using dir
	evicted bool        // out of the cache: remove dir once users is 0
	idle    *time.Timer // drops the build when nobody has used it for buildIdle
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

// buildOf returns p's build, making it once, and a function that releases
// it; the caller must call release when it no longer runs the binaries.
// A build still being made when its last waiting caller leaves (its ctx
// ended) is stopped, its compilers killed, before that caller returns; the
// next caller makes it anew.
func (c *Checker) buildOf(ctx context.Context, p *bmc.Program, pl *plan) (b *build, release func(), err error) {
	k := buildKey(p)
	c.mu.Lock()
	b = c.builds[k]
	if b != nil && b.idle != nil {
		b.idle.Stop()
		b.idle = nil
	}
	if b == nil {
		bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		b = &build{done: make(chan struct{}), key: k, cancel: cancel}
		c.builds[k] = b
		c.border = append(c.border, k)
		c.evictBuildsLocked()
		go c.makeBuild(bctx, b, p, pl)
	}
	b.users++
	c.mu.Unlock()
	release = func() { c.releaseBuild(b) }
	select {
	case <-b.done:
	case <-ctx.Done():
		c.mu.Lock()
		stop := false
		select {
		case <-b.done:
		default:
			// The last caller waiting: nobody needs this build any more.
			if stop = b.users == 1; stop {
				c.dropLocked(b)
			}
		}
		c.mu.Unlock()
		if stop {
			b.cancel()
			<-b.done
		}
		release()
		return nil, nil, fmt.Errorf("run: %w", ctx.Err())
	}
	if b.err == nil {
		return b, release, nil
	}
	// A failed build is made again by the next caller.
	c.mu.Lock()
	if c.builds[k] == b {
		c.dropLocked(b)
	}
	c.mu.Unlock()
	release()
	return nil, nil, b.err
}

func (c *Checker) releaseBuild(b *build) {
	c.mu.Lock()
	b.users--
	gone := b.users == 0 && b.evicted
	if b.users == 0 && !b.evicted {
		b.idle = time.AfterFunc(buildIdle, func() { c.expire(b) })
	}
	c.mu.Unlock()
	if gone {
		b.free()
	}
}

// expire drops a build nobody has used for buildIdle.
func (c *Checker) expire(b *build) {
	c.mu.Lock()
	gone := c.builds[b.key] == b && b.users == 0
	if gone {
		c.dropLocked(b)
	}
	c.mu.Unlock()
	if gone {
		b.free()
	}
}

// dropLocked takes b out of the cache.
func (c *Checker) dropLocked(b *build) {
	delete(c.builds, b.key)
	c.border = slices.DeleteFunc(c.border, func(k string) bool { return k == b.key })
	b.evicted = true
	if b.idle != nil {
		b.idle.Stop()
		b.idle = nil
	}
}

// Close removes the builds the checker keeps; the runs it remembers stay.
// A build in use goes when its last user leaves. The checker remains
// usable.
func (c *Checker) Close() error {
	c.mu.Lock()
	var free []*build
	for _, b := range c.builds {
		c.dropLocked(b)
		if b.users == 0 {
			free = append(free, b)
		}
	}
	c.mu.Unlock()
	for _, b := range free {
		b.free()
	}
	return nil
}

// free removes the build's directory; it is called once, when the build
// is done, out of the cache and used by no one.
func (b *build) free() {
	<-b.done
	b.freed.Do(func() {
		if b.remove != nil {
			b.remove()
		}
	})
}

// evictBuildsLocked drops the oldest builds beyond buildCacheSize; each
// one's directory goes when its last user leaves.
func (c *Checker) evictBuildsLocked() {
	for len(c.border) > buildCacheSize {
		b := c.builds[c.border[0]]
		c.dropLocked(b)
		if b.users == 0 {
			go b.free()
		}
	}
}

// makeBuild compiles p (its schema, switch at 0) with the harness: the
// three builds at once.
func (c *Checker) makeBuild(ctx context.Context, b *build, p *bmc.Program, pl *plan) {
	defer func() {
		if r := recover(); r != nil {
			b.err = fmt.Errorf("run: internal error: %v", r)
		}
		if b.err != nil && b.remove != nil {
			b.remove()
			b.remove = nil
		}
		b.cancel()
		close(b.done)
	}()
	b.dir, b.remove, b.err = proc.TempDir("run")
	if b.err != nil {
		return
	}
	if err := os.WriteFile(filepath.Join(b.dir, "prog.c"), instrument(p, pl, 0), 0o644); err != nil {
		b.err = fmt.Errorf("run: %w", err)
		return
	}
	spec := pl.spec
	if p.Switch != nil {
		spec.sw = p.Switch.Name
	}
	if err := os.WriteFile(filepath.Join(b.dir, "harness.c"), []byte(harnessC(&spec)), 0o644); err != nil {
		b.err = fmt.Errorf("run: %w", err)
		return
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
			b.err = err
			return
		}
	}
}
