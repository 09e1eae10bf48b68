package contract

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
)

func TestSections(t *testing.T) {
	docs := []Document{
		{Name: "c23.md", Text: "# Keywords\nauto break case\n\n# Literals\nnullptr is the null pointer constant\n"},
		{Name: "notes.txt", Text: "no headings here\n\nsecond paragraph\n"},
	}
	got := Sections(docs)
	if len(got) != 3 {
		t.Fatalf("%d sections: %+v", len(got), got)
	}
	if got[0].Title != "Keywords" || got[1].Title != "Literals" || got[2].Doc != "notes.txt" || got[2].Index != 2 {
		t.Errorf("sections %+v", got)
	}
	long := strings.Repeat("word ", 300) + "\n\n" + strings.Repeat("more ", 300)
	if n := len(Sections([]Document{{Name: "l", Text: long}})); n != 2 {
		t.Errorf("a long section was cut in %d, want 2 at its paragraph break", n)
	}
}

func TestKnowledgeFor(t *testing.T) {
	k := &Knowledge{Sections: Sections([]Document{{Name: "d", Text: "# A\nalpha\n# B\nbeta\n"}}),
		ByPart: map[string][]int{"lexer": {1}}}
	if got := k.For("lexer"); !strings.Contains(got, "beta") || strings.Contains(got, "alpha") {
		t.Errorf("For(lexer) = %q", got)
	}
	if got := k.For("parser"); got != "" {
		t.Errorf("For(parser) = %q, want nothing", got)
	}
	if got := Uncut([]Document{{Name: "d", Text: "# A\nalpha\n# B\nbeta\n"}}).For("any"); !strings.Contains(got, "alpha") || !strings.Contains(got, "beta") {
		t.Errorf("Uncut.For = %q", got)
	}
}

func TestCutKnowledge(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"sections": [
		{"index": 0, "parts": ["lexer"]},
		{"index": 1, "parts": ["parser", "lexer", "nowhere"]},
		{"index": 7, "parts": ["lexer"]}]}`))
	docs := []Document{{Name: "c23.md", Text: "# Keywords\nnullptr is a keyword\n# Grammar\nexpressions\n# Preprocessor\nmacros\n"}}
	k, err := CutKnowledge(context.Background(), srv.Model(nil), docs,
		[]Part{{Name: "lexer", Functions: []string{"lex"}}, {Name: "parser", Functions: []string{"parse"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(k.ByPart["lexer"], []int{0, 1}) || !slices.Equal(k.ByPart["parser"], []int{1}) || k.ByPart["nowhere"] != nil {
		t.Errorf("cut %v", k.ByPart)
	}
	// The preprocessor section went to no part: no prompt carries it.
	if strings.Contains(k.For("lexer")+k.For("parser"), "macros") {
		t.Error("an unassigned section reached a prompt")
	}
	prompt := srv.Requests()[0].LastUser()
	if !strings.Contains(prompt, "[section 2] c23.md / Preprocessor") || !strings.Contains(prompt, "- lexer: functions such as lex") {
		t.Errorf("prompt:\n%s", prompt)
	}
}
