package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// AskOptions control Structured and Ask. The zero value is valid; nil means
// the zero value.
type AskOptions struct {
	// Repairs is how many times an invalid reply is sent back with what is
	// wrong with it; 0 means 2 (three requests at most), a negative value
	// none.
	Repairs int
	// OmitSchema leaves the schema out of the prompt, for templates that
	// state it themselves. By default a system instruction asking for one
	// JSON value satisfying the schema is added (appended to the first
	// message when that is a system message, else put first).
	OmitSchema bool
	// NoJSONMode leaves Request.JSON and Request.Schema as the caller set
	// them, for servers that reject response_format. By default Structured
	// sets JSON, and Schema to the schema it checks replies against, so
	// that a server that can constrains the reply to it (the checks and
	// repairs stay: a reply cut off at the token limit is still invalid,
	// and not every server honours a schema).
	NoJSONMode bool
}

// A Reply is a structured reply that passed its schema.
type Reply struct {
	// JSON is the reply text with code fences and surrounding space
	// removed; it is one JSON value satisfying the schema.
	JSON json.RawMessage `json:"json"`
	// Response is the model's last response, as received.
	Response *Response `json:"response"`
	// Attempts is how many requests it took, 1 when the first reply was
	// valid.
	Attempts int `json:"attempts"`
}

// A ReplyError is a structured request that got no valid reply within its
// repairs. It keeps the last raw reply. Match it with errors.As; it wraps
// ErrTruncated when the last reply was cut off.
type ReplyError struct {
	Stage, Item string
	// Raw is the last reply exactly as received.
	Raw string
	// Attempts is how many requests were made.
	Attempts int
	// Err is what was wrong with the last reply.
	Err error
}

func (e *ReplyError) Error() string {
	where := e.Stage
	if e.Item != "" {
		where += " " + e.Item
	}
	if where != "" {
		where += ": "
	}
	return fmt.Sprintf("llm: %sno valid reply in %d attempts: %v; last reply: %q", where, e.Attempts, e.Err, clip(e.Raw, 200))
}

func (e *ReplyError) Unwrap() error { return e.Err }

// schemaInstruction introduces the schema in the prompt.
const schemaInstruction = "Reply with exactly one JSON value and nothing else: no prose, no code fences. The value must satisfy this JSON Schema:\n"

// Structured asks m for a reply satisfying s (nil s: any JSON value) and
// checks it. A reply is first stripped of surrounding space and of a
// Markdown code fence (```json ... ```). When it is not valid JSON, does not
// satisfy s, or was truncated (finish reason "length"), the conversation is
// extended with the reply and a user message saying what is wrong, and the
// model asked again, up to opts.Repairs times; then Structured returns a
// *ReplyError holding the last raw reply. The exchange runs under Hold: a
// Cache on the way records its replies only when it ends with a valid
// reply, and an invalid reply it answers with that no valid exchange
// vouches for is removed and asked of the model again. Errors of the
// model itself (an
// *APIError, ErrBudget, ErrCacheMiss, ErrEstimate, a cancelled context) are
// returned at once, as they are. req is not changed.
func Structured(ctx context.Context, m Model, req *Request, s *Schema, opts *AskOptions) (*Reply, error) {
	return structured(ctx, m, req, s, opts, nil)
}

// Ask is Structured followed by decoding the reply into a T with
// encoding/json; a reply that does not decode into T counts as invalid and
// is repaired like any other.
func Ask[T any](ctx context.Context, m Model, req *Request, s *Schema, opts *AskOptions) (T, error) {
	var out T
	_, err := structured(ctx, m, req, s, opts, func(raw json.RawMessage) error {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("does not decode: %v", err)
		}
		out = v
		return nil
	})
	return out, err
}

func structured(ctx context.Context, m Model, req *Request, s *Schema, opts *AskOptions, decode func(json.RawMessage) error) (*Reply, error) {
	var o AskOptions
	if opts != nil {
		o = *opts
	}
	switch {
	case o.Repairs == 0:
		o.Repairs = 2
	case o.Repairs < 0:
		o.Repairs = 0
	}
	if req == nil {
		return nil, errors.New("llm: nil Request")
	}
	r := *req
	r.Messages = withSchema(req.Messages, s, o.OmitSchema)
	if !o.NoJSONMode {
		r.JSON = true
		r.Schema = s
	}
	// Replies are recorded by a Cache only once the exchange ends valid.
	ctx, held := Hold(ctx)
	for attempt := 1; ; attempt++ {
		_, hits := held.mark()
		r.Attempt = attempt
		resp, err := m.Complete(ctx, &r)
		if err != nil {
			held.Drop()
			return nil, err
		}
		text := StripFences(resp.Text)
		problem := check(resp, text, s, decode)
		if problem != nil && resp.Cached && held.forgetStale(hits) {
			// An invalid reply from the cache that no valid exchange
			// vouches for: recorded before replies were checked. Ask
			// the model itself, once.
			if resp, err = m.Complete(ctx, &r); err != nil {
				held.Drop()
				return nil, err
			}
			text = StripFences(resp.Text)
			problem = check(resp, text, s, decode)
		}
		if problem == nil {
			if err := held.Commit(); err != nil {
				return nil, err
			}
			return &Reply{JSON: json.RawMessage(text), Response: resp, Attempts: attempt}, nil
		}
		if attempt > o.Repairs {
			held.Reject()
			return nil, &ReplyError{Stage: req.Stage, Item: req.Item, Raw: resp.Text, Attempts: attempt, Err: problem}
		}
		r.Messages = append(r.Messages[:len(r.Messages):len(r.Messages)],
			Assistant(resp.Text),
			User("Your reply is not valid: "+problem.Error()+"\nReply again with the corrected JSON only."))
	}
}

// check says what is wrong with a reply, or nil.
func check(resp *Response, text string, s *Schema, decode func(json.RawMessage) error) error {
	if resp.Truncated() {
		return fmt.Errorf("%w: it was cut off (finish reason %q); give a shorter reply that is complete JSON", ErrTruncated, resp.FinishReason)
	}
	if err := s.Check(text); err != nil {
		return err
	}
	if decode != nil {
		return decode(json.RawMessage(text))
	}
	return nil
}

// withSchema returns msgs with the schema instruction added, sharing
// nothing with msgs.
func withSchema(msgs []Message, s *Schema, omit bool) []Message {
	out := make([]Message, 0, len(msgs)+3)
	if omit || s == nil {
		return append(out, msgs...)
	}
	inst := schemaInstruction + s.String()
	if len(msgs) > 0 && msgs[0].Role == RoleSystem {
		out = append(out, System(msgs[0].Content+"\n\n"+inst))
		return append(out, msgs[1:]...)
	}
	out = append(out, System(inst))
	return append(out, msgs...)
}

// StripFences removes surrounding space and one Markdown code fence
// (```json ... ``` or ``` ... ```) enclosing the whole text.
func StripFences(text string) string {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "```") {
		return t
	}
	nl := strings.IndexByte(t, '\n')
	if nl < 0 || !strings.HasSuffix(t, "```") || len(t) < nl+4 {
		return t
	}
	return strings.TrimSpace(t[nl+1 : len(t)-3])
}

// label names the request's stage and item for messages.
func label(req *Request) string {
	switch {
	case req.Stage == "" && req.Item == "":
		return "request"
	case req.Item == "":
		return req.Stage
	case req.Stage == "":
		return req.Item
	}
	return req.Stage + " " + req.Item
}
