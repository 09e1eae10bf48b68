//go:build !unix

package frontend

// openNonblock is 0 where named pipes cannot block an open.
const openNonblock = 0
