package svcomp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// UnreachCall is the base name of the property file of unreach-call.
const UnreachCall = "unreach-call.prp"

// A Task is one verification task.
type Task struct {
	// Path is the task definition file.
	Path string `json:"path"`
	// InputFiles are the program's files, resolved against Path's
	// directory.
	InputFiles []string `json:"input_files"`
	// Properties are the properties to check, with their expected
	// verdicts where the task gives them.
	Properties []Property `json:"properties"`
	// Language is "C" (or what the task says).
	Language string `json:"language"`
	// DataModel is "ILP32" or "LP64"; a task that says nothing (formats
	// 1.x) is taken as ILP32.
	DataModel string `json:"data_model"`
}

// A Property is one property of a task.
type Property struct {
	// File is the property file, resolved against the task's directory.
	File string `json:"file"`
	// Expected is the expected verdict, nil when the task gives none.
	Expected *bool `json:"expected,omitempty"`
	// Subproperty narrows a false verdict (valid-memsafety's valid-deref).
	Subproperty string `json:"subproperty,omitempty"`
}

// Name is the property file's base name without ".prp".
func (p Property) Name() string { return strings.TrimSuffix(filepath.Base(p.File), ".prp") }

// Property returns the task's property with the given file base name.
func (t *Task) Property(base string) (Property, bool) {
	for _, p := range t.Properties {
		if filepath.Base(p.File) == base {
			return p, true
		}
	}
	return Property{}, false
}

// ErrFormat reports a task file that is not a task definition of a format
// this package reads.
var ErrFormat = errors.New("svcomp: not a task definition")

// rawTask is the YAML as written: input_files may be a string or a list.
type rawTask struct {
	FormatVersion string    `yaml:"format_version"`
	InputFiles    yaml.Node `yaml:"input_files"`
	Properties    []struct {
		PropertyFile    string `yaml:"property_file"`
		ExpectedVerdict *bool  `yaml:"expected_verdict"`
		Subproperty     string `yaml:"subproperty"`
	} `yaml:"properties"`
	Options struct {
		Language  string `yaml:"language"`
		DataModel string `yaml:"data_model"`
	} `yaml:"options"`
}

// ParseTask reads a task definition file.
func ParseTask(path string) (*Task, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("svcomp: %w", err)
	}
	return ParseTaskBytes(path, b)
}

// ParseTaskBytes reads a task definition given as bytes; path names it
// and is the base of its relative file names.
func ParseTaskBytes(path string, b []byte) (*Task, error) {
	var raw rawTask
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFormat, path, err)
	}
	if !strings.HasPrefix(raw.FormatVersion, "2.") && !strings.HasPrefix(raw.FormatVersion, "1.") {
		return nil, fmt.Errorf("%w: %s: format_version %q, want 1.x or 2.x", ErrFormat, path, raw.FormatVersion)
	}
	dir := filepath.Dir(path)
	t := &Task{Path: path, Language: raw.Options.Language, DataModel: raw.Options.DataModel}
	if t.DataModel == "" {
		// Formats 1.x have no options: the data model came from the
		// category, ILP32 for most. Taking ILP32 is the cautious reading:
		// a program that depends on the difference is refused, not
		// answered for the wrong machine.
		t.DataModel = "ILP32"
	}
	switch raw.InputFiles.Kind {
	case yaml.ScalarNode:
		t.InputFiles = []string{raw.InputFiles.Value}
	case yaml.SequenceNode:
		for _, n := range raw.InputFiles.Content {
			if n.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%w: %s:%d: input_files holds a non-string", ErrFormat, path, n.Line)
			}
			t.InputFiles = append(t.InputFiles, n.Value)
		}
	default:
		return nil, fmt.Errorf("%w: %s: no input_files", ErrFormat, path)
	}
	for i, f := range t.InputFiles {
		if !filepath.IsAbs(f) {
			t.InputFiles[i] = filepath.Join(dir, f)
		}
	}
	for _, p := range raw.Properties {
		f := p.PropertyFile
		if f == "" {
			return nil, fmt.Errorf("%w: %s: a property without property_file", ErrFormat, path)
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		t.Properties = append(t.Properties, Property{File: f, Expected: p.ExpectedVerdict, Subproperty: p.Subproperty})
	}
	if t.Language == "" {
		t.Language = "C"
	}
	return t, nil
}
