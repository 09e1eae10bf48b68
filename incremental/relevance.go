package incremental

import (
	"slices"
	"strings"
	"unicode"
)

// RelevanceOptions weigh the parts of a function's score. The zero value
// is valid: it means the defaults given per field. Relevant does not modify
// it.
type RelevanceOptions struct {
	// Text weighs the overlap between the function's words and the goal's;
	// 0 means 1.
	Text float64
	// Neighbours weighs the mean score of its callers and callees; 0 means
	// 0.3.
	Neighbours float64
	// Type weighs the score of the type it belongs to (the mean of its
	// methods' text scores); 0 means 0.2.
	Type float64
	// Module weighs the score of its file (the mean text score of the
	// file's functions), so that the search narrows coarse to fine; 0
	// means 0.2.
	Module float64
	// Top is how many functions to keep; 0 means 10.
	Top int
	// Threshold is the score under which a function is not kept however
	// high it ranks; 0 means 0.05, a negative value none. When even the
	// best score is below it, Relevant returns nothing and reports low
	// confidence: the place for a language model to re-rank (Rerank).
	Threshold float64
}

func (o *RelevanceOptions) or() RelevanceOptions {
	var r RelevanceOptions
	if o != nil {
		r = *o
	}
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&r.Text, 1)
	def(&r.Neighbours, 0.3)
	def(&r.Type, 0.2)
	def(&r.Module, 0.2)
	def(&r.Threshold, 0.05)
	if r.Top == 0 {
		r.Top = 10
	}
	return r
}

// A Scored is a function with its relevance to the goal.
type Scored struct {
	Key   string  `json:"key"`
	Name  string  `json:"name"`
	Score float64 `json:"score"`
}

// Relevant ranks the functions of s by relevance to goal (FM-Agent section
// 7): a weighted sum of text overlap with the goal, the mean score of its
// callers and callees, the score of its type, and the score of its file.
// It returns the top functions at or above the threshold, best first (ties
// by key), and whether the ranking is of low confidence (the best score is
// under the threshold).
func Relevant(s *Snapshot, goal string, opts *RelevanceOptions) (top []Scored, lowConfidence bool) {
	o := opts.or()
	goalWords := words(goal)
	if len(goalWords) == 0 || s == nil {
		return nil, true
	}
	keys := s.keys()
	text := map[string]float64{}
	for _, k := range keys {
		f := s.get(k)
		text[k] = overlap(goalWords, words(f.Name+" "+f.Text))
	}
	byType, byFile := map[string][]float64{}, map[string][]float64{}
	callers := map[string][]string{}
	for _, k := range keys {
		f := s.get(k)
		if f.Type != "" {
			byType[f.File+"|"+f.Type] = append(byType[f.File+"|"+f.Type], text[k])
		}
		byFile[f.File] = append(byFile[f.File], text[k])
		for _, c := range f.Callees {
			callers[c] = append(callers[c], k)
		}
	}
	var all []Scored
	for _, k := range keys {
		f := s.get(k)
		var nb []float64
		for _, c := range f.Callees {
			if s.get(c) != nil {
				nb = append(nb, text[c])
			}
		}
		for _, c := range callers[k] {
			nb = append(nb, text[c])
		}
		score := o.Text*text[k] + o.Neighbours*mean(nb) + o.Module*mean(byFile[f.File])
		if f.Type != "" {
			score += o.Type * mean(byType[f.File+"|"+f.Type])
		}
		all = append(all, Scored{Key: k, Name: f.Name, Score: score})
	}
	slices.SortFunc(all, func(a, b Scored) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Key, b.Key)
	})
	if len(all) == 0 || (o.Threshold > 0 && all[0].Score < o.Threshold) {
		return nil, true
	}
	for _, sc := range all {
		if len(top) == o.Top || sc.Score < o.Threshold {
			break
		}
		top = append(top, sc)
	}
	return top, false
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// words splits text into lower-case words, cutting identifiers at
// underscores and case changes (fromKeyword, from_keyword -> from,
// keyword), without short or common words.
func words(text string) map[string]bool {
	out := map[string]bool{}
	var cur []rune
	flush := func() {
		w := strings.ToLower(string(cur))
		cur = cur[:0]
		if len(w) > 2 && !stop[w] {
			out[w] = true
		}
	}
	var prev rune
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && unicode.IsLower(prev) {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return out
}

var stop = map[string]bool{"the": true, "and": true, "for": true, "that": true, "with": true, "this": true,
	"are": true, "not": true, "but": true, "all": true, "any": true, "its": true, "let": true,
	"mut": true, "pub": true, "return": true, "self": true, "func": true, "int": true, "void": true, "use": true}

// overlap is the share of the goal's words found in the function's.
func overlap(goal, fn map[string]bool) float64 {
	n := 0
	for w := range goal {
		if fn[w] {
			n++
		}
	}
	return float64(n) / float64(len(goal))
}
