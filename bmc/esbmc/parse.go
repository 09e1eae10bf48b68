package esbmc

import (
	"bufio"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
)

var (
	stateRE = regexp.MustCompile(`^State \d+ file (\S+) line (\d+) column \d+ (?:function (\S+) )?thread \d+`)
	propRE  = regexp.MustCompile(`^\s+file (\S+) line (\d+) column \d+(?: function (\S+))?`)
	bitsRE  = regexp.MustCompile(` \([01 ]+\)$`)
	intRE   = regexp.MustCompile(`^-?[0-9]+$`)
	// inputCalls are the calls whose results are program input.
	inputCalls = []string{"__VERIFIER_nondet_", "nondet_", "scanf", "fscanf", "getchar", "fgetc", "getc", "fgets", "fread", "read"}
)

// Parse reads ESBMC's output for query q, whose program ESBMC knew as
// file. It returns the verdict, or an error naming what ESBMC said when the
// output holds none.
func Parse(out, file string, q *bmc.Query) (*bmc.Result, error) {
	r := &bmc.Result{Engine: "esbmc"}
	switch {
	case strings.Contains(out, "VERIFICATION SUCCESSFUL"):
		r.Status = bmc.Verified
		r.BoundComplete = q.UnwindingAssertions
		return r, nil
	case strings.Contains(out, "VERIFICATION FAILED"):
		return failed(out, file, q)
	case strings.Contains(out, "VERIFICATION UNKNOWN"):
		r.Reason = "esbmc: verification unknown"
		return r, nil
	case strings.Contains(out, "Timed out"):
		r.Reason = "timeout"
		return r, nil
	case strings.Contains(out, "Out of memory") || strings.Contains(out, "std::bad_alloc") || strings.Contains(out, "Memory limit"):
		r.Reason = "resource: out of memory"
		return r, nil
	}
	if m := errorLine.FindString(out); m != "" {
		return nil, errors.New(strings.TrimSpace(m))
	}
	last := strings.TrimSpace(out)
	if i := strings.LastIndexByte(last, '\n'); i >= 0 {
		last = last[i+1:]
	}
	return nil, fmt.Errorf("no verdict in output (last line %q)", last)
}

// failed reads a VERIFICATION FAILED answer.
func failed(out, file string, q *bmc.Query) (*bmc.Result, error) {
	r := &bmc.Result{Engine: "esbmc"}
	i := strings.Index(out, "Violated property:")
	if i < 0 {
		return nil, errors.New("VERIFICATION FAILED without a violated property")
	}
	lines := strings.Split(out[i:], "\n")
	var pfile, desc string
	var pline int
	if len(lines) > 2 {
		if m := propRE.FindStringSubmatch(lines[1]); m != nil {
			pfile = m[1]
			pline, _ = strconv.Atoi(m[2])
		}
		desc = strings.TrimSpace(lines[2])
	}
	where := fmt.Sprintf("%s:%d", path.Base(pfile), pline)
	if pfile == file {
		where = fmt.Sprintf("line %d", pline)
	}
	target := q.Program.Asserts[q.Target]
	switch {
	case strings.HasPrefix(desc, "unwinding assertion"):
		if !q.UnwindingAssertions {
			r.Reason = fmt.Sprintf("unexpected %s at %s", desc, where)
			return r, nil
		}
		r.Status = bmc.Falsified
		r.Unwound = true
		r.Reason = fmt.Sprintf("%s at %s: a loop can run more than k=%d times", desc, where, q.K)
	case strings.HasPrefix(desc, "assertion") && pfile == file && pline == target.SrcLine:
		r.Status = bmc.Falsified
	default:
		r.Reason = fmt.Sprintf("another property violated first: %s at %s", desc, where)
		return r, nil
	}
	r.Counterexample = trace(out, file, q)
	return r, nil
}

