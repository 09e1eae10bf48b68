package llmtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/txtar"
)

// A Step is one scripted answer. A request is answered by the first step,
// in script order, that still has uses left and whose Match matches the
// request's last user message; so a script of steps without Match answers
// in order.
type Step struct {
	// Name identifies the step in messages and in Request.Step; the txtar
	// section name, or "step N" (1-based) when empty.
	Name string `json:"name,omitempty"`
	// Match is a regular expression (Go syntax) that the last user message
	// must contain a match of; "" matches every request.
	Match string `json:"match,omitempty"`
	// Reply is the reply text. With an error Status it is the error
	// message; with Raw it is the whole HTTP body.
	Reply string `json:"reply,omitempty"`
	// Status is the HTTP status to answer with; 0 means 200. An error status
	// sends an OpenAI error object whose message is Reply (or a default).
	Status int `json:"status,omitempty"`
	// RetryAfter is sent as the Retry-After header when not empty: seconds
	// or an HTTP date.
	RetryAfter string `json:"retry_after,omitempty"`
	// Finish is the finish_reason; "" means "stop". "length" makes a
	// truncated reply.
	Finish string `json:"finish,omitempty"`
	// Raw sends Reply verbatim as the body (to script malformed bodies).
	Raw bool `json:"raw,omitempty"`
	// Delay is how long to wait before answering; a client that gives up
	// first still uses the step up.
	Delay time.Duration `json:"-"`
	// Repeat is how many requests the step answers; 0 means 1, -1 means
	// any number.
	Repeat int `json:"repeat,omitempty"`
	// PromptTokens and CompletionTokens are the usage to report; 0 means
	// llm.EstimateTokens of the request's messages and of the reply.
	PromptTokens     int `json:"prompt_tokens,omitempty"`
	CompletionTokens int `json:"completion_tokens,omitempty"`
}

// A Script is the ordered list of steps a Server answers from.
type Script struct {
	Steps []Step `json:"steps"`
	// Schema says what the server does with response_format json_schema;
	// the zero value, SchemaAccept, takes it and answers as scripted.
	Schema SchemaSupport `json:"schema,omitempty"`
}

// A SchemaSupport is how a Server treats a request whose response_format
// is json_schema (a reply constrained to a JSON Schema).
type SchemaSupport string

const (
	// SchemaAccept takes the request and answers as scripted, as a server
	// that reads the field but constrains nothing would.
	SchemaAccept SchemaSupport = ""
	// SchemaHonour answers as a server decoding under the schema's
	// grammar does: a schema that does not compile is refused with HTTP
	// 400, and a scripted reply that does not satisfy the schema (unless
	// cut off: finish "length") is a mistake of the script, reported to
	// the test, since such a server could not send it.
	SchemaHonour SchemaSupport = "honour"
	// SchemaRefuse refuses a request that carries a schema (json_schema,
	// or json_object with "schema") with HTTP 400 without using a step,
	// as servers that know only plain json_object do.
	SchemaRefuse SchemaSupport = "refuse"
	// SchemaInObject refuses json_schema with HTTP 500 and a validation
	// error naming response_format, and honours a schema inside
	// json_object, as llama-cpp-python's server (0.3) does.
	SchemaInObject SchemaSupport = "in-object"
)

// Load reads a script from a .txtar or .json file (see ParseTxtar and
// ParseJSON).
func Load(path string) (*Script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("llmtest: %w", err)
	}
	switch filepath.Ext(path) {
	case ".txtar", ".txt":
		return ParseTxtar(path, data)
	case ".json":
		return ParseJSON(path, data)
	}
	return nil, fmt.Errorf("llmtest: %s: unknown script format (want .txtar or .json)", path)
}

// headerKeys are the header lines a txtar step may start with.
var headerKeys = []string{"match", "status", "retry-after", "finish", "raw", "delay", "repeat", "prompt-tokens", "completion-tokens"}

var headerLine = regexp.MustCompile(`^([a-z][a-z-]*):[ \t]*(.*)$`)

// ParseTxtar reads a script from txtar text: each file section is one step,
// named by the section name, in order. A section starts with header lines
// "key: value", keys among match, status, retry-after, finish, raw, delay
// (a Go duration), repeat, prompt-tokens and completion-tokens; the first
// line that is not a header ends them, and a blank line there is dropped.
// The rest, without its trailing newlines, is the reply. A reply that itself
// starts with "word:" must be preceded by a blank line. The archive comment
// is free text. name is used in error messages, which give file and line.
//
//	-- rate-limited --
//	status: 429
//	retry-after: 2
//	-- answer --
//	match: contract for parse_
//
//	{"requires": ["s is not empty"]}
func ParseTxtar(name string, data []byte) (*Script, error) {
	ar := txtar.Parse(data)
	lines := markerLines(data)
	s := &Script{}
	for i, f := range ar.Files {
		line := 0
		if i < len(lines) {
			line = lines[i]
		}
		st, err := parseSection(f, name, line)
		if err != nil {
			return nil, err
		}
		s.Steps = append(s.Steps, st)
	}
	if len(s.Steps) == 0 {
		return nil, fmt.Errorf("llmtest: %s: no steps (want -- name -- sections)", name)
	}
	if err := s.check(name); err != nil {
		return nil, err
	}
	return s, nil
}

