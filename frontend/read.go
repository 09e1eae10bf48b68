package frontend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular reports a path that names something other than a regular
// file or a directory: a named pipe, a socket, a device. Reading one could
// block for ever (a pipe nobody writes) or never end (/dev/zero), so Load
// refuses it when it is named and skips it when a walk finds it.
var ErrNotRegular = errors.New("frontend: not a regular file")

// readChunk is how much ReadFile reads between two looks at its context.
const readChunk = 1 << 20

// ReadFile reads the source file at path, following symbolic links. Only
// a regular file is read: anything else is an error matching ErrNotRegular
// that says what it is. Opening never blocks (a named pipe is opened
// non-blocking and refused before any read), and a long read stops when
// ctx is cancelled. A symbolic-link loop is the system's error (ELOOP).
//
// Why: every command reads the files it is given, and a path is input from
// the user; a pipe or a device given by mistake must be an error naming
// it, not a hang that even SIGTERM cannot end.
func ReadFile(ctx context.Context, path string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Kind(info.Mode()))}
	}
	size := info.Size()
	buf := make([]byte, 0, min(max(size, 512), 64<<20)+1)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):min(cap(buf), len(buf)+readChunk)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// Kind names what a file mode describes, for messages: "named pipe",
// "socket", "device", "directory", "symbolic link", "regular file".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsDir():
		return "directory"
	case m.IsRegular():
		return "regular file"
	}
	return "irregular file"
}
