package fmagent

import "path/filepath"

// A State is the directory where the pipeline keeps its work from one
// command to the next; "" is ".surety" in the working directory. Its
// layout is spelled here and nowhere else:
//
//	contracts/     one record per function (Contracts, Review, Update)
//	reason.json    the reports of the Hoare pass (Reason)
//	bugs/          the confirmed bugs and their SARIF (Confirm)
//	snapshot.json  what Update compares a change against (Review, Update)
//	cache/         the language model's replies (the command line's default)
type State string

// Dir is the state directory itself.
func (s State) Dir() string {
	if s == "" {
		return ".surety"
	}
	return string(s)
}

// Contracts is the directory of the contract records.
func (s State) Contracts() string { return filepath.Join(s.Dir(), "contracts") }

// Reason is the file of the Hoare pass's reports.
func (s State) Reason() string { return filepath.Join(s.Dir(), "reason.json") }

// Bugs is the directory of the confirmed bugs.
func (s State) Bugs() string { return filepath.Join(s.Dir(), "bugs") }

// Snapshot is the file Update compares a change against.
func (s State) Snapshot() string { return filepath.Join(s.Dir(), "snapshot.json") }

// Cache is the directory of the language model's replies.
func (s State) Cache() string { return filepath.Join(s.Dir(), "cache") }
