package validate

import "testing"

// TestSystemMessages pins the system messages, part of every request's
// cache key: a change needs the prompt version bumped, then this test
// updated.
func TestSystemMessages(t *testing.T) {
	if want := "You write test inputs that expose suspected bugs in a software system. A test enters the system the way a user would, never by calling an internal function. Reply with JSON only."; testWriterRules != want {
		t.Errorf("test writer: %q", testWriterRules)
	}
	if want := "You judge test outcomes against a function's contract. Reply with JSON only."; judgeRules != want {
		t.Errorf("judge: %q", judgeRules)
	}
}
