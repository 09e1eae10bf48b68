package smt

// A Constant is a constant a script declares or defines.
type Constant struct {
	// Name is the symbol as the script writes it (|quoted| if it was), so
	// it can be passed as a Query.Values term.
	Name string `json:"name"`
	// Sort is the constant's sort, FloatN abbreviations spelt out.
	Sort string `json:"sort"`
}

// Constants lists the constants a script declares or defines
// (declare-const, and declare-fun or define-fun with no parameters), in the
// order it declares them: the terms to ask values of for a counterexample.
// The error names the line of a syntax error.
func Constants(text string) ([]Constant, error) {
	sc, err := parseScript(text)
	if err != nil {
		return nil, err
	}
	var out []Constant
	for _, c := range sc.cmds {
		var srt sexp
		switch h := c.head(); {
		case h == "declare-const" && len(c.list) == 3:
			srt = c.list[2]
		case (h == "declare-fun" || h == "define-fun") && len(c.list) >= 4 && c.list[2].isList && len(c.list[2].list) == 0:
			srt = c.list[3]
		default:
			continue
		}
		out = append(out, Constant{Name: c.list[1].atom, Sort: normalizeSort(srt).String()})
	}
	return out, nil
}
