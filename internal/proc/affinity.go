package proc

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrNoAffinity is returned by BindCPUs where the system cannot bind a
// process to cores.
var ErrNoAffinity = errors.New("binding a process to CPUs is not supported on this system")

// ParseCPUs reads a list of CPU numbers as taskset and the kernel write
// it: numbers and ranges joined by commas ("0", "2-3", "0,4-5"). The
// result is sorted and without repeats.
func ParseCPUs(s string) ([]int, error) {
	seen := map[int]bool{}
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || b < a || b >= 1<<14 {
			return nil, fmt.Errorf("CPU list %q: %q is not a CPU number or a range LOW-HIGH", s, part)
		}
		for c := a; c <= b; c++ {
			seen[c] = true
		}
	}
	var cpus []int
	for c := range 1 << 14 {
		if seen[c] {
			cpus = append(cpus, c)
		}
	}
	return cpus, nil
}