// markerLines returns the 1-based line of each txtar section marker.
func markerLines(data []byte) []int {
	var out []int
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(strings.TrimRight(l, "\r"), " --") && len(strings.TrimSpace(l)) > 5 {
			out = append(out, i+1)
		}
	}
	return out
}

func parseSection(f txtar.File, file string, marker int) (Step, error) {
	st := Step{Name: f.Name}
	text := string(f.Data)
	lineNo := marker
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		lineNo++
		if strings.TrimSpace(line) == "" {
			text = rest
			break
		}
		m := headerLine.FindStringSubmatch(line)
		if m == nil {
			break
		}
		if err := st.set(m[1], strings.TrimSpace(m[2])); err != nil {
			return st, fmt.Errorf("llmtest: %s:%d: step %q: %v", file, lineNo, f.Name, err)
		}
		text = rest
	}
	st.Reply = strings.TrimRight(text, "\n")
	return st, nil
}

// set applies one header line.
func (st *Step) set(key, val string) error {
	atoi := func() (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil {
			return 0, fmt.Errorf("%s: want an integer, got %q", key, val)
		}
		return n, nil
	}
	var err error
	switch key {
	case "match":
		st.Match = val
	case "status":
		st.Status, err = atoi()
	case "retry-after":
		st.RetryAfter = val
	case "finish":
		st.Finish = val
	case "raw":
		st.Raw = val == "" || val == "true"
		if val != "" && val != "true" && val != "false" {
			err = fmt.Errorf("raw: want true or false, got %q", val)
		}
	case "delay":
		st.Delay, err = time.ParseDuration(val)
		if err != nil {
			err = fmt.Errorf("delay: %v", err)
		}
	case "repeat":
		st.Repeat, err = atoi()
	case "prompt-tokens":
		st.PromptTokens, err = atoi()
	case "completion-tokens":
		st.CompletionTokens, err = atoi()
	default:
		err = fmt.Errorf("unknown header %q (known: %s); put a blank line before a reply that starts with %q",
			key, strings.Join(headerKeys, ", "), key+":")
	}
	return err
}

// ParseJSON reads a script from JSON: {"steps": [{...}, ...]} with the
// fields of Step in snake case ("retry_after", "prompt_tokens"), and
// "delay" as a Go duration string such as "150ms". Unknown fields are
// errors. name is used in error messages.
func ParseJSON(name string, data []byte) (*Script, error) {
	var doc struct {
		Steps []struct {
			Step
			Delay string `json:"delay,omitempty"`
		} `json:"steps"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("llmtest: %s:%d: %v", name, lineAt(data, se.Offset), err)
		}
		return nil, fmt.Errorf("llmtest: %s: %v", name, err)
	}
	s := &Script{}
	for i, js := range doc.Steps {
		st := js.Step
		if js.Delay != "" {
			d, err := time.ParseDuration(js.Delay)
			if err != nil {
				return nil, fmt.Errorf("llmtest: %s: step %d: delay: %v", name, i+1, err)
			}
			st.Delay = d
		}
		s.Steps = append(s.Steps, st)
	}
	if len(s.Steps) == 0 {
		return nil, fmt.Errorf("llmtest: %s: no steps", name)
	}
	if err := s.check(name); err != nil {
		return nil, err
	}
	return s, nil
}

func lineAt(data []byte, off int64) int {
	return bytes.Count(data[:min(int(off), len(data))], []byte("\n")) + 1
}

// check validates the steps: regexps compile, statuses are HTTP statuses.
func (s *Script) check(name string) error {
	switch s.Schema {
	case SchemaAccept, SchemaHonour, SchemaRefuse, SchemaInObject:
	default:
		return fmt.Errorf("llmtest: %s: schema %q (want \"\", %q, %q or %q)", name, s.Schema, SchemaHonour, SchemaRefuse, SchemaInObject)
	}
	for i, st := range s.Steps {
		id := st.Name
		if id == "" {
			id = fmt.Sprintf("step %d", i+1)
		}
		if _, err := regexp.Compile(st.Match); err != nil {
			return fmt.Errorf("llmtest: %s: %s: match: %v", name, id, err)
		}
		if st.Status != 0 && (st.Status < 100 || st.Status > 599) {
			return fmt.Errorf("llmtest: %s: %s: status %d is not an HTTP status", name, id, st.Status)
		}
		if st.Repeat < -1 {
			return fmt.Errorf("llmtest: %s: %s: repeat %d (want -1, 0 or more)", name, id, st.Repeat)
		}
	}
	return nil
}

// NewFile starts a Server answering from the script file at path (see
// Load), stopping the test if it cannot be read.
func NewFile(t TB, path string) *Server {
	t.Helper()
	s, err := Load(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return New(t, s)
}
