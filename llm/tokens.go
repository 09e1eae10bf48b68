package llm

// EstimateTokens estimates the tokens of text by the rule of thumb for
// English and code with BPE tokenizers: one token per four bytes, rounded
// up. It is a planning figure, not a count: real tokenizers differ by
// model and by text, typically within ±30 % on prose and code.
func EstimateTokens(text string) int {
	return (len(text) + 3) / 4
}

// messageOverhead is the tokens a chat format adds around each message
// (role markers), as OpenAI documents for its chat models.
const messageOverhead = 4

// EstimatePrompt estimates the prompt tokens of req: EstimateTokens of each
// message plus 4 per message for the chat format.
func EstimatePrompt(req *Request) int {
	n := 0
	for _, m := range req.Messages {
		n += EstimateTokens(m.Content) + messageOverhead
	}
	return n
}
