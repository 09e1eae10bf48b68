package frontendtest

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/suretydev/surety/frontend"
)

// ParseTimeout is how long FuzzParse waits for one Parse before it reports
// a hang.
var ParseTimeout = 10 * time.Second

// FuzzParse parses src as a file called name with lang, in every mode a
// caller may ask for, and reports through t every invariant Check finds
// broken. Input that Load would refuse before parsing (binary, not UTF-8)
// is skipped. A panic in the frontend is not recovered, so that the fuzzer
// reports it with its input. Use it as the body of a fuzz target:
//
//	f.Fuzz(func(t *testing.T, src []byte) { frontendtest.FuzzParse(t, c.C, "fuzz.c", src) })
func FuzzParse(t Testing, lang *frontend.Language, name string, src []byte) {
	t.Helper()
	if frontend.CheckText(src) != nil {
		return
	}
	for _, mode := range []frontend.Mode{frontend.NeedAll, frontend.NeedCalls, frontend.NeedBodies | frontend.NeedSpecs} {
		// A parse that never ends is a failure too, reported with its
		// input; the fuzzer would otherwise wait on it until -fuzztime.
		type parsed struct {
			f   *frontend.File
			err error
		}
		done := make(chan parsed, 1)
		go func() {
			f, err := lang.Parse(context.Background(), &frontend.Source{Path: name, Content: src}, mode)
			done <- parsed{f, err}
		}()
		var f *frontend.File
		var err error
		select {
		case p := <-done:
			f, err = p.f, p.err
		case <-time.After(ParseTimeout):
			t.Errorf("mode %d: Parse still running after %v on %d bytes", mode, ParseTimeout, len(src))
			return
		}
		if err != nil {
			t.Errorf("mode %d: Parse: %v", mode, err)
			continue
		}
		if f == nil {
			t.Errorf("mode %d: Parse returned neither a file nor an error", mode)
			continue
		}
		for _, e := range Check(f, src) {
			t.Errorf("mode %d: %v", mode, e)
		}
	}
}

// Seeds returns the contents of the files under dir/src that lang reads,
// sorted by path: the seed corpus of a fuzz target.
func Seeds(dir string, lang *frontend.Language) ([][]byte, error) {
	var paths []string
	err := filepath.WalkDir(filepath.Join(dir, "src"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && slices.Contains(lang.Exts, filepath.Ext(p)) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	out := make([][]byte, 0, len(paths))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
