package incremental

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/suretydev/surety/llm"
)

// RerankPromptVersion is the version of the re-ranking prompt; it is part
// of the cache key of its requests.
const RerankPromptVersion = "incremental.rerank/1"

//go:embed prompts/rerank.tmpl
var rerankText string

var rerankTmpl = template.Must(template.New("rerank").Parse(rerankText))

var rerankSchema = llm.MustCompileSchema("incremental.rerank", rerankSchemaJSON)

// Rerank asks a model to choose, among the functions the text score ranks
// highest, those relevant to the goal: FM-Agent's fallback when the best
// score is under the threshold (Relevant's low confidence), or when a file
// holds too many functions for word overlap to tell them apart. It looks at
// the top `pool` functions by score (0 means 40) and keeps at most
// opts.Top. Names the model invents are ignored. The result is the model's
// judgement, and its Score is the rank it gave (1 for the first).
func Rerank(ctx context.Context, m llm.Model, s *Snapshot, goal string, pool int, opts *RelevanceOptions) ([]Scored, error) {
	o := opts.or()
	if pool <= 0 {
		pool = 40
	}
	loose := o
	loose.Threshold, loose.Top = -1, pool
	ranked, _ := Relevant(s, goal, &loose)
	if len(ranked) == 0 {
		return nil, nil
	}
	type cand struct{ Name, File, Code string }
	var cands []cand
	byName := map[string]Scored{}
	for _, sc := range ranked {
		f := s.get(sc.Key)
		code := f.Text
		if len(code) > 400 {
			code = code[:400] + " ..."
		}
		cands = append(cands, cand{Name: f.Name, File: f.File, Code: code})
		byName[f.Name] = sc
	}
	var b strings.Builder
	if err := rerankTmpl.Execute(&b, map[string]any{"Goal": goal, "Top": o.Top, "Candidates": cands}); err != nil {
		return nil, fmt.Errorf("incremental: rerank prompt: %w", err)
	}
	reply, err := llm.Ask[struct {
		Functions []string `json:"functions"`
	}](ctx, m, &llm.Request{Messages: []llm.Message{llm.User(b.String())}, PromptVersion: RerankPromptVersion,
		Stage: "incremental.rerank"}, rerankSchema, nil)
	if err != nil {
		return nil, fmt.Errorf("incremental: rerank: %w", err)
	}
	var out []Scored
	for _, name := range reply.Functions {
		sc, ok := byName[name]
		if !ok || slices.ContainsFunc(out, func(x Scored) bool { return x.Key == sc.Key }) {
			continue
		}
		sc.Score = float64(len(out) + 1)
		out = append(out, sc)
		if len(out) == o.Top {
			break
		}
	}
	return out, nil
}

//go:embed prompts/rerank.schema.json
var rerankSchemaJSON []byte
