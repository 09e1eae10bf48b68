package svcomp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// A Waypoint is one point of a violation witness: a nondeterministic
// function's return value on the path, or the target, the call of
// reach_error that violates the property.
type Waypoint struct {
	// Type is "function_return" or "target".
	Type string
	File string
	// Line and Column are 1-based; Column 0 leaves it out.
	Line, Column int
	Function     string
	// Constraint is an ACSL expression over \result, for function_return.
	Constraint string
}

// WitnessTask describes the task a witness is about.
type WitnessTask struct {
	InputFiles []string
	// Specification is the property as the witness names it; "" means
	// unreach-call's "G ! call(reach_error())".
	Specification string
	DataModel     string // "ILP32" or "LP64"; "" means LP64
	Producer      string // the producer's version
	// Time is the creation time; zero means now.
	Time time.Time
}

// Specification reads the LTL formula of a property file ("G ! call(reach_error())").
func Specification(prp string) (string, error) {
	b, err := os.ReadFile(prp)
	if err != nil {
		return "", fmt.Errorf("svcomp: %w", err)
	}
	if m := ltlRE.FindStringSubmatch(string(b)); m != nil {
		return strings.TrimSpace(m[1]), nil
	}
	return strings.TrimSpace(string(b)), nil
}

var ltlRE = regexp.MustCompile(`LTL\((.*)\)\s*\)`)

type (
	yEntry struct {
		EntryType string    `yaml:"entry_type"`
		Metadata  yMetadata `yaml:"metadata"`
		Content   []any     `yaml:"content"`
	}
	yMetadata struct {
		FormatVersion string    `yaml:"format_version"`
		UUID          string    `yaml:"uuid"`
		CreationTime  string    `yaml:"creation_time"`
		Producer      yProducer `yaml:"producer"`
		Task          yTask     `yaml:"task"`
	}
	yProducer struct {
		Name    string `yaml:"name"`
		Version string `yaml:"version"`
	}
	yTask struct {
		InputFiles      []string          `yaml:"input_files"`
		InputFileHashes map[string]string `yaml:"input_file_hashes"`
		Specification   string            `yaml:"specification"`
		DataModel       string            `yaml:"data_model"`
		Language        string            `yaml:"language"`
	}
	ySegment struct {
		Segment []yWaypointItem `yaml:"segment"`
	}
	yWaypointItem struct {
		Waypoint yWaypoint `yaml:"waypoint"`
	}
	yWaypoint struct {
		Type       string       `yaml:"type"`
		Action     string       `yaml:"action"`
		Location   yLocation    `yaml:"location"`
		Constraint *yConstraint `yaml:"constraint,omitempty"`
	}
	yLocation struct {
		FileName string `yaml:"file_name"`
		Line     int    `yaml:"line"`
		Column   int    `yaml:"column,omitempty"`
		Function string `yaml:"function,omitempty"`
	}
	yConstraint struct {
		Value  string `yaml:"value"`
		Format string `yaml:"format"`
	}
)

func metadata(t *WitnessTask, body string) (yMetadata, error) {
	hashes := map[string]string{}
	for _, f := range t.InputFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			return yMetadata{}, fmt.Errorf("svcomp: witness: %w", err)
		}
		h := sha256.Sum256(b)
		hashes[f] = hex.EncodeToString(h[:])
		body += hashes[f]
	}
	spec := t.Specification
	if spec == "" {
		spec = "G ! call(reach_error())"
	}
	dm := t.DataModel
	if dm == "" {
		dm = "LP64"
	}
	when := t.Time
	if when.IsZero() {
		when = time.Now()
	}
	// The UUID comes from the content, so the same witness is written the
	// same way twice (a version 4 layout, with the hash for randomness).
	u := sha256.Sum256([]byte(body + spec))
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	x := hex.EncodeToString(u[:16])
	return yMetadata{
		FormatVersion: "2.0",
		UUID:          x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32],
		CreationTime:  when.UTC().Format(time.RFC3339),
		Producer:      yProducer{Name: "surety", Version: t.Producer},
		Task: yTask{InputFiles: t.InputFiles, InputFileHashes: hashes, Specification: spec,
			DataModel: dm, Language: "C"},
	}, nil
}

// ViolationWitness writes a violation witness (format 2.0): one segment
// per waypoint, every one followed, the last the target.
func ViolationWitness(t *WitnessTask, path []Waypoint) ([]byte, error) {
	if len(path) == 0 || path[len(path)-1].Type != "target" {
		return nil, fmt.Errorf("svcomp: a violation witness ends at its target")
	}
	var content []any
	var body strings.Builder
	for _, w := range path {
		yw := yWaypoint{Type: w.Type, Action: "follow", Location: yLocation{FileName: w.File, Line: w.Line, Column: w.Column, Function: w.Function}}
		if w.Constraint != "" {
			yw.Constraint = &yConstraint{Value: w.Constraint, Format: "acsl_expression"}
		}
		fmt.Fprintf(&body, "%+v;", w)
		content = append(content, ySegment{Segment: []yWaypointItem{{Waypoint: yw}}})
	}
	md, err := metadata(t, body.String())
	if err != nil {
		return nil, err
	}
	return yaml.Marshal([]yEntry{{EntryType: "violation_sequence", Metadata: md, Content: content}})
}

// An Invariant is a loop invariant proved to hold at a location.
type Invariant struct {
	File         string
	Line, Column int
	Function     string
	// Value is a C expression.
	Value string
}

// CorrectnessWitness writes a correctness witness (format 2.0): an
// invariant_set with the loop invariants the engine proved; none at all is
// a valid witness that says only that the task holds.
func CorrectnessWitness(t *WitnessTask, invariants []Invariant) ([]byte, error) {
	type yInv struct {
		Type     string    `yaml:"type"`
		Location yLocation `yaml:"location"`
		Value    string    `yaml:"value"`
		Format   string    `yaml:"format"`
	}
	type yItem struct {
		Invariant yInv `yaml:"invariant"`
	}
	content := []any{}
	var body strings.Builder
	for _, inv := range invariants {
		content = append(content, yItem{Invariant: yInv{Type: "loop_invariant", Value: inv.Value, Format: "c_expression",
			Location: yLocation{FileName: inv.File, Line: inv.Line, Column: inv.Column, Function: inv.Function}}})
		fmt.Fprintf(&body, "%+v;", inv)
	}
	md, err := metadata(t, "invariants:"+body.String())
	if err != nil {
		return nil, err
	}
	return yaml.Marshal([]yEntry{{EntryType: "invariant_set", Metadata: md, Content: content}})
}
