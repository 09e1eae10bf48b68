package callgraph

import "sort"

// Layers orders the components of c for top-down work, as FM-Agent's
// Algorithm 1 does: the first layer (Layers(c)[0], "layer 1" in reports)
// holds the components no other component calls, the entries; each next
// layer holds the components whose callers all lie in earlier layers, found
// by decrementing the in-degree of each callee of the layer just placed.
// A recursion is one component and so lands in one layer.
//
// Every counted edge goes from a component of an earlier layer to one of a
// later layer, or stays inside one component. Each layer is sorted by the
// ID of its components' first node, so the result depends only on the
// graph. Every component is in exactly one layer.
func Layers(c *Condensation) [][]*Component {
	indeg := make([]int32, len(c.Components))
	var cur []int32
	for i := range c.Components {
		indeg[i] = int32(len(c.Pred[i]))
		if indeg[i] == 0 {
			cur = append(cur, int32(i))
		}
	}
	var layers [][]*Component
	for len(cur) > 0 {
		layer := make([]*Component, len(cur))
		for k, ci := range cur {
			layer[k] = c.Components[ci]
		}
		sort.Slice(layer, func(i, j int) bool { return layer[i].Nodes[0].Index < layer[j].Nodes[0].Index })
		layers = append(layers, layer)
		var next []int32
		for _, ci := range cur {
			for _, s := range c.Succ[ci] {
				indeg[s]--
				if indeg[s] == 0 {
					next = append(next, s)
				}
			}
		}
		cur = next
	}
	return layers
}

// LayerOf returns, for layers as Layers returns them, the 1-based layer
// number of every node in them, by node index; nodes in no layer get 0.
func LayerOf(g *Graph, layers [][]*Component) []int {
	out := make([]int, len(g.Nodes))
	for i, l := range layers {
		for _, c := range l {
			for _, n := range c.Nodes {
				out[n.Index] = i + 1
			}
		}
	}
	return out
}
