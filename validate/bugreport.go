package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/internal/atomicfile"
)

// BugReportFiles lists what WriteBugReports wrote.
type BugReportFiles struct {
	// Confirmed and Unconfirmed are the Markdown files, one per bug, each
	// beside a JSON file of the same name; sorted.
	Confirmed   []string `json:"confirmed"`
	Unconfirmed []string `json:"unconfirmed"`
	// SARIF is the SARIF 2.1.0 log of all confirmed bugs.
	SARIF string `json:"sarif"`
}

// WriteBugReports writes one Markdown and one JSON file per bug (see
// WriteBugReport) and the SARIF log of the confirmed bugs to
// dir/confirmed.sarif. Every file is written atomically (a temporary file
// renamed into place), so an interrupted run leaves each report whole or
// absent.
func WriteBugReports(dir string, cs []*Confirmation) (*BugReportFiles, error) {
	out := &BugReportFiles{SARIF: filepath.Join(dir, "confirmed.sarif")}
	sorted := slices.Clone(cs)
	slices.SortFunc(sorted, func(a, b *Confirmation) int { return strings.Compare(a.ID, b.ID) })
	for _, c := range sorted {
		md, err := WriteBugReport(dir, c)
		if err != nil {
			return nil, err
		}
		if c.Status == Confirmed {
			out.Confirmed = append(out.Confirmed, md)
		} else {
			out.Unconfirmed = append(out.Unconfirmed, md)
		}
	}
	data, err := BugSARIF(sorted)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(out.SARIF, data); err != nil {
		return nil, err
	}
	return out, nil
}

// The subdirectories of a report directory.
const (
	confirmedDir   = "confirmed"
	unconfirmedDir = "unconfirmed"
)

// WriteBugReport writes one bug's Markdown and JSON files, atomically: a
// confirmed bug under dir/confirmed, any other kept apart under
// dir/unconfirmed (a stale report of the same bug in the other directory
// is removed). It returns the Markdown file's path. A run that writes each
// report as soon as it is done can be resumed with ReadBugReport.
func WriteBugReport(dir string, c *Confirmation) (string, error) {
	sub, other := unconfirmedDir, confirmedDir
	if c.Status == Confirmed {
		sub, other = confirmedDir, unconfirmedDir
	}
	base := filepath.Join(dir, sub, c.ID)
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", fmt.Errorf("validate: %w", err)
	}
	if err := atomicfile.Write(base+".json", append(data, '\n')); err != nil {
		return "", err
	}
	if err := atomicfile.Write(base+".md", []byte(BugMarkdown(c))); err != nil {
		return "", err
	}
	for _, ext := range []string{".json", ".md"} {
		if err := os.Remove(filepath.Join(dir, other, c.ID+ext)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("validate: %w", err)
		}
	}
	return base + ".md", nil
}

// ReadBugReport returns the report of the suspect with the given ID
// written under dir by an earlier run, or nil and no error when there is
// none. A report that does not parse is an error naming the file.
func ReadBugReport(dir, id string) (*Confirmation, error) {
	for _, sub := range []string{confirmedDir, unconfirmedDir} {
		path := filepath.Join(dir, sub, id+".json")
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("validate: %w", err)
		}
		var c Confirmation
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("validate: %s: %w", path, err)
		}
		if c.ID != id {
			return nil, fmt.Errorf("validate: %s holds %q, not %q", path, c.ID, id)
		}
		// Trigger points into Attempts in a live Confirmation.
		if c.Trigger != nil {
			for i := range c.Attempts {
				if c.Attempts[i].N == c.Trigger.N {
					c.Trigger = &c.Attempts[i]
				}
			}
		}
		return &c, nil
	}
	return nil, nil
}

// BugMarkdown renders one confirmation as a readable report: function, file,
// claim, actual behaviour, evidence, trigger, attempts, the test and its
// output.
func BugMarkdown(c *Confirmation) string {
	s := &c.Suspect
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n\n", strings.ToUpper(string(c.Status)), s.Function)
	fmt.Fprintf(&b, "- function: `%s`\n- file: `%s`, line %d\n", s.Function, s.File, s.Line)
	if s.Exit != "" {
		fmt.Fprintf(&b, "- exit: `%s`\n", oneLine(s.Exit))
	}
	fmt.Fprintf(&b, "- claim (the contract): %s\n- actual behaviour: %s\n- trigger: %s\n", s.Claim, s.Actual, s.Trigger)
	if s.Counterexample != "" {
		fmt.Fprintf(&b, "- counterexample sketch: %s\n", s.Counterexample)
	}
	fmt.Fprintf(&b, "- attempts: %d\n", len(c.Attempts))
	if c.Reason != "" {
		fmt.Fprintf(&b, "- reason: %s\n", c.Reason)
	}
	iso := "sandboxed: "
	if c.Isolation.NoNetwork {
		iso += "no network"
	} else {
		iso += "network allowed"
	}
	if c.Isolation.WritesConfined {
		iso += ", writes confined to the test's directory"
	} else {
		iso += ", writes NOT confined"
	}
	fmt.Fprintf(&b, "- %s\n", iso)
	b.WriteString("\n## Evidence (chain of conditions)\n\n")
	for i, e := range s.Evidence {
		fmt.Fprintf(&b, "%d. %s\n", i+1, oneLine(e))
	}
	if c.Trigger != nil {
		a := c.Trigger
		fmt.Fprintf(&b, "\n## The test that shows it (attempt %d)\n\n", a.N)
		fmt.Fprintf(&b, "Oracle: %s, decided by %s", a.Verdict.Oracle, a.Verdict.DecidedBy)
		if a.Verdict.JudgedByContract {
			b.WriteString(" (judged by contract: the model's verdict, weaker evidence than a crash or a reference)")
		}
		fmt.Fprintf(&b, ". %s\n\n", a.Verdict.Explanation)
		writeAttempt(&b, a)
	}
	var others []ConfirmAttempt
	for _, a := range c.Attempts {
		if c.Trigger == nil || a.N != c.Trigger.N {
			others = append(others, a)
		}
	}
	if len(others) > 0 {
		b.WriteString("\n## Attempts that did not trigger it\n")
		for i := range others {
			a := &others[i]
			fmt.Fprintf(&b, "\n### Attempt %d\n\nWhy not: %s\n\n", a.N, a.Verdict.Explanation)
			writeAttempt(&b, a)
		}
	}
	return b.String()
}

func writeAttempt(b *strings.Builder, a *ConfirmAttempt) {
	fmt.Fprintf(b, "`%s`:\n\n```\n%s\n```\n", a.Test.File, strings.TrimRight(a.Test.Content, "\n"))
	if a.Test.Expected != "" {
		fmt.Fprintf(b, "\nExpected of a correct system: %s\n", a.Test.Expected)
	}
	steps := a.System
	if a.Reference != nil {
		steps = append(slices.Clone(steps), *a.Reference)
	}
	for _, st := range steps {
		fmt.Fprintf(b, "\n%s: `%s` -> %s\n", st.Name, st.Command, describe(&st))
		if out := strings.TrimRight(st.Stdout+st.Stderr, "\n"); out != "" {
			fmt.Fprintf(b, "\n```\n%s\n```\n", clip(out, 4000))
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
