package callgraph

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteDOT draws the condensation c as a Graphviz digraph with one rank per
// layer: a box per component (labelled with up to four of its functions'
// qualified names, and how many more), an edge per pair of components
// joined by counted calls. layers must be Layers(c). The output depends
// only on c.
func WriteDOT(w io.Writer, c *Condensation, layers [][]*Component) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "digraph callgraph {")
	fmt.Fprintln(bw, "\trankdir=TB;")
	fmt.Fprintln(bw, "\tnode [shape=box, fontname=\"monospace\"];")
	for i, l := range layers {
		fmt.Fprintf(bw, "\tsubgraph layer%d {\n\t\trank=same;\n", i+1)
		for _, comp := range l {
			names := make([]string, 0, 4)
			for k, n := range comp.Nodes {
				if k == 4 {
					names = append(names, fmt.Sprintf("(+%d more)", len(comp.Nodes)-4))
					break
				}
				names = append(names, n.Name())
			}
			attrs := ""
			if len(comp.Nodes) > 1 {
				attrs = ", style=filled, fillcolor=\"#ffe0e0\""
			}
			fmt.Fprintf(bw, "\t\tc%d [label=%s, tooltip=%s%s];\n", comp.Index,
				strconv.Quote(strings.Join(names, "\n")), strconv.Quote(comp.Nodes[0].ID), attrs)
		}
		fmt.Fprintln(bw, "\t}")
	}
	for _, l := range layers {
		for _, comp := range l {
			for _, s := range c.Succ[comp.Index] {
				fmt.Fprintf(bw, "\tc%d -> c%d;\n", comp.Index, s)
			}
		}
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}
