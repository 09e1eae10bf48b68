package frontend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"
)

// Errors a file can give instead of a model; match them with errors.Is.
var (
	ErrBinary   = errors.New("frontend: binary file")
	ErrNotUTF8  = errors.New("frontend: not valid UTF-8")
	ErrNoParser = errors.New("frontend: no frontend for this file (forgotten import?)")
)

// A FileError reports a file that gave no model at all.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// LoadOptions control Load. The zero value is valid; a nil *LoadOptions means
// the zero value. Load does not modify it.
type LoadOptions struct {
	// Mode says which parts of the model to build; 0 means all.
	Mode Mode
	// Workers is the number of files parsed at once; 0 means GOMAXPROCS.
	Workers int
	// Languages restricts loading to these frontends, chosen by extension;
	// nil means every registered one.
	Languages []*Language
	// Skip, if set, is asked about every directory and file found while
	// walking; returning true leaves it out. Hidden directories (".git")
	// are always skipped.
	Skip func(path string, isDir bool) bool
	// Cache, if set, is consulted before parsing a file and filled after,
	// keyed by the file's content, so an unchanged file is not parsed twice.
	Cache Cache
	// Root, if set, is the directory the model's paths are relative to:
	// every File.Path and Span.File (and so every function ID) is the
	// file's path relative to Root, slash-separated, however it was named
	// in paths (relative or absolute, from any working directory); a file
	// outside Root is named by its absolute path. A file named twice under
	// two spellings is loaded once. Use ProjectRoot to find it, and
	// Resolve or ReadFileIn to read a model path back. Empty means the
	// paths as given.
	Root string
	// Keep, if set, is given each file as soon as it is parsed (or read
	// from Cache), on the worker that parsed it, so concurrently; the
	// file is the caller's to change, and what Keep returns takes its
	// place in the Program (nil leaves it out). A pipeline that needs
	// only part of the model takes that part here and returns a smaller
	// file, so that the whole model of a big tree is never in memory at
	// once: the call graph's Builder keeps each file's calls in a
	// compact form.
	Keep func(*File) *File
}

// A Cache keeps parsed files by content. Implementations must be safe for
// concurrent use. Get returns nil when it has nothing.
type Cache interface {
	Get(lang string, mode Mode, src *Source) *File
	Put(lang string, mode Mode, src *Source, f *File)
}

// Load reads the files and directories in paths (directories recursively),
// parses each file with the frontend its extension names, and returns the
// program. Files whose extension no frontend reads are ignored when found
// in a directory, and reported when named directly.
//
// Only regular files are read (see ReadFile): a named pipe, socket or
// device named in paths yields a FileError matching ErrNotRegular, and one
// found in a directory is skipped, as are symbolic links found there.
//
// A file that cannot be read, is binary or is not UTF-8 yields a FileError in
// the returned list and does not stop the others; syntax errors inside a
// file are in File.Errors. The returned error is non-nil only when ctx is
// cancelled or paths is empty. The result is sorted by path and does not
// depend on the number of workers.
func Load(ctx context.Context, paths []string, opts *LoadOptions) (*Program, []*FileError, error) {
	if opts == nil {
		opts = &LoadOptions{}
	}
	if len(paths) == 0 {
		return nil, nil, errors.New("frontend: no paths to load")
	}
	files, name, pick, ferrs, err := list(ctx, paths, opts)
	if err != nil {
		return nil, nil, err
	}

	// Frontends that load all their files at once go first, as one batch each.
	byBatch := map[*Language][]string{}
	var single []string
	for _, p := range files {
		if l := pick(p); l.LoadFiles != nil {
			byBatch[l] = append(byBatch[l], p)
		} else {
			single = append(single, p)
		}
	}
	prog := &Program{}
	for l, ps := range byBatch {
		fs, err := loadBatch(ctx, l, ps, opts.Mode)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			ferrs = append(ferrs, &FileError{Path: strings.Join(ps, ","), Err: err})
		}
		if opts.Root != "" {
			renames := make(map[string]string, len(ps))
			for _, p := range ps {
				renames[filepath.ToSlash(p)] = name(p)
			}
			rename(fs, renames)
		}
		if opts.Keep != nil {
			kept := fs[:0]
			for _, f := range fs {
				if f = opts.Keep(f); f != nil {
					kept = append(kept, f)
				}
			}
			fs = kept
		}
		prog.Files = append(prog.Files, fs...)
	}

	workers := work.Workers(opts.Workers)
	out := make([]*File, len(single))
	errs := make([]*FileError, len(single))
	var g errgroup.Group
	g.SetLimit(workers)
	for i := range single {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			out[i], errs[i] = parseFile(ctx, pick(single[i]), single[i], name(single[i]), opts)
			return nil
		})
	}
	_ = g.Wait() // every file's error is in errs
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	for i := range single {
		if errs[i] != nil {
			ferrs = append(ferrs, errs[i])
		} else if out[i] != nil {
			prog.Files = append(prog.Files, out[i])
		}
	}
	sort.Slice(prog.Files, func(i, j int) bool { return prog.Files[i].Path < prog.Files[j].Path })
	sort.SliceStable(ferrs, func(i, j int) bool { return ferrs[i].Path < ferrs[j].Path })
	return prog, ferrs, nil
}

