package fmagent_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/suretydev/surety"

	"github.com/suretydev/surety/llm"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/viverra"
)

// A pipeline names a bad path before it asks for a model, and asks for
// one (llm.ErrNoModel) only when it has something to ask.
func TestPipelinesCheckInputBeforeModel(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.c")
	_, err := fmagent.Contracts(ctx, []string{missing}, nil)
	if err == nil || errors.Is(err, llm.ErrNoModel) || !strings.HasSuffix(err.Error(), "missing.c: no such file or directory") {
		t.Errorf("Contracts on a missing path: %v", err)
	}
	_, err = fmagent.Contracts(ctx, []string{"../examples/fromkeyword/src"}, &fmagent.ContractsOptions{Out: filepath.Join(dir, "c")})
	if !errors.Is(err, llm.ErrNoModel) {
		t.Errorf("Contracts without a model: %v, want llm.ErrNoModel", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "c")); err == nil {
		t.Errorf("Contracts without a model made its output directory")
	}
	// Reason: no records is named before the model.
	_, err = fmagent.Reason(ctx, []string{"../examples/fromkeyword/src"}, &fmagent.ReasonOptions{Contracts: filepath.Join(dir, "none")})
	if err == nil || !strings.Contains(err.Error(), "no contract records") {
		t.Errorf("Reason without records: %v", err)
	}
	// Update: a path that is not a source file is named.
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("not a program\n"), 0o644)
	_, err = fmagent.Update(ctx, []string{notes}, nil)
	if err == nil || !strings.Contains(err.Error(), "notes.txt: not a source file surety reads") {
		t.Errorf("Update on notes.txt: %v", err)
	}
}

// Confirm needs no model when the reports hold no potential bug, and a
// missing reason file is ErrNoReasonFile.
func TestConfirmNothingToConfirm(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	sys := validate.TargetSystem{Build: "true"}
	_, err := fmagent.Confirm(ctx, []string{"../examples/fromkeyword/src"}, &fmagent.ConfirmOptions{System: sys, From: filepath.Join(dir, "none.json")})
	if !errors.Is(err, fmagent.ErrNoReasonFile) {
		t.Fatalf("no reason file: %v, want ErrNoReasonFile", err)
	}
	from := filepath.Join(dir, "reason.json")
	if err := (&fmagent.ReasonFile{}).Write(from); err != nil {
		t.Fatal(err)
	}
	res, err := fmagent.Confirm(ctx, []string{"../examples/fromkeyword/src"}, &fmagent.ConfirmOptions{System: sys, From: from, Out: filepath.Join(dir, "bugs")})
	if err != nil || len(res.Bugs) != 0 || res.Files != nil {
		t.Fatalf("nothing to confirm: %+v, %v", res, err)
	}
	if _, err := fmagent.Confirm(ctx, []string{"../examples/fromkeyword/src"}, &fmagent.ConfirmOptions{From: from}); err == nil {
		t.Errorf("Confirm without a Build or Run command: no error")
	}
}

// The files the pipelines read are regular files only: a FIFO is an
// error, not a wait for a writer that never comes.
func TestPipelinesRefuseFIFO(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.dfy")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if _, err := fmagent.ReadReasonFile(ctx, fifo); !errors.Is(err, frontend.ErrNotRegular) {
		t.Errorf("ReadReasonFile(FIFO): %v, want ErrNotRegular", err)
	}
	if _, err := surety.Complete(ctx, fifo, nil); !errors.Is(err, frontend.ErrNotRegular) {
		t.Errorf("Complete(FIFO): %v, want ErrNotRegular", err)
	}
	if _, err := viverra.Safety(ctx, fifo, nil); !errors.Is(err, frontend.ErrNotRegular) {
		t.Errorf("Safety(FIFO): %v, want ErrNotRegular", err)
	}
}

// The output checks refuse a file where a directory is wanted and the
// reverse, and a dry run creates nothing.
func TestCheckOut(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	if err := files.CheckOutDir(file, true); err == nil || !strings.HasSuffix(err.Error(), "file: not a directory") {
		t.Errorf("files.CheckOutDir(file): %v", err)
	}
	if err := files.CheckOutFile(dir, false); err == nil || !strings.HasSuffix(err.Error(), ": is a directory") {
		t.Errorf("files.CheckOutFile(dir): %v", err)
	}
	sub := filepath.Join(dir, "a", "b")
	if err := files.CheckOutDir(sub, true); err != nil {
		t.Errorf("CheckOutDir dry run: %v", err)
	}
	if _, err := os.Stat(sub); err == nil {
		t.Errorf("a dry run made %s", sub)
	}
	if err := files.CheckOutDir(sub, false); err != nil {
		t.Errorf("CheckOutDir: %v", err)
	}
	if info, err := os.Stat(sub); err != nil || !info.IsDir() {
		t.Errorf("CheckOutDir did not make %s: %v", sub, err)
	}
}
