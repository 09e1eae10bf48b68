package llmtest_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// A script as a test keeps it in testdata: a rate limit, then answers
// chosen by what the request asks.
func ExampleParseTxtar() {
	script, err := llmtest.ParseTxtar("example.txtar", []byte(`
-- busy --
status: 429
retry-after: 0
-- lexer --
match: contract of lex
{"requires": ["input is UTF-8"], "ensures": ["tokens cover the input"]}
-- keyword --
match: contract of from_keyword
{"requires": [], "ensures": ["keywords map to Some, all other identifiers to None"]}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	m := srv.Model(nil) // a real llm.OpenAIClient; waits between retries skipped

	for _, fn := range []string{"from_keyword", "lex"} {
		resp, err := m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("Write the contract of " + fn + ".")}})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(fn, "->", resp.Text)
	}
	for _, r := range srv.Requests() {
		fmt.Print(r.Step, " ")
	}
	fmt.Println()
	// Output:
	// from_keyword -> {"requires": [], "ensures": ["keywords map to Some, all other identifiers to None"]}
	// lex -> {"requires": ["input is UTF-8"], "ensures": ["tokens cover the input"]}
	// busy keyword lexer
}