// list finds the files Load reads under paths, sorted, each once; name
// gives a file's path in the model, pick its frontend. ferrs lists the
// paths that cannot be read or have no frontend.
func list(ctx context.Context, paths []string, opts *LoadOptions) (files []string, name func(string) string, pick func(string) *Language, ferrs []*FileError, err error) {
	pick = func(path string) *Language {
		if opts.Languages == nil {
			return ForPath(path)
		}
		ext := filepath.Ext(path)
		for _, l := range opts.Languages {
			if slices.Contains(l.Exts, ext) {
				return l
			}
		}
		return nil
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			ferrs = append(ferrs, &FileError{Path: root, Err: err})
			continue
		}
		if !info.IsDir() {
			if !info.Mode().IsRegular() {
				ferrs = append(ferrs, &FileError{Path: root, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Kind(info.Mode()))})
				continue
			}
			if pick(root) == nil {
				ferrs = append(ferrs, &FileError{Path: root, Err: ErrNoParser})
				continue
			}
			files = append(files, root)
			continue
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if err != nil {
				ferrs = append(ferrs, &FileError{Path: path, Err: err})
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if path != root && strings.HasPrefix(d.Name(), ".") {
					return fs.SkipDir
				}
				if opts.Skip != nil && path != root && opts.Skip(path, true) {
					return fs.SkipDir
				}
				return nil
			}
			// Named pipes, sockets and devices are skipped: reading one
			// may block for ever. Symbolic links are not followed, so a
			// link loop cannot trap the walk.
			if !d.Type().IsRegular() || pick(path) == nil {
				return nil
			}
			if opts.Skip != nil && opts.Skip(path, false) {
				return nil
			}
			files = append(files, path)
			return nil
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, nil, nil, ctx.Err()
			}
			return nil, nil, nil, nil, err
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	// names maps each file to its path in the model.
	names := make(map[string]string, len(files))
	if opts.Root != "" {
		seen := map[string]bool{}
		kept := files[:0]
		for _, p := range files {
			n := modelPath(opts.Root, p)
			if seen[n] {
				continue
			}
			seen[n] = true
			names[p] = n
			kept = append(kept, p)
		}
		files = kept
	}
	name = func(p string) string {
		if n, ok := names[p]; ok {
			return n
		}
		return filepath.ToSlash(p)
	}

	return files, name, pick, ferrs, nil
}

// loadBatch calls l.LoadFiles. A panic in the frontend becomes an error
// naming the files, as in parseFile: no panic escapes the library.
func loadBatch(ctx context.Context, l *Language, paths []string, mode Mode) (fs []*File, err error) {
	defer func() {
		if r := recover(); r != nil {
			fs, err = nil, fmt.Errorf("frontend %s panicked loading %s: %v", l.Name, strings.Join(paths, ", "), r)
		}
	}()
	return l.LoadFiles(ctx, paths, mode)
}

// parseFile reads the file at path and parses it as the file called name
// in the model. A panic in a frontend becomes an error naming the file: no
// panic escapes the library.
func parseFile(ctx context.Context, l *Language, path, name string, opts *LoadOptions) (f *File, ferr *FileError) {
	path = filepath.ToSlash(path)
	content, err := ReadFile(ctx, path)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	src := &Source{Path: name, Content: content}
	if err := CheckText(content); err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	if opts.Cache != nil {
		if f := opts.Cache.Get(l.Name, opts.Mode, src); f != nil {
			return keep(f, opts), nil
		}
	}
	defer func() {
		if r := recover(); r != nil {
			f, ferr = nil, &FileError{Path: path, Err: fmt.Errorf("frontend %s panicked: %v", l.Name, r)}
		}
	}()
	f, err = l.Parse(ctx, src, opts.Mode)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	if opts.Cache != nil {
		opts.Cache.Put(l.Name, opts.Mode, src, f)
	}
	return keep(f, opts), nil
}

// keep passes f through opts.Keep, when set.
func keep(f *File, opts *LoadOptions) *File {
	if opts.Keep == nil {
		return f
	}
	return opts.Keep(f)
}

// CheckText reports whether content looks like source text: no NUL byte in
// its first 8 KiB (ErrBinary) and valid UTF-8 throughout (ErrNotUTF8, with
// the line of the first bad byte).
func CheckText(content []byte) error {
	head := content
	if len(head) > 8192 {
		head = head[:8192]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return ErrBinary
	}
	if utf8.Valid(content) {
		return nil
	}
	for i := 0; i < len(content); {
		r, n := utf8.DecodeRune(content[i:])
		if r == utf8.RuneError && n <= 1 {
			line := bytes.Count(content[:i], []byte{'\n'}) + 1
			return fmt.Errorf("%w: bad byte 0x%02x at line %d", ErrNotUTF8, content[i], line)
		}
		i += n
	}
	return ErrNotUTF8
}
