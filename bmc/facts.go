package bmc

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
)

// An Audit is a judgement of a report's facts made after VerifyAll, for
// the printers to show (Report.Audit): package bmc/audit's Report is one.
type Audit interface {
	// Vacuous says why no execution within the bound reaches assertion
	// i: "" when one does, or when the audit did not look at it.
	Vacuous(i int) string
	// Mutants gives the mutants of assertion i's code that were decided
	// and those its fact rejects, and whether that makes the fact weak;
	// decided is 0 when no mutant was checked.
	Mutants(i int) (decided, rejected int, weak bool)
}

// FactTag is the comment that stands for a fact in the annotated program:
// "//FACT[k=5]" for VERIFIED, "//FACT[k=5, cond: a3, a7]" for C-VERIFIED
// with its dependency closure named by assertion labels, and ", complete"
// added when the bound is complete. A C-VERIFIED fact whose closure is
// empty rests on no unverified assertion (Theorem 2) and says "cond: none".
// It returns "" for an assertion that is not a fact. It knows nothing of
// an audit: Report.FactTag adds it.
func (f *Fact) FactTag(k int) string {
	return f.tag(k, false)
}

// FactTag is the tag of assertion i (Fact.FactTag) with the report's
// audit in it: "" for a vacuous fact, since no execution within the bound
// reaches it and printing it would mislead, and ", weak" added for a fact
// that rejects no mutant of its code.
func (r *Report) FactTag(i int) string {
	f := &r.Facts[i]
	if r.Audit == nil {
		return f.tag(r.K, false)
	}
	if r.Audit.Vacuous(i) != "" {
		return ""
	}
	_, _, weak := r.Audit.Mutants(i)
	return f.tag(r.K, weak)
}

func (f *Fact) tag(k int, weak bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "//FACT[k=%d", k)
	switch f.Status {
	case VerdictVerified:
	case VerdictCVerified:
		b.WriteString(", cond: ")
		if len(f.Deps) == 0 {
			b.WriteString("none")
		}
		for i, d := range f.Deps {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "a%d", d+1)
		}
	default:
		return ""
	}
	if f.BoundComplete {
		b.WriteString(", complete")
	}
	if weak {
		b.WriteString(", weak")
	}
	b.WriteString("]")
	return b.String()
}

// Annotate returns the program without its assertions, each fact in its
// place as `//FACT[...]: pred` (EMBEDFACTS of Algorithm 1, with the
// predicate itself where VIVERRA puts its natural-language translation;
// the tag is Report.FactTag's, with the audit's marks).
// Assertions that are not facts are dropped, and so is a line left empty
// by dropping one. A fact followed by more code on its line is put on a
// line of its own.
func (r *Report) Annotate(p *Program) []byte {
	src := p.Source
	var b bytes.Buffer
	last := 0
	for i, f := range r.Facts {
		a := f.Assertion
		lineStart := bytes.LastIndexByte(src[:a.Start], '\n') + 1
		lineEnd := len(src)
		if e := bytes.IndexByte(src[a.End:], '\n'); e >= 0 {
			lineEnd = a.End + e
		}
		indent := src[lineStart:a.Start]
		aloneBefore := len(bytes.TrimSpace(indent)) == 0 && lineStart >= last
		rest := bytes.TrimSpace(src[a.End:lineEnd])
		comment := isComment(rest)
		restBlank := len(rest) == 0 || comment
		tag := r.FactTag(i)
		if tag == "" {
			if aloneBefore && restBlank {
				// Drop the whole line, newline included.
				b.Write(src[last:lineStart])
				last = min(lineEnd+1, len(src))
			} else {
				b.Write(src[last:a.Start])
				last = a.End
			}
			continue
		}
		b.Write(src[last:a.Start])
		b.WriteString(tag + ": " + a.Pred)
		last = a.End
		if comment {
			// Keep a trailing comment inside the fact's line comment.
			b.WriteString("  ")
			b.Write(rest)
			last = lineEnd
		} else if !restBlank {
			b.WriteByte('\n')
			b.Write(leadingSpace(src[lineStart:]))
			for last < len(src) && (src[last] == ' ' || src[last] == '\t') {
				last++
			}
		}
	}
	b.Write(src[last:])
	return b.Bytes()
}

