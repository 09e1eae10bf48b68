package bmc

import "fmt"

// A Verdict is an assertion's verification status after VerifyAll
// (Definition 6). The zero value is VerdictUnknown.
type Verdict int

const (
	// VerdictUnknown: neither check reached a verdict (UNKNOWN), or the
	// standalone check was inconclusive and the compositional one gave no
	// counterexample.
	VerdictUnknown Verdict = iota
	// VerdictVerified: a k-bounded invariant of P (IG[i] = {}).
	VerdictVerified
	// VerdictCVerified: a k-bounded invariant of Asm(P, S), S = every
	// earlier assertion in the sequence; by Theorem 2 also of
	// Asm(P, Deps(a_i)).
	VerdictCVerified
	// VerdictFalsified: a k-bounded counterexample exists even under S.
	VerdictFalsified
)

var verdictNames = [...]string{"UNKNOWN", "VERIFIED", "C-VERIFIED", "FALSIFIED"}

func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText makes Verdict a string in JSON.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (v *Verdict) UnmarshalText(b []byte) error {
	for i, n := range verdictNames {
		if n == string(b) {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("bmc: unknown verdict %q", b)
}

// Fact reports whether the verdict is a fact (VERIFIED or C-VERIFIED),
// that is whether the assertion is in index(IG).
func (v Verdict) Fact() bool { return v == VerdictVerified || v == VerdictCVerified }
