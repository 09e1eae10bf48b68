package fmagent

import (
	"runtime/debug"

	"github.com/suretydev/surety/internal/tsutil"
)

// GraphMemoryLimit is the soft limit on the Go heap that LimitGraphMemory
// sets. The garbage collector otherwise lets the heap grow to twice what
// is live: on the Linux kernel the graph, with its millions of edges, is
// live at about 850 MB by the end, and the process peaked at twice that.
// Under the limit the collector works harder near the end instead; when
// the live heap exceeds it, the runtime caps the collector's share of the
// CPU rather than thrash.
const GraphMemoryLimit = 900 << 20

// graphArenas is the number of malloc arenas LimitGraphMemory lets the C
// heap have. glibc's default is eight per core.
const graphArenas = 2

// LimitGraphMemory tunes this process's memory for laying out a large
// tree's graph (WriteGraph), as surety graph does; a program that lays out
// graphs the size of the Linux kernel calls it once, before any parsing.
// It sets GraphMemoryLimit as the Go heap's soft limit unless goMemLimit
// says the user gave one (the GOMEMLIMIT variable, which the runtime reads
// itself), and it keeps the parsers' C heap to few malloc arenas: each
// keeps what its trees freed, and with one per thread that parsed, a big
// tree's run kept hundreds of megabytes of freed C memory resident. Both
// settings are the whole process's.
func LimitGraphMemory(goMemLimit bool) {
	if !goMemLimit {
		debug.SetMemoryLimit(GraphMemoryLimit)
	}
	tsutil.LimitArenas(graphArenas)
}
