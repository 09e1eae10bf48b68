package contract_test

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestChangedExpectationPushesDown: when a caller's contract is redone and
// what it expects of a callee changes, the callee is redone; callees whose
// expectations did not change are kept.
func TestChangedExpectationPushesDown(t *testing.T) {
	g := fromKeyword(t)
	store := &contract.Store{Dir: t.TempDir()}
	srv := llmtest.New(t, script(t, ""))
	if _, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Store: store}); err != nil {
		t.Fatal(err)
	}
	// lex_identifier is asked again (its record is dropped) and now expects
	// something else of from_keyword.
	var lexID string
	for _, n := range g.Nodes {
		if strings.HasSuffix(n.ID, "lex_identifier@30") {
			lexID = n.ID
		}
	}
	if err := store.Delete(lexID); err != nil {
		t.Fatal(err)
	}
	s := script(t, "")
	for i := range s.Steps {
		if s.Steps[i].Name == "lex_identifier" {
			s.Steps[i].Reply = strings.Replace(s.Steps[i].Reply, "None for all other identifiers", "None for every identifier that is no keyword, gnu_extensions deciding asm", 1)
		}
	}
	srv2 := llmtest.New(t, s)
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv2.Model(nil), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	var asked []string
	for _, r := range srv2.Requests() {
		_, rest, _ := strings.Cut(r.LastUser(), "\nname: ")
		name, _, _ := strings.Cut(rest, " ")
		asked = append(asked, name[strings.LastIndex(name, ":")+1:])
	}
	if res.Asked != 2 || strings.Join(asked, ",") != "lex_identifier,from_keyword" {
		t.Errorf("asked %d: %v, want lex_identifier then from_keyword", res.Asked, asked)
	}
}
