package surety

import (
	"fmt"
	"io"
	"strings"
)

// ProgressBar returns a progress callback for people, as the command line
// draws it: each warning as a line "surety WHAT: ..." on w; when terminal
// is true (w is a terminal), a bar of the layer's progress redrawn in
// place, and nothing otherwise, so that logs stay clean.
func ProgressBar(w io.Writer, what string, terminal bool) func(Event) {
	return func(p Event) {
		if p.Warning != "" {
			fmt.Fprintf(w, "surety %s: %s\n", what, p.Warning)
			return
		}
		if !terminal || p.Layers == 0 {
			return
		}
		const width = 30
		done := 0
		if p.Total > 0 {
			done = width * p.Done / p.Total
		}
		fmt.Fprintf(w, "\r%s layer %d/%d [%s%s] %d/%d", what, p.Layer, p.Layers,
			strings.Repeat("#", done), strings.Repeat(".", width-done), p.Done, p.Total)
		if p.Done == p.Total {
			fmt.Fprintln(w)
		}
	}
}
