// Package llm is surety's one door to language models. The contract, hoare,
// validate, incremental and cospec stages ask models only through it.
//
// Terms:
//
//   - A Model answers a Request (chat messages, sampling parameters, and
//     Stage and Item labels) with a Response (text, token Usage, finish
//     reason, the answering model's name, and whether it came from a
//     cache). The interface has one method, Complete; everything else is a
//     Model that wraps a Model.
//   - OpenAI returns the real Model: the OpenAI chat-completions API through
//     github.com/sashabaranov/go-openai, which OpenAI, OpenRouter, vLLM,
//     Ollama and the llama.cpp server all speak. It retries what may pass
//     (HTTP 408, 429, 5xx, malformed bodies, timed-out attempts, connection
//     errors) with exponential backoff and jitter, honouring Retry-After,
//     and returns the rest at once as an *APIError.
//   - A structured reply is one JSON value satisfying a Schema the stage
//     states. Structured and Ask send the schema with the request, and
//     the OpenAI client asks the server to constrain the reply to it
//     (response_format json_schema, which the llama.cpp server and vLLM
//     decode under a grammar), falling back to json_object for a server
//     that refuses it (SchemaMode); Response.Format and the Report say
//     which was asked. Structured and Ask check the reply either way, and send an invalid reply back
//     with what is wrong, up to a limit; then the item fails with a
//     *ReplyError that keeps the raw reply. A reply cut off at the token
//     limit is invalid (ErrTruncated). Nothing in surety parses free prose.
//   - Cached keeps replies on disk addressed by a hash of the model name,
//     the messages, the parameters and the prompt version (CacheKey). In
//     record mode (CacheReadWrite) it asks on a miss and keeps the reply; in
//     replay mode (CacheReplayOnly) a miss is ErrCacheMiss and nothing is
//     ever sent, so a rerun of an experiment is reproducible and free.
//     Structured and Ask run each exchange under Hold, so a cache records
//     it only once it has ended with a valid reply (repairs included):
//     an invalid reply is never replayed in place of asking again.
//   - Metered counts requests and tokens per stage and per item and stops
//     new requests with ErrBudget once a token budget is spent; its Report
//     marshals to stable JSON; Meter.Add (AddUsage) counts the Report of
//     requests asked elsewhere, such as a job's on a worker, as its own.
//     An Estimator is a Model for dry runs: it
//     counts the requests a run would send and estimates their tokens (4
//     bytes a token), answering each with ErrEstimate.
//
// OpenModel builds the usual stack from a ModelConfig, as the command line
// does (ModelConfigFromEnv reads OPENAI_BASE_URL, OPENAI_API_KEY,
// SURETY_MODEL and the rest through a getenv function given to it: this
// package reads no environment): the provider's client, under the
// response cache, under the meter with its budget, stopped for good when
// the server refuses a request (a wrong key, model or address). The client
// comes from a Provider registered by name, as database/sql drivers and
// every surety plug-in register (package registry): this package
// registers "openai" (the OpenAI-compatible client) and "scripted" (the
// same client for ScriptedModel, only replaying a cache recorded from a
// script); a provider of another package calls
//
//	func init() { llm.Register("anthropic", llm.ProviderFunc(open)) }
//
// and is chosen by ModelConfig.Provider. Lookup finds one by name and
// Names lists them, sorted. Every provider is held to the same contract by
// the conformance kit, llmtest.TestProvider: it opens the provider's model
// from a ModelConfig pointing at a scripted server and checks replies,
// structured replies and their repair, metering, the errors of a refusal,
// a bad request, a server error and a malformed body (*APIError, retried
// as OpenAIOptions says), cut-off replies, cancellation and concurrent
// use. TestProviderConformance runs it on "openai" and "scripted".
//
// By hand, the same stack is:
//
//	var m llm.Model = llm.OpenAI(&llm.OpenAIOptions{BaseURL: base, APIKey: key, Model: name})
//	if estimate {
//		m = llm.NewEstimator(&llm.EstimateOptions{Model: name})
//	}
//	meter := llm.Metered(llm.Cached(m, cacheDir, llm.CacheReadWrite), &llm.MeterOptions{Budget: budget})
//	// pass meter (an llm.Model) to the stages; print meter.Report() at the end
//
// # How a stage uses it
//
// A stage keeps its prompt templates and reply schemas beside its code,
// embedded, with a version that changes whenever the template does:
//
//	//go:embed prompts/generate.tmpl
//	var generateText string
//	//go:embed prompts/generate.schema.json
//	var generateSchemaJSON []byte
//
//	const generateVersion = "contract.generate/3" // bump on any change to the template or schema
//
//	var (
//		generateTmpl   = template.Must(template.New("generate").Parse(generateText))
//		generateSchema = llm.MustCompileSchema("generate.schema.json", generateSchemaJSON)
//	)
//
// and for each item renders the template and asks:
//
//	out, err := llm.Ask[generateReply](ctx, model, &llm.Request{
//		Messages:      []llm.Message{llm.System(rules), llm.User(prompt)},
//		PromptVersion: generateVersion,
//		Stage:         "contract.generate",
//		Item:          fn.Name,
//	}, generateSchema, nil)
//	switch {
//	case errors.Is(err, llm.ErrEstimate):
//		// dry run: the item is counted; skip what needs the reply
//	case errors.Is(err, llm.ErrBudget):
//		// stop starting items; what is done is kept, a rerun resumes
//	case err != nil:
//		// this item failed; a *llm.ReplyError carries the raw reply to record
//	}
//
// The version is part of the cache key, so a changed template never
// replays replies to the old one. Ask adds the schema to the prompt (see
// AskOptions) and asks for JSON mode. The verdict a stage builds from a
// reply is an LLM verdict and says so.
//
// Temperature 0 asks for greedy decoding. Replies through a Cache are the
// same for the same request; to sample several different replies (N
// attempts at a test), vary Seed.
//
// For tests, package llmtest is an OpenAI-compatible HTTP server answering
// from a script (txtar or JSON testdata), so stage tests go through the real
// client over HTTP.
//
// Why: every stage of surety asks a model, and each needs the same things
// done once and right: retries that do not hammer a rate-limited server,
// replies checked against a schema rather than parsed from prose, runs that
// can be replayed exactly and costed before they are made.
package llm