// isComment reports whether b is exactly one comment.
func isComment(b []byte) bool {
	if bytes.HasPrefix(b, []byte("//")) {
		return true
	}
	return bytes.HasPrefix(b, []byte("/*")) && bytes.Index(b, []byte("*/")) == len(b)-2
}

func leadingSpace(line []byte) []byte {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return line[:n]
}

// WriteText writes the report for a person: one line per assertion in
// sequence order, with the audit's findings where there is one, then the
// Table 1 summary.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	vacuous, weak := 0, 0
	for _, i := range r.Order {
		f := &r.Facts[i]
		fmt.Fprintf(ew, "%-4s %s:%d (%s, line %d) %-10s", f.Label(), r.File, f.SrcLine, f.Func, f.Line, f.Status)
		switch f.Status {
		case VerdictCVerified:
			fmt.Fprintf(ew, " deps %s", Labels(f.Deps))
		case VerdictUnknown:
			if f.Reason != "" {
				fmt.Fprintf(ew, " (%s)", f.Reason)
			}
		}
		if r.Audit != nil {
			if why := r.Audit.Vacuous(i); why != "" {
				vacuous++
				fmt.Fprintf(ew, " VACUOUS (%s)", why)
			}
			decided, rejected, isWeak := r.Audit.Mutants(i)
			if isWeak {
				weak++
			}
			if decided > 0 {
				fmt.Fprintf(ew, " rejects %d/%d mutants", rejected, decided)
				if isWeak {
					ew.WriteString(" (weak)")
				}
			}
		}
		if f.Reused {
			ew.WriteString(" reused")
		}
		if f.Carried > 0 {
			fmt.Fprintf(ew, " carried from k=%d", f.Carried)
		}
		if f.Status.Fact() {
			if f.BoundComplete {
				ew.WriteString(" bound complete: holds on every execution")
				switch {
				case f.Induction > 0:
					fmt.Fprintf(ew, " (%d-induction)", f.Induction)
				case f.Proof != "":
					fmt.Fprintf(ew, " (%s)", f.Proof)
				}
			} else {
				fmt.Fprintf(ew, " bounded: k=%d executions only", r.K)
				if f.BoundReason != "" && f.BoundReason != "not checked" {
					fmt.Fprintf(ew, " (%s)", f.BoundReason)
				}
			}
		}
		if f.Engine != "" {
			fmt.Fprintf(ew, " [%s %s]", f.Engine, f.Duration.Round(time.Millisecond))
		}
		for _, w := range f.WrongClaims {
			fmt.Fprintf(ew, " [wrong claim: %s said %s, a run fails it]", w.Engine, w.Status)
		}
		fmt.Fprintf(ew, "  %s\n", f.Pred)
	}
	s := r.Summary
	fmt.Fprintf(ew, "%s: %d assertions, %d VERIFIED, %d C-VERIFIED, %d unverified (%d FALSIFIED, %d UNKNOWN); %d bound-complete; k=%d; %d checks, %d cached; %s\n",
		r.File, s.Assertions, s.Verified, s.CVerified, s.Unverified, s.Falsified, s.Unknown, s.BoundComplete, r.K, s.Checks, s.CacheHits, s.Time.Round(time.Millisecond))
	if vacuous+weak+s.Reused > 0 || s.Verified+s.CVerified > 0 {
		fmt.Fprintf(ew, "facts: %d, vacuous: %d, weak: %d, reused from the cache: %d\n", s.Verified+s.CVerified-vacuous, vacuous, weak, s.Reused)
	}
	if s.WrongClaims > 0 {
		fmt.Fprintf(ew, "WARNING: a run of the program refuted an engine's proof of %d assertion(s); the runs' verdicts are reported\n", s.WrongClaims)
	}
	if s.Disagreements > 0 {
		fmt.Fprintf(ew, "WARNING: engines disagreed on %d assertion(s); those are reported UNKNOWN\n", s.Disagreements)
	}
	if len(r.Hazards) > 0 {
		fmt.Fprintf(ew, "WARNING: no engine models these constructs faithfully, so no assertion is a fact:\n")
		for _, h := range r.Hazards {
			fmt.Fprintf(ew, "  %s: %s\n", r.File, h)
		}
	}
	if len(r.Assumptions) > 0 {
		fmt.Fprintf(ew, "the verdicts assume:\n")
		for _, a := range r.Assumptions {
			fmt.Fprintf(ew, "  %s\n", a)
		}
	}
	return ew.err
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) WriteString(s string) { e.Write([]byte(s)) }
