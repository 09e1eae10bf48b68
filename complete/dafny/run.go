package dafny

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/internal/proc"
)

// ErrorLimit is the number of errors Dafny is asked to report per run
// before it stops looking; a caller that reads errors clause by clause must
// not trust a run that reached it (see Errors).
const ErrorLimit = 5000

// finishedRE matches Dafny's closing line; what follows the errors (", 1
// time out") is what it could not decide.
var finishedRE = regexp.MustCompile(`verifier finished with (\d+) verified, (\d+) errors?(.*)`)

// finished reads Verification.Finished from Dafny's output: it closed with
// its summary, and nothing timed out or was left inconclusive.
func finished(out string) bool {
	m := finishedRE.FindStringSubmatch(out)
	return m != nil && m[3] == ""
}

// z3Filter is the wrapper Dafny 2 and 3 run instead of z3: it drops the one
// option Debian's z3 4.8 rejects and passes everything else through,
// unbuffered, in both directions.
const z3Filter = "#!/bin/sh\nsed -u '/model_compress/d' | exec %s \"$@\"\n"

// workspace writes files into a fresh temporary directory and returns the
// directory and its remover.
func (t *Tool) workspace(files []complete.File) (string, func(), error) {
	dir, remove, err := proc.TempDir("dafny")
	if err != nil {
		return "", nil, fmt.Errorf("dafny: %w", err)
	}
	for _, f := range files {
		if f.Name == "" || filepath.Base(f.Name) != f.Name {
			remove()
			return "", nil, fmt.Errorf("dafny: bad file name %q", f.Name)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Content, 0o644); err != nil {
			remove()
			return "", nil, fmt.Errorf("dafny: %w", err)
		}
	}
	if t.Dialect() == complete.Legacy {
		w := filepath.Join(dir, "z3filter.sh")
		if err := os.WriteFile(w, fmt.Appendf(nil, z3Filter, shellQuote(t.z3)), 0o755); err != nil {
			remove()
			return "", nil, fmt.Errorf("dafny: %w", err)
		}
	}
	return dir, remove, nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// Verify writes files into a temporary directory and verifies the first of
// them (the others are there for it to include). It reports the outcome of
// every lemma of that first file (and of its predicates and functions, whose
// outcome is their well-formedness check): a lemma is found as a line
// starting with "lemma NAME" ("predicate NAME", "function NAME", optionally
// after "ghost") and extends to the next line that starts in column one with
// something other than "}".
//
// When the program does not resolve the error matches
// complete.ErrUnresolved and the Verification holds the diagnostics. A run
// cut short by VerifierOptions.Timeout returns the partial Verification
// (lemmas Unknown) and an error matching proc.ErrTimeout; a cancelled ctx
// returns ctx's error, wrapped.
//
// With Dafny 2 and 3 the outcome is the one /trace prints for the lemma's
// procedures (Boogie's own verdict per procedure): Verified only when the
// trace names it and says "verified", for its well-formedness check too
// when it has one. An outcome no line of output speaks for is Unknown,
// never Verified, so a lemma is not taken as proved because an error about
// it went unreported; a declaration with no proof obligation at all gets no
// trace and stays Unknown. Errors are not pinned on lemmas by position,
// since a related location may point into another declaration. With Dafny
// 4 a lemma is Verified when the run finished and no error or time-out is
// reported between its first line and the next declaration.
func (t *Tool) Verify(ctx context.Context, files ...complete.File) (*complete.Verification, error) {
	return t.verify(ctx, false, false, files)
}

// maxModel bounds the model text kept from one run.
const maxModel = 8 << 20

// VerifyModel is Verify that also keeps the counterexample models of the
// failed proofs in Verification.Model (Dafny 2 and 3's /mv model view).
// With Dafny 4 it is Verify, and Model stays empty. The outcomes are read
// as Verify reads them; the model is only a hint. With Dafny 2 and 3 it
// verifies one procedure at a time (VerifierOptions.Cores is not used): Dafny 2.3
// writes the model file from every prover thread at once and dies of a
// sharing violation.
func (t *Tool) VerifyModel(ctx context.Context, files ...complete.File) (*complete.Verification, error) {
	return t.verify(ctx, false, true, files)
}

// VerifyAll is Verify that also verifies the files the first one includes
// (Dafny leaves them unverified otherwise): whether a user's program
// verifies as given is asked this way. Verification.Clean says whether
// everything verified.
func (t *Tool) VerifyAll(ctx context.Context, files ...complete.File) (*complete.Verification, error) {
	return t.verify(ctx, true, false, files)
}

func (t *Tool) verify(ctx context.Context, includes, model bool, files []complete.File) (*complete.Verification, error) {
	if len(files) == 0 {
		return nil, errors.New("dafny: nothing to verify")
	}
	dir, remove, err := t.workspace(files)
	if err != nil {
		return nil, err
	}
	defer remove()
	main := files[0].Name
	limit := strconv.Itoa(max(1, int(t.timeLimit().Round(time.Second)/time.Second)))
	var args []string
	if t.Dialect() == complete.Legacy {
		cores := t.cores()
		if model {
			// Dafny 2.3 writes the model file from every prover thread
			// at once and dies of a sharing violation.
			cores = 1
		}
		args = []string{"/compile:0", "/trace", "/timeLimit:" + limit, "/errorLimit:" + strconv.Itoa(ErrorLimit),
			"/vcsCores:" + strconv.Itoa(cores), "/z3exe:" + filepath.Join(dir, "z3filter.sh")}
		if includes {
			args = append(args, "/verifyAllModules")
		}
		if model {
			args = append(args, "/mv:"+filepath.Join(dir, "surety.model"))
		}
		args = append(args, main)
	} else {
		args = []string{"verify", "--verification-time-limit", limit, "--error-limit", strconv.Itoa(ErrorLimit),
			"--cores", strconv.Itoa(t.cores())}
		if includes {
			args = append(args, "--verify-included-files")
		}
		args = append(args, main)
	}
	res, runErr := proc.Run(ctx, &proc.Cmd{Path: t.path, Args: args, Dir: dir, Timeout: t.timeout()})
	if res == nil {
		return nil, fmt.Errorf("dafny: %w", runErr)
	}
	out := string(res.Stdout) + string(res.Stderr)
	v := &complete.Verification{ExitCode: res.ExitCode, Duration: res.Duration, Output: out,
		Diagnostics: parseDiagnostics(out)}
	v.Finished = finished(out)
	v.Lemmas = findLemmas(files[0].Content)
	if model && t.Dialect() == complete.Legacy {
		if b, err := os.ReadFile(filepath.Join(dir, "surety.model")); err == nil {
			v.Model = string(b[:min(len(b), maxModel)])
		}
	}
	if runErr != nil {
		return v, fmt.Errorf("dafny: verifying: %w", runErr)
	}
	if resolutionFailed(out, res.ExitCode) {
		return v, fmt.Errorf("%w: %s", complete.ErrUnresolved, summarize(v.Diagnostics, out))
	}
	finished := strings.Contains(out, "verifier finished with")
	if t.Dialect() == complete.Legacy {
		trace := parseTrace(out)
		for i := range v.Lemmas {
			v.Lemmas[i].Status = traceStatus(trace, v.Lemmas[i].Name)
		}
		return v, nil
	}
	ends := lemmaEnds(files[0].Content, v.Lemmas)
	for i := range v.Lemmas {
		l := &v.Lemmas[i]
		st := complete.Unknown
		if finished {
			st = complete.Verified
		}
		for _, d := range v.Diagnostics {
			if filepath.Base(d.File) != main || d.Line < l.Line || d.Line > ends[i] {
				continue
			}
			if isTimeout(d.Msg) {
				st = complete.TimedOut
				break
			}
			if strings.HasPrefix(d.Msg, "Error") {
				st = complete.Failed
			}
		}
		l.Status = st
	}
	return v, nil
}

// Run writes files into a temporary directory, compiles the first one
// without verifying it, and runs its Main. A program that does not resolve
// or compile gives an error matching complete.ErrUnresolved; a non-zero exit
// of the program itself is reported in ExitCode.
func (t *Tool) Run(ctx context.Context, files ...complete.File) (*complete.Execution, error) {
	if len(files) == 0 {
		return nil, errors.New("dafny: nothing to run")
	}
	dir, remove, err := t.workspace(files)
	if err != nil {
		return nil, err
	}
	defer remove()
	var args []string
	if t.Dialect() == complete.Legacy {
		args = []string{"/noVerify", "/compile:4", "/compileTarget:cs", "/out:" + filepath.Join(dir, "prog"), files[0].Name}
	} else {
		args = []string{"run", "--no-verify", files[0].Name}
	}
	res, runErr := proc.Run(ctx, &proc.Cmd{Path: t.path, Args: args, Dir: dir, Timeout: t.timeout()})
	if res == nil {
		return nil, fmt.Errorf("dafny: %w", runErr)
	}
	out := string(res.Stdout) + string(res.Stderr)
	ex := &complete.Execution{Output: out, ExitCode: res.ExitCode, Duration: res.Duration, Stdout: res.Stdout}
	started := -1
	if t.Dialect() == complete.Legacy {
		// Dafny 2 and 3 run the program in their own process: the banner
		// tells a program that failed (exit 3, as a resolution error)
		// from one that never compiled.
		if started = bytes.Index(res.Stdout, []byte("Running...\n")); started >= 0 {
			ex.Stdout = bytes.TrimPrefix(res.Stdout[started+len("Running...\n"):], []byte("\n"))
		}
	}
	if runErr != nil {
		return ex, fmt.Errorf("dafny: running: %w", runErr)
	}
	if started < 0 && resolutionFailed(out, res.ExitCode) {
		return ex, fmt.Errorf("%w: %s", complete.ErrUnresolved, summarize(parseDiagnostics(out), out))
	}
	if t.Dialect() == complete.Legacy && started < 0 {
		return ex, fmt.Errorf("dafny: program did not start: %s", lastLines(out, 5))
	}
	return ex, nil
}

var diagRE = regexp.MustCompile(`^(.+?)\((\d+),(\d+)\):\s*(.*)$`)

func parseDiagnostics(out string) []complete.Diagnostic {
	var ds []complete.Diagnostic
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		m := diagRE.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil || m[1] == "" || strings.HasPrefix(m[1], "(") {
			continue // "(0,0): anon0" lines of execution traces
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		ds = append(ds, complete.Diagnostic{File: m[1], Line: line, Col: col, Msg: m[4]})
	}
	return ds
}

// traceStatus is the outcome the trace gives the declaration called name:
// the worst of its procedures (implementation and well-formedness check),
// Unknown when the trace does not name it.
func traceStatus(trace map[string]string, name string) complete.Status {
	tr, ok := trace[name]
	switch {
	case !ok:
		return complete.Unknown
	case tr == "verified":
		return complete.Verified
	case strings.Contains(tr, "time") || strings.Contains(tr, "resource"):
		return complete.TimedOut
	case strings.HasPrefix(tr, "error"):
		return complete.Failed
	}
	return complete.Unknown // "inconclusive" and whatever else Boogie may say
}

// parseTrace reads Dafny 2 and 3's /trace output: "Verifying
// Impl$$_module.__default.Name ..." followed by a line ending in the outcome.
func parseTrace(out string) map[string]string {
	tr := map[string]string{}
	name := ""
	for line := range strings.SplitSeq(out, "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "Verifying "); ok {
			rest = strings.TrimSuffix(rest, " ...")
			name = ""
			if strings.HasPrefix(rest, "Impl$$") || strings.HasPrefix(rest, "CheckWellformed$$") {
				name = rest[strings.LastIndexByte(rest, '.')+1:]
			}
			continue
		}
		if name != "" && strings.HasPrefix(line, "[") {
			if i := strings.Index(line, "]"); i >= 0 {
				if prev, seen := tr[name]; !seen || prev == "verified" {
					tr[name] = strings.TrimSpace(line[i+1:]) // keep the worst outcome
				}
				name = ""
			}
		}
	}
	return tr
}

