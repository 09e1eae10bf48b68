package symex

import "testing"

// TestInSpan: a site's spans hold the columns from their start to their
// end, both included; column 0 (a report without a column) is in every
// site.
func TestInSpan(t *testing.T) {
	st := &Site{Spans: [][2]int{{9, 14}}}
	if !st.InSpan(9) || !st.InSpan(14) || st.InSpan(15) || !st.InSpan(0) {
		t.Error("InSpan")
	}
}
