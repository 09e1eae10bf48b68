package validate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// A Suspect is a potential bug to confirm: an exit of a function where,
// by the reasoning that found it, the function does not do what its
// contract claims. Package validate does not know where suspects come
// from; the pipeline turns the Hoare pass's potential bugs into Suspects.
type Suspect struct {
	// Function is the function's qualified name; File and Line locate the
	// suspected exit (Line 1-based).
	Function string `json:"function"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	// Exit is the text of the exit statement.
	Exit string `json:"exit,omitempty"`
	// Claim is the contract clause the exit is suspected to break.
	Claim string `json:"claim"`
	// Actual is the behaviour at the exit: the condition that holds there.
	Actual string `json:"actual"`
	// Evidence is the chain of conditions from the function's entry to the
	// exit.
	Evidence []string `json:"evidence"`
	// Trigger is a condition on the inputs that leads to the exit;
	// Counterexample sketches a state that shows the gap.
	Trigger        string `json:"trigger"`
	Counterexample string `json:"counterexample,omitempty"`
}

var idChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// ID returns a stable name for s, usable as a file name: the function's
// last name segment, the line, and a short hash of function, file, line
// and claim.
func (s *Suspect) ID() string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%s\x00%d\x00%s", s.Function, s.File, s.Line, s.Claim)))
	name := s.Function
	if i := strings.LastIndexAny(name, ":."); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Trim(idChars.ReplaceAllString(name, "_"), "_")
	if len(name) > 40 {
		name = name[:40]
	}
	if name == "" {
		name = "bug"
	}
	return fmt.Sprintf("%s-%d-%s", name, s.Line, hex.EncodeToString(h[:4]))
}

func (s *Suspect) check() error {
	switch {
	case s.Function == "":
		return fmt.Errorf("validate: suspect has no function")
	case s.Claim == "":
		return fmt.Errorf("validate: suspect in %s has no claim (the contract clause it breaks)", s.Function)
	}
	return nil
}
