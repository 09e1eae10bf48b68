package contract

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/suretydev/surety/llm"
)

// A Document is a piece of domain knowledge given by the user: a
// specification, a standard, a design note.
type Document struct {
	Name string
	Text string
}

// A Section is a part of a document: the text under one markdown heading,
// or a group of paragraphs where there are no headings.
type Section struct {
	Doc   string `json:"doc"`
	Index int    `json:"index"` // position among all sections, from 0
	Title string `json:"title,omitempty"`
	Text  string `json:"text"`
}

// maxSection is the size above which a section without headings is cut at
// paragraph breaks.
const maxSection = 2000

// Sections splits documents into sections: at markdown headings, and
// sections longer than about 2,000 bytes again at blank lines.
func Sections(docs []Document) []Section {
	var out []Section
	for _, d := range docs {
		var title string
		var cur []string
		flush := func() {
			text := strings.TrimSpace(strings.Join(cur, "\n"))
			cur = nil
			if text == "" {
				return
			}
			for _, chunk := range splitParagraphs(text, maxSection) {
				out = append(out, Section{Doc: d.Name, Index: len(out), Title: title, Text: chunk})
			}
		}
		for _, line := range strings.Split(d.Text, "\n") {
			if strings.HasPrefix(line, "#") {
				flush()
				title = strings.TrimSpace(strings.TrimLeft(line, "#"))
				continue
			}
			cur = append(cur, line)
		}
		flush()
	}
	return out
}

func splitParagraphs(text string, limit int) []string {
	if len(text) <= limit {
		return []string{text}
	}
	var out []string
	var cur strings.Builder
	for _, p := range strings.Split(text, "\n\n") {
		if cur.Len() > 0 && cur.Len()+len(p) > limit {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
		cur.WriteString(p)
		cur.WriteString("\n\n")
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// A Part is a component of the system that knowledge is cut for: a phase
// of the call graph, a directory, a module.
type Part struct {
	Name string `json:"name"`
	// Functions names some of the part's functions (qualified names), so
	// the model can tell what the part does.
	Functions []string `json:"functions"`
}

// Knowledge is domain knowledge cut by part.
type Knowledge struct {
	Sections []Section `json:"sections"`
	// ByPart lists, for each part, the indices of the sections relevant to
	// it.
	ByPart map[string][]int `json:"by_part"`
	// All, when true, gives every section to every part: no cut was made.
	All bool `json:"all,omitempty"`
}

// For returns the knowledge relevant to part as prompt text, or "".
func (k *Knowledge) For(part string) string {
	if k == nil {
		return ""
	}
	idx := k.ByPart[part]
	if k.All {
		idx = make([]int, len(k.Sections))
		for i := range idx {
			idx[i] = i
		}
	}
	var b strings.Builder
	for _, i := range idx {
		s := k.Sections[i]
		fmt.Fprintf(&b, "[%s", s.Doc)
		if s.Title != "" {
			fmt.Fprintf(&b, " / %s", s.Title)
		}
		fmt.Fprintf(&b, "]\n%s\n\n", s.Text)
	}
	return strings.TrimSpace(b.String())
}

// Uncut returns knowledge that gives every section of docs to every part:
// what a prompt carries without the cut.
func Uncut(docs []Document) *Knowledge {
	return &Knowledge{Sections: Sections(docs), All: true}
}

// KnowledgePromptVersion is the version of the knowledge-cut prompt; it is
// part of the cache key of every request made with it.
const KnowledgePromptVersion = "contract.knowledge/1"

//go:embed prompts/knowledge.tmpl
var knowledgeText string

var knowledgeTmpl = template.Must(template.New("knowledge").Parse(knowledgeText))

var knowledgeSchema = llm.MustCompileSchema("contract.knowledge", knowledgeSchemaJSON)

type knowledgeReply struct {
	Sections []struct {
		Index int      `json:"index"`
		Parts []string `json:"parts"`
	} `json:"sections"`
}

// CutKnowledge asks the model which sections of docs are relevant to which
// parts of the system (FM-Agent section 4.3), so that each prompt carries
// only its part's knowledge. A section the model gives to no part reaches
// no prompt; parts the model names that do not exist are ignored.
func CutKnowledge(ctx context.Context, m llm.Model, docs []Document, parts []Part, opts *llm.AskOptions) (*Knowledge, error) {
	k := &Knowledge{Sections: Sections(docs), ByPart: map[string][]int{}}
	if len(k.Sections) == 0 || len(parts) == 0 {
		return k, nil
	}
	var prompt strings.Builder
	if err := knowledgeTmpl.Execute(&prompt, map[string]any{"Parts": parts, "Sections": k.Sections}); err != nil {
		return nil, fmt.Errorf("contract: knowledge prompt: %w", err)
	}
	req := &llm.Request{
		Messages:      []llm.Message{llm.User(prompt.String())},
		PromptVersion: KnowledgePromptVersion,
		Stage:         "contract.knowledge",
	}
	reply, err := llm.Ask[knowledgeReply](ctx, m, req, knowledgeSchema, opts)
	if err != nil {
		return nil, fmt.Errorf("contract: cutting knowledge: %w", err)
	}
	known := map[string]bool{}
	for _, p := range parts {
		known[p.Name] = true
	}
	for _, s := range reply.Sections {
		if s.Index < 0 || s.Index >= len(k.Sections) {
			continue
		}
		for _, p := range s.Parts {
			if known[p] && !slices.Contains(k.ByPart[p], s.Index) {
				k.ByPart[p] = append(k.ByPart[p], s.Index)
			}
		}
	}
	for p := range k.ByPart {
		slices.Sort(k.ByPart[p])
	}
	return k, nil
}

//go:embed prompts/knowledge.schema.json
var knowledgeSchemaJSON []byte
