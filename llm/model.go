package llm

import (
	"context"
	"errors"
)

// Role is who speaks a Message: the system, the user or the assistant.
type Role string

// The roles of the chat-completions API.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// A Message is one turn of a conversation.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// System returns a system message with the given content.
func System(content string) Message { return Message{Role: RoleSystem, Content: content} }

// User returns a user message with the given content.
func User(content string) Message { return Message{Role: RoleUser, Content: content} }

// Assistant returns an assistant message with the given content.
func Assistant(content string) Message { return Message{Role: RoleAssistant, Content: content} }

// A Request asks a Model for one reply. A Model never mutates it.
//
// Messages, Temperature, MaxTokens, Seed, JSON and PromptVersion decide the
// reply and so are part of the cache key (see Cache); Stage and Item are
// labels for metering only and are not.
type Request struct {
	// Messages is the conversation so far, oldest first.
	Messages []Message `json:"messages"`
	// Temperature is the sampling temperature. 0 asks for greedy decoding
	// (the most reproducible reply); models that only accept their default
	// temperature (OpenAI's reasoning models) are sent none.
	Temperature float64 `json:"temperature"`
	// MaxTokens caps the length of the reply in tokens; 0 leaves it to the
	// server.
	MaxTokens int `json:"max_tokens,omitempty"`
	// Seed asks the server for reproducible sampling; 0 sends no seed. To get
	// several different replies to the same prompt through a Cache, vary it.
	Seed int `json:"seed,omitempty"`
	// JSON asks the server to reply with JSON (response_format). Structured
	// and Ask set it.
	JSON bool `json:"json,omitempty"`
	// Schema, with JSON, is the schema the reply must satisfy. A client
	// that can (OpenAI's, unless told not to) asks the server to constrain
	// its output to it (response_format json_schema: the llama.cpp server
	// and vLLM decode under a grammar made from it, OpenAI follows it);
	// without it the reply is any JSON object (json_object). Structured
	// and Ask set it. It is not part of the cache key: Structured states
	// the schema in the messages, or the prompt template (versioned) does.
	Schema *Schema `json:"-"`
	// PromptVersion names the version of the prompt template that produced
	// Messages, such as "contract.generate/3". It is sent nowhere; it makes
	// a changed template miss the cache even where the text happens to agree.
	PromptVersion string `json:"prompt_version,omitempty"`

	// Stage labels the pipeline stage for metering, such as
	// "contract.generate".
	Stage string `json:"stage,omitempty"`
	// Item labels the unit of work within the stage for metering, usually a
	// function name.
	Item string `json:"item,omitempty"`
	// Attempt numbers the requests of one structured exchange from 1
	// (Structured sets it; 0 outside one): 2 and later send an invalid
	// reply back to be repaired. A label for metering, not part of the
	// cache key.
	Attempt int `json:"attempt,omitempty"`
}

// How a request asked the server to shape its reply, in Response.Format.
const (
	// FormatJSONSchema: response_format json_schema, a reply constrained
	// to the request's Schema by servers that honour it.
	FormatJSONSchema = "json_schema"
	// FormatJSONObjectSchema: response_format json_object carrying the
	// schema ({"type": "json_object", "schema": ...}), a reply
	// constrained to it by servers that read it (llama-cpp-python's).
	FormatJSONObjectSchema = "json_object+schema"
	// FormatJSONObject: response_format json_object, any JSON object.
	FormatJSONObject = "json_object"
)

// Finish reasons reported in Response.FinishReason.
const (
	FinishStop   = "stop"   // the model ended its reply
	FinishLength = "length" // the reply was cut off at the token limit
)

// Usage counts the tokens of one exchange as the server reports them.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Total returns PromptTokens + CompletionTokens.
func (u Usage) Total() int { return u.PromptTokens + u.CompletionTokens }

// A Response is a model's reply to a Request.
type Response struct {
	// Text is the reply.
	Text string `json:"text"`
	// Usage is the token count the server reported; a Cache keeps the
	// count of the original exchange.
	Usage Usage `json:"usage"`
	// FinishReason says why the reply ended: FinishStop, FinishLength, or
	// whatever else the server said ("content_filter", ...).
	FinishReason string `json:"finish_reason"`
	// Model is the model that answered, as the server names it.
	Model string `json:"model"`
	// Cached is true when the reply came from a Cache, not the model.
	Cached bool `json:"cached"`
	// Format is how the request that got this reply asked the server to
	// shape it: FormatJSONSchema, FormatJSONObject, or "" (free text). A
	// Cache keeps the format of the original exchange.
	Format string `json:"format,omitempty"`
}

// Truncated reports whether the reply was cut off at the token limit.
func (r *Response) Truncated() bool { return r.FinishReason == FinishLength }

// A Model answers chat requests. Implementations are safe for concurrent
// use. Complete returns an error, never a nil Response with a nil error.
type Model interface {
	Complete(ctx context.Context, req *Request) (*Response, error)
}

// A Namer is an optional interface of a Model: the name of the model it
// asks, as configured (such as "gpt-4o-mini"). Cache puts it in the key, so
// replies of different models never mix. Every wrapper in this package
// forwards it. Without it the name is empty and a cache shared by two
// models would mix their replies.
type Namer interface {
	Name() string
}

// A Lookuper is an optional interface of a Model that can answer some
// requests without asking anyone (a Cache): Lookup returns the reply, or nil
// when it has none. A Meter whose budget is spent still answers the
// requests its Model can look up; without the interface it refuses all.
type Lookuper interface {
	Lookup(req *Request) (*Response, error)
}

// NameOf returns m's name if m implements Namer, else "".
func NameOf(m Model) string {
	if n, ok := m.(Namer); ok {
		return n.Name()
	}
	return ""
}

// Sentinel errors; match them with errors.Is.
var (
	// ErrBudget: a Meter refused the request because its token budget is
	// spent.
	ErrBudget = errors.New("llm: token budget spent")
	// ErrCacheMiss: a replay-only Cache has no reply for the request.
	ErrCacheMiss = errors.New("llm: no cached reply in replay-only mode")
	// ErrEstimate: an Estimator counted the request and did not send it.
	// A stage that gets it counts the item as planned and skips what
	// depends on the reply.
	ErrEstimate = errors.New("llm: estimate only, request not sent")
	// ErrTruncated: the reply was cut off at the token limit
	// (finish_reason "length"), so it cannot be a complete structured
	// reply.
	ErrTruncated = errors.New("llm: reply truncated at the token limit")
)
