package validate

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// The SARIF 2.1.0 objects written, with the properties the schema
// requires: sarifLog (version, runs), run (tool), tool (driver),
// toolComponent (name), result (message); the rest are optional.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations,omitempty"`
	Properties map[string]any  `json:"properties,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// BugSARIFRuleID is the rule of every result: a contract broken, shown by a
// test.
const BugSARIFRuleID = "surety/confirmed-contract-violation"

// BugSARIF returns a SARIF 2.1.0 log holding the confirmed bugs of cs (the
// others are left out), in the order given, so that code-scanning tools
// show them at the suspected exit.
func BugSARIF(cs []*Confirmation) ([]byte, error) {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "surety",
			InformationURI: "https://github.com/suretydev/surety",
			Rules: []sarifRule{{ID: BugSARIFRuleID, ShortDescription: sarifMessage{
				Text: "A function breaks the contract its callers expect, and a test from the system's entry point shows it."}}},
		}},
		Results: []sarifResult{},
	}
	for _, c := range cs {
		if c.Status != Confirmed || c.Trigger == nil {
			continue
		}
		s := &c.Suspect
		msg := fmt.Sprintf("%s breaks its contract: %s Actual: %s Confirmed by test %s (%s oracle): %s",
			s.Function, ensureStop(s.Claim), ensureStop(s.Actual), c.Trigger.Test.File, c.Trigger.Verdict.Oracle, c.Trigger.Verdict.Explanation)
		r := sarifResult{
			RuleID: BugSARIFRuleID, Level: "error", Message: sarifMessage{Text: msg},
			Properties: map[string]any{
				"trigger":            s.Trigger,
				"oracle":             c.Trigger.Verdict.Oracle,
				"judged_by_contract": c.Trigger.Verdict.JudgedByContract,
				"attempts":           len(c.Attempts),
				"test":               c.Trigger.Test.Content,
			},
		}
		if s.File != "" {
			loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(s.File)}}}
			if s.Line > 0 {
				loc.PhysicalLocation.Region = &sarifRegion{StartLine: s.Line}
			}
			r.Locations = []sarifLocation{loc}
		}
		run.Results = append(run.Results, r)
	}
	log := sarifLog{
		Schema:  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	return append(data, '\n'), nil
}

func ensureStop(s string) string {
	s = strings.TrimSpace(s)
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
