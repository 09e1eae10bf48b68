//go:build !unix

package golang

import "errors"

func mkfifo(path string) error { return errors.New("no named pipes here") }
