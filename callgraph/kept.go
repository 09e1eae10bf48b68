package callgraph

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"io"

	"github.com/suretydev/surety/frontend"
)

// keptVersion is the version of the format Builder.Save writes; ReadKept
// refuses any other.
const keptVersion = 1

// keptWire is the format Builder.Save writes, as gob.
type keptWire struct {
	Version int
	Names   []string
	Files   []keptFile
}

// keptFile is one file of keptWire.
type keptFile struct {
	Path, Key, Language, Module, Resolver string
	Size, Lines                           int
	Funcs                                 []frontend.Function
	// NCalls[j] is the number of calls of Funcs[j]; Calls holds them
	// all, six numbers each: callee, name, qualifier, line, whole, kind.
	NCalls []int32
	Calls  []int32
	Whole  []*frontend.Call
	Types  []*frontend.TypeDecl
	// Imports, Declared and Traits as the file gave them.
	Imports  []frontend.Import
	Declared []string
	Traits   []string
}

// Kept is what a Builder held, as Save wrote it and ReadKept read it back:
// every file's compact model under the key it was saved with. Give it to a
// new Builder (Reuse), and hand its files to frontend.Load through a
// frontend.Cache (File), so that only the files whose key changed are
// parsed again.
type Kept struct {
	names []string
	texts *textTable
	files map[string]*builtFile // by path
	keys  map[string]string     // by path
	// byFile finds a file handed out by File again in Add.
	byFile map[*frontend.File]*builtFile
}

// Save writes what b holds, in a compact binary form ReadKept reads, each
// file under the key key(path) gives it: the caller's name for the file's
// content (a hash), which File checks. A file whose key is "" is left
// out. Call it after the last Add, before Graph.
func (b *Builder) Save(w io.Writer, key func(path string) string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := gob.NewEncoder(bw)
	// The header and each file are values of their own, so that no slice
	// of every file's model is made at once.
	if err := enc.Encode(keptWire{Version: keptVersion, Names: b.names}); err != nil {
		return fmt.Errorf("callgraph: saving the builder: %w", err)
	}
	for _, bf := range b.files {
		k := key(bf.file.Path)
		if k == "" {
			continue
		}
		kf := keptFile{Path: bf.file.Path, Key: k, Language: bf.file.Language, Module: bf.file.Module,
			Resolver: bf.file.Resolver, Size: bf.file.Size, Lines: bf.file.Lines, Whole: bf.whole,
			Types: bf.file.Types, Imports: bf.file.Imports, Declared: bf.declared, Traits: bf.traits}
		kf.Funcs = make([]frontend.Function, len(bf.defs))
		kf.NCalls = make([]int32, len(bf.defs))
		for j, ref := range bf.defs {
			kf.Funcs[j] = *ref.function()
			kf.NCalls[j] = int32(len(bf.calls[j]))
			for _, c := range bf.calls[j] {
				kf.Calls = append(kf.Calls, c.callee, c.name, c.qual, c.line, c.whole, int32(c.kind))
			}
		}
		if err := enc.Encode(&kf); err != nil {
			return fmt.Errorf("callgraph: saving the builder: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("callgraph: saving the builder: %w", err)
	}
	return nil
}

// ReadKept reads what Builder.Save wrote. Input that is not such (another
// format version, a truncated file) is an error; the caller then parses
// every file again.
func ReadKept(r io.Reader) (*Kept, error) {
	dec := gob.NewDecoder(bufio.NewReaderSize(r, 1<<20))
	var head keptWire
	if err := dec.Decode(&head); err != nil {
		return nil, fmt.Errorf("callgraph: reading a saved builder: %w", err)
	}
	if head.Version != keptVersion {
		return nil, fmt.Errorf("callgraph: reading a saved builder: format %d, want %d", head.Version, keptVersion)
	}
	k := &Kept{names: head.Names, texts: newTextTable(), files: map[string]*builtFile{}, keys: map[string]string{}, byFile: map[*frontend.File]*builtFile{}}
	n := int32(len(head.Names))
	for {
		var kf keptFile
		if err := dec.Decode(&kf); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("callgraph: reading a saved builder: %w", err)
		}
		if len(kf.NCalls) != len(kf.Funcs) {
			return nil, fmt.Errorf("callgraph: reading a saved builder: %s: %d call counts for %d functions", kf.Path, len(kf.NCalls), len(kf.Funcs))
		}
		f := &frontend.File{Path: kf.Path, Language: kf.Language, Module: kf.Module, Resolver: kf.Resolver,
			Size: kf.Size, Lines: kf.Lines, Types: kf.Types, Imports: kf.Imports}
		bf := &builtFile{file: f, whole: kf.Whole, declared: kf.Declared, traits: kf.Traits}
		recs := make([]funcRecord, 0, len(kf.Funcs))
		for j := range kf.Funcs {
			if fitsRecord(&kf.Funcs[j]) {
				recs = append(recs, funcRecord{})
			}
		}
		bf.defs = make([]funcRef, len(kf.Funcs))
		slab := make([]compactCall, 0, len(kf.Calls)/6)
		at := 0
		for j := range kf.Funcs {
			fn := &kf.Funcs[j]
			fn.Span.File = f.Path // one copy of the path
			if fitsRecord(fn) {
				bf.defs[j] = funcRef{rec: &recs[0]}
				recs = recs[1:]
				bf.defs[j].rec.set(fn, k.texts, f.Path)
			} else {
				bf.defs[j] = funcRef{fn: fn}
			}
			from := len(slab)
			for range kf.NCalls[j] {
				if at+6 > len(kf.Calls) {
					return nil, fmt.Errorf("callgraph: reading a saved builder: %s: calls cut short", kf.Path)
				}
				x := kf.Calls[at : at+6]
				at += 6
				c := compactCall{callee: x[0], name: x[1], qual: x[2], line: x[3], whole: x[4], kind: uint8(x[5])}
				if c.callee < 0 || c.callee >= n || c.name < 0 || c.name >= n || c.qual < 0 || c.qual >= n || c.whole >= int32(len(kf.Whole)) {
					return nil, fmt.Errorf("callgraph: reading a saved builder: %s: a call out of range", kf.Path)
				}
				slab = append(slab, c)
			}
			bf.calls = append(bf.calls, slab[from:len(slab):len(slab)])
		}
		k.files[f.Path] = bf
		k.keys[f.Path] = kf.Key
		k.byFile[f] = bf
	}
	return k, nil
}

// File returns the file kept for path under key, nil when none is (the
// file is new, or its key changed). The file has no functions or calls of
// its own: it is for a Builder that Reuse gave k to.
func (k *Kept) File(path, key string) *frontend.File {
	if k == nil || k.keys[path] != key {
		return nil
	}
	if bf := k.files[path]; bf != nil {
		return bf.file
	}
	return nil
}

// Len returns the number of files kept.
func (k *Kept) Len() int {
	if k == nil {
		return 0
	}
	return len(k.files)
}

// Reuse lets b take the files of k that Kept.File hands out, as they were,
// and the names they were saved with. Call it before the first Add.
func (b *Builder) Reuse(k *Kept) {
	if k == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.names = k.names
	b.texts = k.texts
	b.ids = make(map[string]int32, len(k.names))
	for i, s := range k.names {
		b.ids[s] = int32(i)
	}
	b.reused = k.byFile
}
