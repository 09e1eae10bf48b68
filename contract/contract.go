package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/llm"
)

// A Condition is one clause of a contract or an expectation.
type Condition struct {
	// Text states the clause in natural language.
	Text string `json:"text"`
	// Formal, when not empty, is the clause as an SMT-LIB 2 term over the
	// function's parameters and "result".
	Formal string `json:"formal,omitempty"`
}

// A Contract is what a function requires of its callers and ensures to them.
type Contract struct {
	Requires []Condition `json:"requires"`
	Ensures  []Condition `json:"ensures"`
}

// Formal reports whether every clause of c has a formal form.
func (c Contract) Formal() bool { return allFormal(c.Requires) && allFormal(c.Ensures) }

func allFormal(cs []Condition) bool {
	for _, c := range cs {
		if c.Formal == "" {
			return false
		}
	}
	return true
}

// An Expectation is FM-Agent's Definition 1: at the call on Line, Caller
// expects {Pre} Callee {Post}.
type Expectation struct {
	Caller string      `json:"caller"` // function ID
	Callee string      `json:"callee"` // function ID
	Line   int         `json:"line"`
	Pre    []Condition `json:"pre"`
	Post   []Condition `json:"post"`
}

// How a record's contract was obtained.
const (
	FromEntry  = "entry"       // an entry: domain knowledge and body only
	FromExact  = "exact-merge" // callers' formal expectations merged by ExactMerge
	FromModel  = "model-merge" // callers' expectations merged by the model
	FromCycle  = "cycle"       // inside a recursive component: callers' bodies stood in
	FromOrphan = "no-callers"  // not an entry, but no caller left an expectation
)

// A Record is everything known about one function's contract: what
// Generate writes for it, one file per function.
type Record struct {
	Function string        `json:"function"` // frontend.Function.ID
	Name     string        `json:"name"`     // qualified name
	Span     frontend.Span `json:"span"`
	// BodyHash is the hash of the function's source text; a resumed run
	// redoes the function when it changed.
	BodyHash string   `json:"body_hash"`
	Contract Contract `json:"contract"`
	// Expectations are the expected specifications this function holds of
	// its callees, one per call site it reasoned about.
	Expectations []Expectation `json:"expectations,omitempty"`
	// Source says how Contract was obtained (FromEntry, FromExact...).
	Source string `json:"source"`
	// Callers lists the callers whose expectations went into the contract.
	Callers []string `json:"callers,omitempty"`
	// Expected hashes those expectations: a resumed run or an update redoes
	// the function when what its callers expect of it changed.
	Expected string `json:"expected"`
	// Conflicts lists contradictions between callers' expectations that the
	// merge found; they are reported, never resolved silently.
	Conflicts []string `json:"conflicts,omitempty"`
	// Model and Prompt say who wrote the contract: the language model's
	// name and the prompt template's version. A contract is a claim of that
	// model, not a proved fact.
	Model  string    `json:"model,omitempty"`
	Prompt string    `json:"prompt"`
	Usage  llm.Usage `json:"usage"`
}

// BodyHash hashes a function's source text, ignoring differences in
// whitespace, so that reformatting does not count as a change.
func BodyHash(src string) string {
	h := sha256.Sum256([]byte(strings.Join(strings.Fields(src), " ")))
	return hex.EncodeToString(h[:12])
}
