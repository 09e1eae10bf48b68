package contract

import (
	"strings"
	"testing"
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
