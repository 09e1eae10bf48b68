package incremental

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/atomicfile"
)

// A Snapshot is the state of a program that decides what a change touches.
// Functions are keyed by Key, which survives edits that move a function
// within its file.
type Snapshot struct {
	Functions map[string]*FuncState `json:"functions"`
}

// A FuncState is one function in a snapshot.
type FuncState struct {
	Key  string `json:"key"`
	ID   string `json:"id"`
	Name string `json:"name"`
	File string `json:"file"`
	// Type is the receiver, impl or class the function belongs to.
	Type string `json:"type,omitempty"`
	// Body hashes the normalised source text of the function.
	Body string `json:"body"`
	// Contract hashes the function's contract; empty when it has none.
	Contract string `json:"contract,omitempty"`
	// Spec marks a specification function: a ghost function, predicate or
	// lemma, a Verus spec fn.
	Spec bool `json:"spec,omitempty"`
	// Mentions lists the keys of the specification functions the
	// function's contract or body mentions.
	Mentions []string `json:"mentions,omitempty"`
	// Callees lists the keys of the functions it calls.
	Callees []string `json:"callees,omitempty"`
	// Text is the normalised source, kept for relevance scoring; not
	// stored.
	Text string `json:"-"`
}

// Key identifies a function across versions: its file and qualified name.
func Key(fn *frontend.Function) string { return fn.Span.File + ":" + fn.QualifiedName() }

// IsSpec reports whether fn is a specification function, as the frontend
// of its language tells (frontend.Language.IsSpec).
func IsSpec(fn *frontend.Function) bool {
	return frontend.ForPath(fn.Span.File).Spec(fn)
}

var ident = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// Take builds the snapshot of a program from its call graph and its
// contract records (nil when there are none yet). read gives the source of
// a file; nil means os.ReadFile.
func Take(g *callgraph.Graph, records []*contract.Record, read func(string) ([]byte, error)) (*Snapshot, error) {
	if read == nil {
		read = os.ReadFile
	}
	files := map[string][]byte{}
	// Records are matched by the line-free ID: a record written before an
	// edit above its function moved it still belongs to it.
	byID := map[string]*contract.Record{}
	for _, r := range records {
		byID[contract.StableID(r.Function)] = r
	}
	s := &Snapshot{Functions: map[string]*FuncState{}}
	specs := map[string]string{} // simple name -> key, of spec functions
	for _, n := range g.Nodes {
		if IsSpec(n.Func()) {
			specs[n.Func().Name] = Key(n.Func())
		}
	}
	for _, n := range g.Nodes {
		fn := n.Func()
		src, ok := files[fn.Span.File]
		if !ok {
			var err error
			if src, err = read(fn.Span.File); err != nil {
				return nil, fmt.Errorf("incremental: %w", err)
			}
			files[fn.Span.File] = src
		}
		text := frontend.ForPath(fn.Span.File).NormalizeText(fn.Span.Text(src))
		st := &FuncState{Key: Key(fn), ID: n.ID, Name: fn.QualifiedName(), File: fn.Span.File,
			Type: fn.Receiver, Body: Hash(text), Spec: IsSpec(fn), Text: text}
		mentionText := text
		if r := byID[contract.StableID(n.ID)]; r != nil {
			data, _ := json.Marshal(r.Contract)
			st.Contract = Hash(string(data))
			mentionText += " " + string(data)
		}
		for _, sp := range fn.Specs {
			mentionText += " " + sp.Expr
		}
		for _, w := range ident.FindAllString(mentionText, -1) {
			if k, ok := specs[w]; ok && k != st.Key && !slices.Contains(st.Mentions, k) {
				st.Mentions = append(st.Mentions, k)
			}
		}
		slices.Sort(st.Mentions)
		for _, e := range n.Out {
			k := Key(e.Callee.Func())
			if !slices.Contains(st.Callees, k) {
				st.Callees = append(st.Callees, k)
			}
		}
		slices.Sort(st.Callees)
		s.Functions[st.Key] = st
	}
	return s, nil
}

// Save writes the snapshot as JSON, atomically.
func (s *Snapshot) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("incremental: %w", err)
	}
	return atomicfile.Write(path, data)
}

// Load reads a snapshot written by Save; a missing file gives a nil
// snapshot and no error.
func Load(path string) (*Snapshot, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("incremental: %w", err)
	}
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("incremental: %s: %w", path, err)
	}
	for k, f := range s.Functions {
		if f == nil || f.Key != k {
			return nil, fmt.Errorf("incremental: %s: entry %q is malformed", path, k)
		}
	}
	return &s, nil
}

// keys returns the snapshot's keys, sorted.
func (s *Snapshot) keys() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.Functions))
	for k := range s.Functions {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (s *Snapshot) get(k string) *FuncState {
	if s == nil {
		return nil
	}
	return s.Functions[k]
}

// Trim removes prefix from every file path and key of s, so that a
// snapshot of a checked-out revision compares with one of the work tree.
func (s *Snapshot) Trim(prefix string) *Snapshot {
	prefix = filepath.ToSlash(filepath.Clean(prefix)) + "/"
	cut := func(k string) string { return strings.TrimPrefix(k, prefix) }
	out := &Snapshot{Functions: map[string]*FuncState{}}
	for _, f := range s.Functions {
		g := *f
		g.Key, g.File, g.ID = cut(f.Key), cut(f.File), cut(f.ID)
		g.Callees = make([]string, len(f.Callees))
		for i, c := range f.Callees {
			g.Callees[i] = cut(c)
		}
		g.Mentions = make([]string, len(f.Mentions))
		for i, m := range f.Mentions {
			g.Mentions[i] = cut(m)
		}
		out.Functions[g.Key] = &g
	}
	return out
}
