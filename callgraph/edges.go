package callgraph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// An ExtraEdge is a call the user states: Caller calls Callee at Line.
// Caller and Callee name functions by ID ("src/a.c:f@12"), by qualified
// name ("lexer::Lexer::next", optionally prefixed by the file:
// "src/lex.rs:lexer::Lexer::next") or by simple name; a name must denote
// exactly one function.
type ExtraEdge struct {
	Caller string `json:"caller"`
	Callee string `json:"callee"`
	Line   int    `json:"line,omitempty"` // the call's line in the caller, 0 if unknown
	// Source is where the edge was read, "file:line", set by LoadEdges.
	Source string `json:"-"`
}

// ErrEdgeFormat is matched (errors.Is) by every error LoadEdges returns for
// malformed input.
var ErrEdgeFormat = errors.New("callgraph: bad extra-edge file")

// LoadEdges reads extra edges. The input is either a JSON array of edge
// objects or JSON Lines (one object per line; blank lines and lines
// starting with # are skipped). An edge object is
//
//	{"caller": "main", "callee": "handler", "line": 12}
//
// where line is optional. Unknown fields are errors. name is used in
// error messages and in ExtraEdge.Source ("edges.json"); every error
// names the line of the input it concerns and matches ErrEdgeFormat.
func LoadEdges(r io.Reader, name string) ([]ExtraEdge, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("callgraph: reading %s: %w", name, err)
	}
	lineAt := func(off int64) int {
		if off > int64(len(data)) {
			off = int64(len(data))
		}
		return bytes.Count(data[:off], []byte{'\n'}) + 1
	}
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%w: %s:%d: %s", ErrEdgeFormat, name, line, fmt.Sprintf(format, args...))
	}
	check := func(e *ExtraEdge, line int) error {
		e.Source = fmt.Sprintf("%s:%d", name, line)
		switch {
		case e.Caller == "":
			return bad(line, "edge has no caller")
		case e.Callee == "":
			return bad(line, "edge has no callee")
		case e.Line < 0:
			return bad(line, "negative line %d", e.Line)
		case e.Line > math.MaxInt32:
			return bad(line, "line %d out of range", e.Line)
		}
		return nil
	}
	trimmed := bytes.TrimSpace(data)
	var out []ExtraEdge
	if len(trimmed) > 0 && trimmed[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if _, err := dec.Token(); err != nil {
			return nil, bad(1, "%v", err)
		}
		for dec.More() {
			// The element starts after the separating comma and space;
			// the decoder's error offsets count from there.
			start := dec.InputOffset()
			start += int64(len(data[start:]) - len(bytes.TrimLeft(data[start:], " \t\r\n,")))
			var e ExtraEdge
			if err := dec.Decode(&e); err != nil {
				return nil, bad(lineAt(start+errOffset(err, 0)), "%v", err)
			}
			line := lineAt(start)
			if err := check(&e, line); err != nil {
				return nil, err
			}
			out = append(out, e)
		}
		if _, err := dec.Token(); err != nil {
			return nil, bad(lineAt(dec.InputOffset()), "%v", err)
		}
		if rest := bytes.TrimSpace(data[dec.InputOffset():]); len(rest) > 0 {
			return nil, bad(lineAt(dec.InputOffset()), "text after the closing ]")
		}
		return out, nil
	}
	for i, l := range bytes.Split(data, []byte{'\n'}) {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(l))
		dec.DisallowUnknownFields()
		var e ExtraEdge
		if err := dec.Decode(&e); err != nil {
			return nil, bad(i+1, "%v", err)
		}
		if dec.More() {
			return nil, bad(i+1, "more than one JSON value on the line")
		}
		if err := check(&e, i+1); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// errOffset returns the offset a JSON error points at, relative to the
// value decoded, else def.
func errOffset(err error, def int64) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Offset
	}
	return def
}
