package cospec

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/suretydev/surety/llm"
)

// A rejection is why a reply was not taken: the problem for the record and
// the message that sends it back to the model.
type rejection struct {
	problem  string
	feedback string
	// kind is the sentinel a final failure on this rejection wraps; nil
	// means the stage's.
	kind error
}

// askCode asks for a C program in a fenced block and checks it with check,
// sending a rejected reply back with check's feedback, up to tries requests
// in all. It returns the accepted program and the problems met on the way;
// after tries rejections the error wraps the last rejection's kind (fail
// when it has none) and names its problem.
func askCode(ctx context.Context, m llm.Model, req llm.Request, tries int, fail error,
	check func(src string) (*rejection, error)) (string, []string, error) {
	var problems []string
	msgs := req.Messages
	// A cache records the replies only if the program is accepted.
	ctx, held := llm.Hold(ctx)
	defer held.Drop() // after a Commit, nothing
	for attempt := 1; ; attempt++ {
		req.Messages = msgs
		resp, err := m.Complete(ctx, &req)
		if err != nil {
			return "", problems, fmt.Errorf("cospec: %s: %w", req.Stage, err)
		}
		var rej *rejection
		src, xerr := extractC(resp.Text)
		switch {
		case resp.Truncated():
			rej = &rejection{problem: "the reply was cut off at the token limit", feedback: render("cut_off.tmpl", nil)}
		case xerr != nil:
			rej = &rejection{problem: xerr.Error(), feedback: render("no_code.tmpl", nil)}
		default:
			if rej, err = check(src); err != nil {
				return "", problems, err
			}
		}
		if rej == nil {
			if err := held.Commit(); err != nil {
				return "", problems, fmt.Errorf("cospec: %s: %w", req.Stage, err)
			}
			return src, problems, nil
		}
		problems = append(problems, rej.problem)
		if attempt >= tries {
			held.Reject()
			kind := fail
			if rej.kind != nil {
				kind = rej.kind
			}
			return "", problems, fmt.Errorf("%w after %d attempts: %s", kind, attempt, rej.problem)
		}
		msgs = append(msgs[:len(msgs):len(msgs)], llm.Assistant(resp.Text), llm.User(rej.feedback))
	}
}

// askJSON asks for a structured reply (schema checked, with llm's repairs)
// and then checks its meaning with check; a reply check rejects is sent
// back with the problem, up to tries requests of this loop in all.
func askJSON[T any](ctx context.Context, m llm.Model, req llm.Request, s *llm.Schema, tries int,
	check func(*T) error) (*T, []string, error) {
	var problems []string
	msgs := req.Messages
	// Structured's exchanges are recorded only if check accepts a reply.
	ctx, held := llm.Hold(ctx)
	defer held.Drop() // after a Commit, nothing
	for attempt := 1; ; attempt++ {
		req.Messages = msgs
		reply, err := llm.Structured(ctx, m, &req, s, nil)
		if err != nil {
			return nil, problems, fmt.Errorf("cospec: %s: %w", req.Stage, err)
		}
		v := new(T)
		problem := json.Unmarshal(reply.JSON, v)
		if problem == nil {
			problem = check(v)
		}
		if problem == nil {
			if err := held.Commit(); err != nil {
				return nil, problems, fmt.Errorf("cospec: %s: %w", req.Stage, err)
			}
			return v, problems, nil
		}
		problems = append(problems, problem.Error())
		if attempt >= tries {
			held.Reject()
			return nil, problems, fmt.Errorf("cospec: %s: no valid reply in %d attempts: %s", req.Stage, attempt, problem)
		}
		msgs = append(msgs[:len(msgs):len(msgs)], llm.Assistant(reply.Response.Text),
			llm.User(render("invalid_json.tmpl", problem.Error())))
	}
}

// counter is a Model that counts requests and tokens per stage label.
type counter struct {
	m     llm.Model
	mu    sync.Mutex
	usage map[string]*Usage
}

func (c *counter) Name() string { return llm.NameOf(c.m) }

func (c *counter) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	resp, err := c.m.Complete(ctx, req)
	c.mu.Lock()
	defer c.mu.Unlock()
	u := c.usage[req.Stage]
	if u == nil {
		u = &Usage{}
		c.usage[req.Stage] = u
	}
	u.Requests++
	if err == nil {
		if resp.Cached {
			u.Cached++
		}
		u.PromptTokens += resp.Usage.PromptTokens
		u.CompletionTokens += resp.Usage.CompletionTokens
	}
	return resp, err
}

func (c *counter) take(stage string) Usage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if u := c.usage[stage]; u != nil {
		return *u
	}
	return Usage{}
}