// trace reads the [Counterexample] states of the program's own file.
func trace(out, file string, q *bmc.Query) *bmc.Counterexample {
	i := strings.Index(out, "[Counterexample]")
	if i < 0 {
		return nil
	}
	src := strings.Split(string(q.Program.Source), "\n")
	cx := &bmc.Counterexample{}
	counts := map[string]int{}
	stdinOK := true
	var stdin stdinText
	var cur *bmc.Step
	sc := bufio.NewScanner(strings.NewReader(out[i:]))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if m := stateRE.FindStringSubmatch(line); m != nil {
			cur = nil
			if m[1] == file {
				n, _ := strconv.Atoi(m[2])
				cx.Steps = append(cx.Steps, bmc.Step{Func: m[3], Line: n})
				cur = &cx.Steps[len(cx.Steps)-1]
			}
			continue
		}
		if cur == nil || strings.HasPrefix(line, "---") || strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "Violated property:") {
			cur.Note = "violated"
			continue
		}
		lhs, val, ok := strings.Cut(strings.TrimSpace(line), " = ")
		if !ok {
			continue
		}
		val = bitsRE.ReplaceAllString(val, "")
		if cur.Note == "" {
			cur.Note = lhs + " = " + val
		}
		if cur.Line < 1 || cur.Line > len(src) {
			continue
		}
		call := inputCall(src[cur.Line-1])
		if call == "" {
			continue
		}
		counts[call]++
		cx.Inputs = append(cx.Inputs, bmc.Input{Name: fmt.Sprintf("%s#%d(%s)", call, counts[call], lhs), Value: val, Line: cur.Line})
		if stdinOK {
			stdinOK = stdin.add(call, val)
		}
	}
	if stdinOK && stdin.used {
		cx.Stdin = stdin.text()
	}
	return cx
}

// stdinText rebuilds the text a run read from stdin, from the values the
// trace gives to scanf's targets and getchar's results, in the order they
// were read. scanf's numbers are separated by newlines (numeric
// conversions skip them) and getchar's characters written as they are, so
// that no getchar reads a separator.
type stdinText struct {
	b     strings.Builder
	eof   bool // getchar returned EOF: nothing more can be read
	used  bool
	token bool // the last read was a scanf number
}

// add appends one read; it returns false when the read cannot be written as
// stdin text (a value that is no number, a read after EOF, a reader
// whose trace says too little, such as fgets).
func (s *stdinText) add(call, val string) bool {
	if s.eof {
		return false
	}
	s.used = true
	switch call {
	case "scanf":
		tok, ok := scanfToken(val)
		if !ok {
			return false
		}
		if s.token {
			s.b.WriteByte('\n')
		}
		s.b.WriteString(tok)
		s.token = true
		return true
	case "getchar", "getc", "fgetc":
		n, err := strconv.Atoi(val)
		if err != nil || n < -1 || n > 255 {
			return false
		}
		s.token = false
		if n == -1 {
			s.eof = true
		} else {
			s.b.WriteByte(byte(n))
		}
		return true
	}
	return false
}

func (s *stdinText) text() string {
	if s.eof || !s.token {
		return s.b.String()
	}
	return s.b.String() + "\n"
}

var floatRE = regexp.MustCompile(`^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?f?$`)

// scanfToken spells a value of a scanf target as scanf reads it.
func scanfToken(val string) (string, bool) {
	switch strings.ToUpper(val) {
	case "+INFINITY", "INFINITY", "+INF":
		return "inf", true
	case "-INFINITY", "-INF":
		return "-inf", true
	case "NAN", "+NAN", "-NAN":
		return "nan", true
	}
	if intRE.MatchString(val) {
		return val, true
	}
	if floatRE.MatchString(val) {
		return strings.TrimSuffix(val, "f"), true
	}
	return "", false
}

// inputCall names the input function called on a source line, or "".
func inputCall(line string) string {
	for _, c := range inputCalls {
		j := strings.Index(line, c)
		if j < 0 {
			continue
		}
		if j > 0 && (isIdent(line[j-1])) {
			continue
		}
		if strings.HasSuffix(c, "_") {
			k := j + len(c)
			for k < len(line) && isIdent(line[k]) {
				k++
			}
			return line[j:k]
		}
		if k := j + len(c); k < len(line) && isIdent(line[k]) {
			continue
		}
		return c
	}
	return ""
}

func isIdent(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