var lemmaRE = regexp.MustCompile(`^(?:ghost\s+)?(?:lemma|predicate|function(?:\s+method)?)\s+(?:\{[^}]*\}\s*)*([A-Za-z][A-Za-z0-9']*)`)

func findLemmas(src []byte) []complete.LemmaResult {
	var ls []complete.LemmaResult
	for i, line := range strings.Split(string(src), "\n") {
		if m := lemmaRE.FindStringSubmatch(line); m != nil {
			ls = append(ls, complete.LemmaResult{Name: m[1], Line: i + 1})
		}
	}
	return ls
}

// lemmaEnds returns, for each lemma, the last line that belongs to it.
func lemmaEnds(src []byte, ls []complete.LemmaResult) []int {
	lines := strings.Split(string(src), "\n")
	ends := make([]int, len(ls))
	for i, l := range ls {
		end := len(lines)
		for j := l.Line; j < len(lines); j++ { // lines[j] is line j+1
			s := lines[j]
			if s != "" && s[0] != ' ' && s[0] != '\t' && s[0] != '}' && s[0] != '{' {
				end = j
				break
			}
		}
		ends[i] = end
	}
	return ends
}

func resolutionFailed(out string, code int) bool {
	return code == 2 || code == 3 || strings.Contains(out, "resolution/type errors detected") ||
		strings.Contains(out, "parse errors detected") || strings.Contains(out, "Compilation failed") ||
		strings.Contains(out, "compilation errors")
}

func summarize(ds []complete.Diagnostic, out string) string {
	var msgs []string
	for _, d := range ds {
		if strings.Contains(d.Msg, "Error") || strings.Contains(d.Msg, "error") {
			msgs = append(msgs, d.String())
		}
	}
	if len(msgs) == 0 {
		return lastLines(out, 5)
	}
	if len(msgs) > 5 {
		msgs = append(msgs[:5], fmt.Sprintf("... and %d more", len(msgs)-5))
	}
	return strings.Join(msgs, "; ")
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, " | ")
}

func isTimeout(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "timed out") || strings.Contains(m, "out of resource")
}
