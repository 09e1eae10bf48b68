package work

import "runtime"

// Workers is the number of workers n asks for: n when it is positive,
// else one per CPU (runtime.GOMAXPROCS). Every Workers option of surety
// means this, so that 0 is the same default everywhere.
func Workers(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}
