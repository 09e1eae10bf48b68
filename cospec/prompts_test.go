package cospec

import "testing"

// TestFeedbackText pins the text of the feedback templates, which is part
// of the requests after a rejected reply and so of their cache keys: a
// change needs the stage's prompt version bumped, then this test updated.
func TestFeedbackText(t *testing.T) {
	for _, c := range []struct {
		name string
		data any
		want string
	}{
		{"cut_off.tmpl", nil, "Your reply was cut off. Reply with the whole program in a single ```c fenced block, as short as it can be."},
		{"no_code.tmpl", nil, "Your reply has no ```c fenced block. Reply with the whole program in a single ```c fenced block, nothing else."},
		{"unparsable.tmpl", "line 3: syntax error", "The verifier cannot parse the program: line 3: syntax error\nRewrite it in plain C without macros that hide syntax, and reply with the whole program in a single ```c fenced block."},
		{"no_asserts.tmpl", nil, "The program must not contain assert statements yet; they are added in a later step. Reply with the whole program without them in a single ```c fenced block."},
		{"invalid_json.tmpl", "missing property \"facts\"", "Your reply is not valid: missing property \"facts\"\nReply again with the corrected JSON only."},
	} {
		if got := render(c.name, c.data); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
