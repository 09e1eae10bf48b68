package rust

import (
	"path"
	"strings"
)

// crateRoots are the directory names under which a path names a module.
var crateRoots = map[string]bool{"src": true, "tests": true, "benches": true, "examples": true}

// fileModule returns the module path of the file at p inside its crate:
// the directories below the nearest crate root (src, tests, benches,
// examples) and the file's stem, joined with "::". mod.rs names its
// directory; lib.rs and main.rs at the root, files directly in src/bin and
// files directly under tests, benches or examples are crate roots, "".
func fileModule(p string) string {
	parts := strings.Split(path.Clean(strings.ReplaceAll(p, "\\", "/")), "/")
	root := -1
	for i := len(parts) - 2; i >= 0; i-- {
		if crateRoots[parts[i]] {
			root = i
			break
		}
	}
	if root < 0 {
		return ""
	}
	rel := parts[root+1:]
	stem := strings.TrimSuffix(rel[len(rel)-1], ".rs")
	dirs := rel[:len(rel)-1]
	if parts[root] == "src" && len(dirs) > 0 && dirs[0] == "bin" {
		// Each file of src/bin, or directory of src/bin with a main.rs, is
		// a crate of its own.
		if len(dirs) == 1 {
			return ""
		}
		dirs = dirs[2:]
		if len(dirs) == 0 && stem == "main" {
			return ""
		}
	}
	if parts[root] != "src" && len(dirs) == 0 {
		return ""
	}
	if parts[root] != "src" && len(dirs) > 0 {
		// tests/foo/main.rs is the crate tests/foo.
		dirs = dirs[1:]
		if len(dirs) == 0 && stem == "main" {
			return ""
		}
	}
	mods := append([]string(nil), dirs...)
	switch {
	case stem == "mod":
	case len(dirs) == 0 && (stem == "lib" || stem == "main"):
	default:
		mods = append(mods, stem)
	}
	return strings.Join(mods, "::")
}
