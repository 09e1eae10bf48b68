// Package buildid names the build of a program, so that a cache of
// verdicts never serves an answer that another build of an engine gave.
//
// A version string such as "1" that a person must remember to bump is not
// enough: commits that change verdicts forget it. A build is named instead
// by what cannot forget: the content of a binary, or for the running Go
// program its module version, VCS revision and the hash of its executable.
package buildid

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
)

// File returns a short content hash of the file at path ("sha256:" and 16
// hex digits), which changes whenever the file does.
func File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("buildid: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("buildid: %s: %w", path, err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

var (
	selfOnce sync.Once
	self     string
)

// Self names the build of the running program: the main module's version
// and VCS revision when the build recorded them (with "+dirty" for a tree
// with uncommitted changes), and always the content hash of the
// executable, since a test binary or a dirty tree records no revision that
// tells two builds apart. The result is computed once.
func Self() string {
	selfOnce.Do(func() {
		var id string
		if bi, ok := debug.ReadBuildInfo(); ok {
			id = bi.Main.Path + "@" + bi.Main.Version
			var rev, dirty string
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					if s.Value == "true" {
						dirty = "+dirty"
					}
				}
			}
			if rev != "" {
				id += " rev " + rev + dirty
			}
		}
		exe, err := os.Executable()
		if err == nil {
			var h string
			if h, err = File(exe); err == nil {
				id += " exe " + h
			}
		}
		if err != nil {
			id += " exe unknown: " + err.Error()
		}
		self = id
	})
	return self
}
