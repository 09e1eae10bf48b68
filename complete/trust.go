package complete

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// An unproved is something Dafny takes as true without proof: a
// postcondition of a declaration without a body, a declaration marked
// {:axiom} or {:verify false}, an assume statement. Any of them may make a
// proof vacuous: a body-less "function Oracle(x: int): int ensures false"
// proves every lemma. Global is set when Dafny assumes it everywhere (a
// function's or predicate's postcondition is an axiom of every proof);
// the others are assumed only by the proofs that call them or contain them.
type unproved struct {
	What   string // "the body-less function Oracle", "an assume statement"
	File   string // "" for the checked file, else the included file's path
	Line   int
	Global bool
}

func (u unproved) String() string {
	where := fmt.Sprintf("line %d", u.Line)
	if u.File != "" {
		where = fmt.Sprintf("%s line %d", u.File, u.Line)
	}
	return u.What + " (" + where + ")"
}

// uncheckedIn lists what f (the file at path) and the files it includes
// (read from disk, transitively) assume without proof, in source order.
// An included file that cannot be read is left to Dafny, which reports it
// when it verifies the file.
func uncheckedIn(ctx context.Context, path string, f *dfyFile) []unproved {
	var out []unproved
	seen := map[string]bool{}
	if abs, err := filepath.Abs(path); err == nil {
		seen[abs] = true
	}
	var walk func(name string, f *dfyFile, dir string)
	walk = func(name string, f *dfyFile, dir string) {
		out = append(out, unprovedOf(name, f)...)
		for _, inc := range f.Includes {
			p := inc
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			abs, err := filepath.Abs(p)
			if err != nil || seen[abs] {
				continue
			}
			seen[abs] = true
			src, err := os.ReadFile(abs)
			if err != nil {
				continue // Dafny says so when it verifies the file
			}
			g, err := readDafny(ctx, p, src)
			if err != nil {
				continue
			}
			walk(p, g, filepath.Dir(abs))
		}
	}
	walk("", f, filepath.Dir(path))
	return out
}

func unprovedOf(file string, f *dfyFile) []unproved {
	var out []unproved
	for _, d := range f.Decls {
		function := strings.HasPrefix(d.Kind, "function") || strings.Contains(d.Kind, "predicate")
		name := d.Kind + " " + d.Name
		if d.Container != "" {
			name = d.Kind + " " + d.Container + "." + d.Name
		}
		switch {
		case d.Unchecked != "":
			out = append(out, unproved{d.Unchecked + " on the " + name, file, d.Line, function})
		case !d.HasBody && len(d.Ensures) > 0:
			out = append(out, unproved{"the body-less " + name + " with a postcondition", file, d.Line, function})
		}
	}
	for _, l := range f.Assumes {
		out = append(out, unproved{"an assume statement", file, l, false})
	}
	for _, a := range f.Attrs {
		dup := false
		for _, u := range out {
			dup = dup || u.File == file && u.Line == a.line
		}
		if !dup {
			out = append(out, unproved{"the attribute " + a.text, file, a.line, true})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File == out[j].File && out[i].Line < out[j].Line })
	return out
}

// opaqueNames lists the top-level opaque functions of f, which generated
// lemmas reveal: revealing adds no assumption, only a definition.
func opaqueNames(f *dfyFile) []string {
	var ns []string
	for _, d := range f.Decls {
		if d.Opaque && d.Container == "" && d.HasBody && (strings.HasPrefix(d.Kind, "function") || strings.Contains(d.Kind, "predicate")) {
			ns = append(ns, d.Name)
		}
	}
	return ns
}
