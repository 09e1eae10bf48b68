package complete

import (
	"fmt"
	"io"
	"strings"
)

// WriteText is WriteText(w, r), so that a report prints as the other
// result types do.
func (r *Report) WriteText(w io.Writer) error { return WriteText(w, r) }

// WriteText writes r the way the seed's tool prints it: one line per
// method, "[VERDICT] Name  line N  reason", and for [UNDER] the input and
// the two results the contract accepts; then a note per syntax error the
// frontend met, and a summary line.
func WriteText(w io.Writer, r *Report) error {
	nameW := 0
	for _, x := range r.Results {
		nameW = max(nameW, len(x.Name))
	}
	var b strings.Builder
	for _, x := range r.Results {
		tag := "[" + string(x.Verdict) + "]"
		fmt.Fprintf(&b, "  %-14s %-*s  line %-4d  %s\n", tag, nameW, x.Name, x.Line, x.Reason)
		if x.Loose != "" {
			fmt.Fprintf(&b, "  %-14s %-*s  loose     : %s\n", "", nameW, "", x.Loose)
		}
		if w := x.Witness; w != nil {
			pad := strings.Repeat(" ", 18+nameW)
			fmt.Fprintf(&b, "%sinput  : %s\n", pad, bindings(w.Input, "="))
			fmt.Fprintf(&b, "%s%s   (what the method returns)\n", pad, bindings(w.Actual, " = "))
			fmt.Fprintf(&b, "%s%s   (also satisfies every ensures)\n", pad, bindings(w.Other, " = "))
		}
	}
	if len(r.Lowered) > 0 {
		fmt.Fprintf(&b, "note: a Dafny 4 file, read by Dafny %s after lowering: %s\n", r.DafnyVersion, strings.Join(r.Lowered, ", "))
	}
	for _, e := range r.ParseErrors {
		fmt.Fprintf(&b, "note: %s: declarations there may be missing from this report\n", e)
	}
	fmt.Fprintf(&b, "%d checked, Dafny %s, %d Dafny runs, %.1fs\n", len(r.Results), r.DafnyVersion, r.Runs, float64(r.DurationMS)/1000)
	_, err := io.WriteString(w, b.String())
	return err
}

func bindings(bs []Binding, eq string) string {
	if len(bs) == 0 {
		return "(none)"
	}
	parts := make([]string, len(bs))
	for i, x := range bs {
		parts[i] = x.Name + eq + x.Value
	}
	return strings.Join(parts, ", ")
}
