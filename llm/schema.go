package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A Schema is a compiled JSON Schema (draft 2020-12 unless the schema says
// otherwise with $schema) that a structured reply must satisfy. It is safe
// for concurrent use.
type Schema struct {
	name string
	text string
	s    *jsonschema.Schema
}

// CompileSchema compiles the JSON Schema in data. name identifies it in
// errors, usually the file it was embedded from.
func CompileSchema(name string, data []byte) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("llm: schema %s: %v", name, err)
	}
	const url = "mem:///schema.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("llm: schema %s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("llm: schema %s: %v", name, err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, fmt.Errorf("llm: schema %s: %v", name, err)
	}
	return &Schema{name: name, text: compact.String(), s: s}, nil
}

// MustCompileSchema is CompileSchema that panics on error, for package
// variables holding embedded schemas.
func MustCompileSchema(name string, data []byte) *Schema {
	s, err := CompileSchema(name, data)
	if err != nil {
		panic(err)
	}
	return s
}

// Name returns the name given to CompileSchema.
func (s *Schema) Name() string { return s.name }

// String returns the schema as compact JSON, as Ask shows it to the model.
func (s *Schema) String() string { return s.text }

// Check parses text as one JSON value and validates it against s. The error
// lists what is wrong, one problem a line, with the JSON pointer of each.
func (s *Schema) Check(text string) error {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return fmt.Errorf("not valid JSON: %v", err)
	}
	if s == nil {
		return nil
	}
	if err := s.s.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return errors.New(describe(ve))
		}
		return err
	}
	return nil
}

// describe renders a validation error without its first line (which names
// the schema's internal URL).
func describe(ve *jsonschema.ValidationError) string {
	msg := ve.Error()
	if _, rest, ok := strings.Cut(msg, "\n"); ok {
		msg = rest
	}
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))
	}
	return "does not satisfy the schema: " + strings.Join(lines, "; ")
}
