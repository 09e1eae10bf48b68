//go:build !linux

package proc

// tree does nothing where there is no /proc to follow: the process group
// kill is all there is.
type tree struct{}

func followTree(pid int) *tree { return &tree{} }

func (t *tree) kill() {}

func selfStart() (uint64, bool) { return 0, false }

func alive(pid int, start uint64) bool { return processExists(pid) }
